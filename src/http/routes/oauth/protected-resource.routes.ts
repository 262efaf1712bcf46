/**
 * OAuth 2.0 Protected Resource Metadata (RFC 9728): how a client that met our 401 (an MCP client at
 * `/mcp`, or any REST client) learns which authorisation server issues our tokens, which scopes exist
 * and how a token is presented. The API, REST and MCP alike, is one protected resource.
 */
import type { AppConfig } from '../../../config';
import { ALL_SCOPES } from '../../../modules/identity/scopes';
import { z } from '../../../schemas/zod';
import { defineRoute } from '../../route';

export const PROTECTED_RESOURCE_PATH = '/.well-known/oauth-protected-resource';

const ProtectedResourceSchema = z
  .object({
    resource: z.string(),
    authorization_servers: z.array(z.string()),
    scopes_supported: z.array(z.string()),
    bearer_methods_supported: z.array(z.string()),
    resource_name: z.string(),
    token_endpoint: z.string().openapi({ description: 'Extension: our client-credentials token endpoint (the authorisation server publishes no RFC 8414 metadata)' }),
  })
  .openapi('ProtectedResourceMetadata');

export function protectedResourceRoutes(config: AppConfig) {
  const base = config.http.publicBaseUrl;
  const issuer = /^https?:\/\//.test(config.auth.issuer) ? config.auth.issuer : base;
  const document = {
    resource: base,
    authorization_servers: [issuer],
    scopes_supported: ALL_SCOPES,
    bearer_methods_supported: ['header'],
    resource_name: 'Compliance Intelligence API (REST and MCP)',
    token_endpoint: `${base}/v1/oauth/token`,
  };
  return [
    defineRoute({
      method: 'get',
      path: PROTECTED_RESOURCE_PATH,
      summary: 'Protected resource metadata (RFC 9728): the authorisation server, scopes and bearer methods',
      tags: ['Authentication'],
      access: { kind: 'public', rateLimit: 'default' },
      responses: { 200: { description: 'The metadata document', schema: ProtectedResourceSchema } },
      handler: (ctx) => {
        ctx.set('Cache-Control', 'public, max-age=3600');
        ctx.body = document;
      },
    }),
  ];
}
