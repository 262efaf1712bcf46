/**
 * The one zod instance of the project, extended with `.openapi()` so that every schema that validates
 * a request or shapes a response is also the source of the OpenAPI document. Import `z` from here,
 * never from 'zod' directly, in any schema that appears in the API.
 */
import { extendZodWithOpenApi } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';

extendZodWithOpenApi(z);

export { z };
