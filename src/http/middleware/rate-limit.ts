/** Applying a rate decision to a response: the spec's headers always, and 429 with Retry-After when over. */
import type { Middleware } from 'koa';
import { AppError } from '../../errors';
import type { MinuteWindowLimiter, RateDecision } from '../../modules/rate-limits/minute-window-limiter';
import type { AppContext, RequestState } from '../context';

export class RateLimitedError extends AppError {
  constructor(decision: RateDecision, who: string) {
    super(
      429,
      'rate_limited',
      `Rate limit exceeded: ${decision.limit} requests per minute ${who}; retry in ${decision.retryAfter} s`,
      { 'Retry-After': String(decision.retryAfter) },
    );
    this.name = 'RateLimitedError';
  }
}

/** Sets X-RateLimit-Limit/Remaining/Reset and throws 429 when the decision refuses the request. */
export function applyRateDecision(ctx: AppContext, decision: RateDecision, who: string): void {
  ctx.set('X-RateLimit-Limit', String(decision.limit));
  ctx.set('X-RateLimit-Remaining', String(Math.max(0, decision.remaining)));
  ctx.set('X-RateLimit-Reset', String(decision.resetAt));
  if (!decision.allowed) throw new RateLimitedError(decision, who);
}

/** Per-IP limit for a public route (client IP from the socket, or X-Forwarded-For when TRUST_PROXY is on). */
export function perIpRateLimit(limiter: MinuteWindowLimiter, bucket: string, limit: number): Middleware<RequestState> {
  return async (ctx, next) => {
    const decision = await limiter.consume(bucket, ctx.ip, limit);
    applyRateDecision(ctx as AppContext, decision, 'from this IP address');
    await next();
  };
}
