/**
 * The Redis server's memory bound and eviction policy, set by `npm start` (docs/operations.md). Every
 * cache entry the service writes carries a TTL, and so do the rate-limit windows; with `volatile-lru`
 * a full Redis evicts the least recently used of those (old cached Trust Scores before live counters)
 * instead of refusing writes or growing without bound. A managed Redis that refuses CONFIG SET keeps
 * its own settings: that is reported, never fatal, because Redis is not the system of record.
 */
import { Redis } from 'ioredis';
import type { AppConfig } from './config';

export async function applyRedisMemoryBound(config: AppConfig['redis']): Promise<string> {
  const redis = new Redis(config.url, { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 1, connectTimeout: 2_000, retryStrategy: () => null });
  redis.on('error', () => {}); // the failure is reported below, once
  try {
    await redis.connect();
    await redis.config('SET', 'maxmemory', config.maxmemory);
    await redis.config('SET', 'maxmemory-policy', config.maxmemoryPolicy);
    const [, bytes] = (await redis.config('GET', 'maxmemory')) as string[];
    return `maxmemory ${config.maxmemory} (${bytes} bytes), policy ${config.maxmemoryPolicy}`;
  } catch (err) {
    return `memory bound not set (${err instanceof Error ? err.message : String(err)}): set maxmemory ${config.maxmemory} and maxmemory-policy ${config.maxmemoryPolicy} on the server`;
  } finally {
    redis.disconnect();
  }
}
