/** Redis: rate-limit counters and short caches. */
import { z } from 'zod';

/** The variables this slice reads (documented with their defaults in .env.example). */
export const redisEnvironment = z.object({
  REDIS_URL: z.string().regex(/^rediss?:\/\//, 'must be a redis:// URL').default('redis://127.0.0.1:6379'),
  REDIS_KEY_PREFIX: z.string().default('ci:'),
  /** Set on the Redis server by `npm start` (docs/operations.md): its memory bound, and what it evicts at the bound. */
  REDIS_MAXMEMORY: z.string().regex(/^\d+(?:[kmg]b?)?$/i, 'a Redis memory size such as 256mb').default('256mb'),
  REDIS_MAXMEMORY_POLICY: z.enum(['volatile-lru', 'allkeys-lru', 'volatile-ttl', 'volatile-lfu', 'allkeys-lfu', 'noeviction']).default('volatile-lru'),
});

/** `maxmemory` and `maxmemoryPolicy` are applied to the server by `npm start` (src/redis-memory.ts). */
export function redisSettings(e: z.output<typeof redisEnvironment>) {
  return { url: e.REDIS_URL, keyPrefix: e.REDIS_KEY_PREFIX, maxmemory: e.REDIS_MAXMEMORY, maxmemoryPolicy: e.REDIS_MAXMEMORY_POLICY };
}
