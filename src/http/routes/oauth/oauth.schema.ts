/** Endpoint 1: the token request (form-encoded) and response, and the OAuth error body. */
import { z } from '../../../schemas/zod';

/** Every field is optional here so that a missing one is answered in OAuth's terms (400 invalid_request), not as a 422. */
export const TokenRequestSchema = z
  .object({
    grant_type: z.string().optional().openapi({ example: 'client_credentials', description: 'Must be `client_credentials`.' }),
    client_id: z.string().optional().openapi({ format: 'uuid', description: 'Or use HTTP Basic authentication (RFC 6749 2.3.1).' }),
    client_secret: z.string().optional(),
    scope: z.string().optional().openapi({ description: 'Space-separated; may narrow, never broaden, the registered scopes.', example: 'scans:read scans:write' }),
  })
  .openapi('TokenRequest');

export const TokenResponseSchema = z
  .object({
    access_token: z.string(),
    token_type: z.literal('Bearer'),
    expires_in: z.number().int().openapi({ example: 3600 }),
    scope: z.string().openapi({ example: 'scans:read scans:write' }),
  })
  .openapi('TokenResponse');

export const OAuthErrorSchema = z
  .object({
    detail: z.string().openapi({ example: 'Invalid client credentials' }),
    error: z.enum(['invalid_request', 'invalid_client', 'unsupported_grant_type', 'invalid_scope']),
  })
  .openapi('OAuthError');

export const JwksSchema = z.object({ keys: z.array(z.record(z.string(), z.unknown())) }).openapi('JSONWebKeySet');
