import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyRedisMemoryBound } from '../../src/redis-memory';
import { testConfig } from '../helpers/test-config';

describe("npm start's Redis memory bound", () => {
  const config = testConfig({ REDIS_MAXMEMORY: '300mb', REDIS_MAXMEMORY_POLICY: 'volatile-lru' });
  const redis = new Redis(config.redis.url, { lazyConnect: true });
  let before: { maxmemory: string; policy: string };
  beforeAll(async () => {
    await redis.connect();
    before = { maxmemory: ((await redis.config('GET', 'maxmemory')) as string[])[1]!, policy: ((await redis.config('GET', 'maxmemory-policy')) as string[])[1]! };
  });
  afterAll(async () => {
    // The test Redis is shared: leave it as it was.
    await redis.config('SET', 'maxmemory', before.maxmemory);
    await redis.config('SET', 'maxmemory-policy', before.policy);
    redis.disconnect();
  });

  it('sets maxmemory and the eviction policy from the configuration, and says what it set', async () => {
    expect(await applyRedisMemoryBound(config.redis)).toBe(`maxmemory 300mb (${300 * 1024 * 1024} bytes), policy volatile-lru`);
    expect(((await redis.config('GET', 'maxmemory')) as string[])[1]).toBe(String(300 * 1024 * 1024));
    expect(((await redis.config('GET', 'maxmemory-policy')) as string[])[1]).toBe('volatile-lru');
  });

  it('reports, without failing, a Redis it cannot reach', async () => {
    expect(await applyRedisMemoryBound({ ...config.redis, url: 'redis://127.0.0.1:1' })).toMatch(/^memory bound not set \(.+\): set maxmemory 300mb and maxmemory-policy volatile-lru on the server$/);
  });
});
