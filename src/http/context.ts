/** The Koa state every request carries, typed once so routes never cast. */
import type { EntityManager } from '@mikro-orm/postgresql';
import type { ParameterizedContext } from 'koa';
import type { Logger } from '../logger';
import type { Caller } from '../modules/identity/caller';

export interface RequestState {
  requestId: string;
  log: Logger;
  /** A fork of the entity manager for this request only. */
  em: EntityManager;
  /** The authenticated caller, on bearer routes once the token and registration check out. */
  auth?: Caller;
}

export type AppContext = ParameterizedContext<RequestState>;
