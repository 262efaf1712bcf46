/** Per-minute limits of the token endpoint and the public, eligibility and Q&A routes. */
import { z } from 'zod';
import { optionalString } from '../../schemas/environment-values';
import { availableParallelism } from 'node:os';

/** The variables this slice reads (documented with their defaults in .env.example). */
export const rateLimitsEnvironment = z.object({
  RATE_LIMIT_TOKEN_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  RATE_LIMIT_TOKEN_PER_IP_PER_MINUTE: z.coerce.number().int().min(1).default(60),
  RATE_LIMIT_TOKEN_FAILURES_PER_IP_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  RATE_LIMIT_TOKEN_FAILURES_PER_CLIENT_IP_PER_MINUTE: z.coerce.number().int().min(1).default(5),
  TOKEN_SECRET_HASHING_CONCURRENCY: optionalString.transform((v) => (v === undefined ? undefined : Number(v))).pipe(z.number().int().min(1).max(256).optional()),
  RATE_LIMIT_ELIGIBILITY_PER_MINUTE: z.coerce.number().int().min(1).default(60),
  RATE_LIMIT_ASK_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  RATE_LIMIT_PUBLIC_PER_MINUTE: z.coerce.number().int().min(1).default(120),
});

/**
 * `tokenPerMinute` counts tokens issued per client (only a caller holding the secret can use it up);
 * `tokenPerIpPerMinute` every token request per IP; `tokenFailuresPerClientIpPerMinute` failed ones for
 * one client from one IP, and `tokenFailuresPerIpPerMinute` the looser ceiling of failed ones per IP
 * (IPv6 addresses count by /64); `tokenSecretHashingConcurrency` how many client secrets one process
 * hashes at once (default: its cores).
 */
export function rateLimitSettings(e: z.output<typeof rateLimitsEnvironment>) {
  return {
    tokenPerMinute: e.RATE_LIMIT_TOKEN_PER_MINUTE,
    tokenPerIpPerMinute: e.RATE_LIMIT_TOKEN_PER_IP_PER_MINUTE,
    tokenFailuresPerIpPerMinute: e.RATE_LIMIT_TOKEN_FAILURES_PER_IP_PER_MINUTE,
    tokenFailuresPerClientIpPerMinute: e.RATE_LIMIT_TOKEN_FAILURES_PER_CLIENT_IP_PER_MINUTE,
    tokenSecretHashingConcurrency: e.TOKEN_SECRET_HASHING_CONCURRENCY ?? availableParallelism(),
    eligibilityPerMinute: e.RATE_LIMIT_ELIGIBILITY_PER_MINUTE,
    askPerMinute: e.RATE_LIMIT_ASK_PER_MINUTE,
    publicPerMinute: e.RATE_LIMIT_PUBLIC_PER_MINUTE,
  };
}
