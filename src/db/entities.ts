/**
 * Every entity schema the ORM knows, in one list: adding a module's entity means adding it here. Most
 * tables are read and written with parameterised SQL (src/db/sql.ts) and have no entity.
 */
import { AccountSchema, ClientRegistrationSchema, SigningKeySchema } from '../modules/identity/identity.entities';

export const entities = [AccountSchema, ClientRegistrationSchema, SigningKeySchema];
