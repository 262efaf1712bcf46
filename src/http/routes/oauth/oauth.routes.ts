/** Endpoint 1 (POST /v1/oauth/token, client credentials) and the public keys that verify its tokens. */
import type { AppConfig } from '../../../config';
import type { AccessTokens } from '../../../modules/identity/access-tokens';
import { authenticateClient } from '../../../modules/identity/client-registrations';
import type { SigningKeyStore } from '../../../modules/identity/signing-keys';
import { SecretHashingBusyError, type SecretHashingGate } from '../../../modules/identity/secret-hashing-gate';
import type { FailureReservations } from '../../../modules/rate-limits/failure-reservations';
import type { MinuteWindowLimiter } from '../../../modules/rate-limits/minute-window-limiter';
import { RateLimitedError } from '../../middleware/rate-limit';
import type { AppContext } from '../../context';
import { defineRoute } from '../../route';
import { ErrorBody } from '../../schemas/common.schema';
import { oauthError, presentedCredentials } from './client-credentials';
import { JwksSchema, OAuthErrorSchema, TokenRequestSchema, TokenResponseSchema } from './oauth.schema';
import { TokenAttempts } from './token-attempts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface OAuthRouteDeps {
  config: AppConfig;
  tokens: AccessTokens;
  keys: SigningKeyStore;
  limiter: MinuteWindowLimiter;
  /** Failed authentications reserved before hashing, per (client, address) and per address. */
  failures: FailureReservations;
  /** The bound on client secrets hashed at once in this process. */
  secretHashing: SecretHashingGate;
}

export function oauthRoutes(deps: OAuthRouteDeps) {
  const attempts = new TokenAttempts(deps.limiter, deps.failures, deps.config.rateLimits);
  /** The client's check with its secret hashed inside the gate; a full gate is a 429 (retry in a second). */
  const authenticateGated: typeof authenticateClient = async (em, clientId, secret) => {
    try {
      return await authenticateClient(em, clientId, secret, deps.secretHashing);
    } catch (err) {
      if (err instanceof SecretHashingBusyError) {
        throw new RateLimitedError({ allowed: false, limit: deps.secretHashing.concurrency, remaining: 0, resetAt: Math.ceil(Date.now() / 1000) + 1, retryAfter: 1, failedOpen: false }, 'of client secrets checked at once by this server');
      }
      throw err;
    }
  };
  return [
    defineRoute({
      method: 'post',
      path: '/v1/oauth/token',
      summary: 'Obtain an access token (OAuth 2.0 client credentials)',
      description: `Form-encoded. Client authentication by form fields or HTTP Basic. At most ${deps.config.rateLimits.tokenPerMinute} tokens per minute per client, ${deps.config.rateLimits.tokenPerIpPerMinute} requests per minute per IP address (IPv6 by /64), and ${deps.config.rateLimits.tokenFailuresPerClientIpPerMinute} failed authentications per minute for one client from one IP address, ${deps.config.rateLimits.tokenFailuresPerIpPerMinute} from one IP address for all clients.`,
      tags: ['Authentication'],
      access: { kind: 'public', rateLimit: 'none' }, // limited per IP and per client below (TokenAttempts)
      request: { body: TokenRequestSchema, bodyType: 'form' },
      responses: {
        200: { description: 'Access token', schema: TokenResponseSchema },
        400: { description: 'invalid_request, unsupported_grant_type or invalid_scope', schema: OAuthErrorSchema },
        401: { description: 'invalid_client', schema: OAuthErrorSchema },
        429: { description: 'Too many tokens for this client, or too many requests or failed authentications from this IP address', schema: ErrorBody },
      },
      handler: async (ctx, { body }) => {
        await attempts.admit(ctx as AppContext);
        const credentials = presentedCredentials(ctx.get('Authorization'), body);
        if (!body.grant_type) throw oauthError(400, 'invalid_request', 'grant_type is required');
        if (body.grant_type !== 'client_credentials') {
          throw oauthError(400, 'unsupported_grant_type', `Unsupported grant_type "${body.grant_type}": only client_credentials is supported`);
        }
        if (!credentials) throw oauthError(400, 'invalid_request', 'Client credentials are required (form fields or HTTP Basic)');
        const challenge: Record<string, string> = credentials.method === 'basic' ? { 'WWW-Authenticate': 'Basic realm="compliance-intelligence"' } : {};
        const reservation = await attempts.reserve(ctx as AppContext, credentials.clientId);
        let registration;
        try {
          registration = UUID.test(credentials.clientId) ? await authenticateGated(ctx.state.em, credentials.clientId, credentials.clientSecret) : undefined;
        } catch (err) {
          await reservation.release(); // nothing was decided: not a failed authentication
          throw err;
        }
        if (!registration) {
          await attempts.failed(ctx as AppContext, credentials.clientId, ctx.state.log);
          throw oauthError(401, 'invalid_client', 'Invalid client credentials', challenge);
        }
        await reservation.release();
        await attempts.issuing(ctx as AppContext, registration.clientId);

        const requested = body.scope?.split(' ').filter(Boolean);
        const beyond = requested?.filter((s) => !registration.scopes.includes(s)) ?? [];
        if (beyond.length) throw oauthError(400, 'invalid_scope', `Requested scope is not registered for this client: ${beyond.join(' ')}`);
        const scopes = requested?.length ? [...new Set(requested)] : registration.scopes;

        const untilExpiry = registration.expiresAt ? Math.floor((registration.expiresAt.getTime() - Date.now()) / 1000) : Infinity;
        const lifetime = Math.max(1, Math.min(deps.config.auth.tokenTtlSeconds, untilExpiry));
        const token = await deps.tokens.issue({ clientId: registration.clientId, accountId: registration.accountId, scopes }, lifetime);
        ctx.set('Cache-Control', 'no-store');
        ctx.set('Pragma', 'no-cache');
        ctx.body = { access_token: token.accessToken, token_type: 'Bearer', expires_in: token.expiresIn, scope: scopes.join(' ') };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/.well-known/jwks.json',
      summary: 'Public keys that verify access tokens (JWKS)',
      tags: ['Authentication'],
      access: { kind: 'public', rateLimit: 'default' },
      responses: { 200: { description: 'JSON Web Key Set', schema: JwksSchema } },
      handler: async (ctx) => {
        ctx.set('Cache-Control', 'public, max-age=300');
        ctx.body = await deps.keys.jwks();
      },
    }),
  ];
}
