/**
 * Bearer authentication for protected routes, in the order a caller's mistakes should be reported:
 * no or bad token (401), revoked or expired registration (401), over the plan's limit (429), missing
 * scope (403). Every response of a protected route to an identified caller, errors included, carries
 * X-Api-Key-Expires; when the caller cannot be identified (no token, or a forged one) it is left out, as
 * the spec allows only a date or `never`.
 */
import type { Middleware } from 'koa';
import { AppError } from '../../errors';
import { TokenVerificationError, type AccessTokens } from '../../modules/identity/access-tokens';
import type { Caller } from '../../modules/identity/caller';
import type { CallerCache } from '../../modules/identity/caller-cache';
import type { MinuteWindowLimiter } from '../../modules/rate-limits/minute-window-limiter';
import type { AppContext, RequestState } from '../context';
import { applyRateDecision } from './rate-limit';

const REALM = 'compliance-intelligence';
const BEARER = /^Bearer ([A-Za-z0-9\-._~+/]+=*)$/i;

function unauthorized(detail: string, error?: 'invalid_token' | 'invalid_request'): AppError {
  const challenge = error ? `Bearer realm="${REALM}", error="${error}", error_description="${detail}"` : `Bearer realm="${REALM}"`;
  return new AppError(401, 'unauthorized', detail, { 'WWW-Authenticate': challenge });
}

const expiryHeader = (caller: Caller) => (caller.expiresAt ? caller.expiresAt.toISOString() : 'never');

export interface AuthenticationDeps {
  tokens: AccessTokens;
  callers: CallerCache;
  limiter: MinuteWindowLimiter;
}

export function bearerAuthentication(deps: AuthenticationDeps, scope: string | undefined): Middleware<RequestState> {
  return async (ctx, next) => {
    const match = BEARER.exec(ctx.get('Authorization'));
    if (!match?.[1]) throw unauthorized(ctx.get('Authorization') ? 'Malformed Authorization header: expected "Bearer <token>"' : 'Missing bearer token');

    let claims;
    try {
      claims = await deps.tokens.verify(match[1]);
    } catch (err) {
      if (!(err instanceof TokenVerificationError)) throw err;
      if (err.reason === 'expired' && err.clientId) {
        const lookup = await deps.callers.lookup(ctx.state.db, err.clientId);
        if (lookup.state !== 'unknown') ctx.set('X-Api-Key-Expires', expiryHeader(lookup.caller));
      }
      throw unauthorized(err.reason === 'expired' ? 'Access token expired' : 'Invalid access token', 'invalid_token');
    }

    const lookup = await deps.callers.lookup(ctx.state.db, claims.clientId);
    if (lookup.state === 'unknown' || lookup.caller.accountId !== claims.accountId) throw unauthorized('Invalid access token', 'invalid_token');
    ctx.set('X-Api-Key-Expires', expiryHeader(lookup.caller));
    if (lookup.state === 'revoked') throw unauthorized('Client registration revoked', 'invalid_token');
    if (lookup.state === 'expired') throw unauthorized('Client registration expired', 'invalid_token');

    // The token may carry fewer scopes than registered (narrowed at issue), never more than registered now.
    const registered = new Set(lookup.caller.scopes);
    const caller: Caller = { ...lookup.caller, scopes: claims.scopes.filter((s) => registered.has(s)) };
    ctx.state.auth = caller;

    const decision = await deps.limiter.consume('client', caller.clientId, caller.requestsPerMinute);
    applyRateDecision(ctx as AppContext, decision, `for this client (${caller.plan} plan)`);

    if (scope && !caller.scopes.includes(scope)) throw insufficientScope(scope);
    await next();
  };
}

/** The 403 of a caller whose token lacks the scope an operation needs (a route, or the MCP tool that runs it). */
export function insufficientScope(scope: string): AppError {
  return new AppError(403, 'insufficient_scope', `Missing required scope: ${scope}`, {
    'WWW-Authenticate': `Bearer realm="${REALM}", error="insufficient_scope", scope="${scope}"`,
  });
}

/** The caller of a bearer route; routes call this instead of reading state, so a missing guard fails loudly. */
export function callerOf(ctx: AppContext): Caller {
  if (!ctx.state.auth) throw new Error('callerOf() used on a route without bearer authentication');
  return ctx.state.auth;
}
