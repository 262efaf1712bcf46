import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { MinuteWindowLimiter } from '../../src/modules/rate-limits/minute-window-limiter';
import { settleRedis } from '../../src/redis';

describe('MinuteWindowLimiter on the real Redis', () => {
  const redis = new Redis(inject('redisUrl'), { enableOfflineQueue: true });
  const limiter = new MinuteWindowLimiter(redis, `test:${inject('runId')}:`, pino({ level: 'silent' }));
  beforeAll(() => settleRedis(redis));
  afterAll(() => redis.disconnect());

  it('counts down within a UTC minute and starts afresh at the minute boundary', async () => {
    const key = randomUUID();
    const minuteStart = Math.floor(Date.now() / 60_000) * 60_000;
    const late = minuteStart + 59_500; // half a second before the boundary
    const remaining: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const decision = await limiter.consume('t', key, 3, late);
      expect(decision.allowed).toBe(true);
      expect(decision.resetAt).toBe(minuteStart / 1000 + 60);
      expect(decision.retryAfter).toBe(1);
      remaining.push(decision.remaining);
    }
    expect(remaining).toEqual([2, 1, 0]);
    const refused = await limiter.consume('t', key, 3, late);
    expect(refused).toMatchObject({ allowed: false, remaining: 0, retryAfter: 1 });

    const next = await limiter.consume('t', key, 3, minuteStart + 60_000);
    expect(next).toMatchObject({ allowed: true, remaining: 2, resetAt: minuteStart / 1000 + 120, retryAfter: 60 });
  });

  it('lets requests through when Redis is unreachable, and says so', async () => {
    const dead = new Redis('redis://127.0.0.1:1', { enableOfflineQueue: false, lazyConnect: true, retryStrategy: () => null });
    dead.on('error', () => {});
    const lines: string[] = [];
    const logger = pino({ level: 'warn' }, { write: (line: string) => void lines.push(line) });
    const failOpen = new MinuteWindowLimiter(dead, 'x:', logger);
    const first = await failOpen.consume('t', 'k', 1);
    const second = await failOpen.consume('t', 'k', 1);
    expect(first).toMatchObject({ allowed: true, failedOpen: true });
    expect(second).toMatchObject({ allowed: true, failedOpen: true });
    expect(lines).toHaveLength(1); // warned once, not per request
    expect(lines[0]).toMatch(/fail-open/);
    dead.disconnect();
  });
});
