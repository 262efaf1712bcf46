/**
 * The OpenAPI 3.1 document, generated from the same route declarations and zod schemas that validate
 * requests. Served at /openapi.json and rendered by the three documentation viewers.
 */
import { OpenAPIRegistry, OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';
import type { AnyRoute } from './route';
import { registerRoutes } from './route';
import { SCOPES } from '../modules/identity/scopes';
import { ErrorBody, ValidationErrorBody } from './schemas/common.schema';

/** The interface description version (spec: Versioning 4). */
export const API_DOCUMENT_VERSION = '0.1.0';

export type OpenApiDocument = ReturnType<OpenApiGeneratorV31['generateDocument']>;

/** Builds the whole document for the given routes. */
export function buildOpenApiDocument(routes: AnyRoute[], serverUrl: string): OpenApiDocument {
  const registry = new OpenAPIRegistry();
  registry.register('Error', ErrorBody);
  registry.register('ValidationError', ValidationErrorBody);
  registry.registerComponent('securitySchemes', 'oauth2', {
    type: 'oauth2',
    description: 'OAuth 2.0 client credentials (RFC 6749 section 4.4). Send the token as `Authorization: Bearer <token>`.',
    flows: { clientCredentials: { tokenUrl: '/v1/oauth/token', scopes: { ...SCOPES } } },
  });
  registerRoutes(registry, routes);
  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'Compliance Intelligence API',
      version: API_DOCUMENT_VERSION,
      description:
        'Australian compliance intelligence: sanctions and PEP screening with AML risk assessment, batch screening with signed webhooks, compliance cases, ongoing monitoring and AUSTRAC Tranche 2 eligibility. Outputs are produced by automated systems and are not legal advice.',
    },
    servers: [{ url: serverUrl }],
  });
}
