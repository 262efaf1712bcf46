/** The guards each access class gets: per-IP limits for public routes, bearer authentication for the rest. */
import type { AppConfig } from '../config';
import type { AccessTokens } from '../modules/identity/access-tokens';
import type { CallerCache } from '../modules/identity/caller-cache';
import type { MinuteWindowLimiter } from '../modules/rate-limits/minute-window-limiter';
import { bearerAuthentication } from './middleware/authenticate';
import { perIpRateLimit } from './middleware/rate-limit';
import type { AccessGuards, PublicRateLimit } from './route';

export function createAccessGuards(deps: { config: AppConfig; tokens: AccessTokens; callers: CallerCache; limiter: MinuteWindowLimiter }): AccessGuards {
  const perMinute: Record<Exclude<PublicRateLimit, 'none'>, number> = {
    default: deps.config.rateLimits.publicPerMinute,
    eligibility: deps.config.rateLimits.eligibilityPerMinute,
    ask: deps.config.rateLimits.askPerMinute,
    newsletter: deps.config.newsletter.perMinute,
    acp: deps.config.acp.perIpPerMinute,
  };
  return (access) => {
    if (access.kind === 'bearer') return [bearerAuthentication({ tokens: deps.tokens, callers: deps.callers, limiter: deps.limiter }, access.scope)];
    if (access.rateLimit === 'none') return [];
    return [perIpRateLimit(deps.limiter, `ip:${access.rateLimit}`, perMinute[access.rateLimit])];
  };
}
