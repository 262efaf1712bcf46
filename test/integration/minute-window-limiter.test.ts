import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MinuteWindowLimiter } from '../../src/modules/rate-limits/minute-window-limiter';
import { settleRedis } from '../../src/redis';
import { testRun } from '../helpers/test-run';

/** Counts the limiter's calls to Redis (the lease script) on one client. */
function countTakes(client: Redis) {
  const target = client as unknown as { takeRatePoints: (...args: unknown[]) => Promise<unknown> };
  const original = target.takeRatePoints;
  const calls = {
    count: 0,
    restore: () => {
      target.takeRatePoints = original;
    },
  };
  target.takeRatePoints = (...args: unknown[]) => {
    calls.count += 1;
    return original.apply(client, args);
  };
  return calls;
}

describe('MinuteWindowLimiter on the real Redis', () => {
  const redis = new Redis(testRun().redisUrl, { enableOfflineQueue: true });
  const limiter = new MinuteWindowLimiter(redis, testRun().redisKeyPrefix, pino({ level: 'silent' }));
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

  it('hands a busy key its points from leases: a limit of 5,000 allows exactly 5,000, counting down by one, asking Redis for a fraction of them', async () => {
    const key = randomUUID();
    const calls = countTakes(redis);
    const now = Date.now();
    const remaining: number[] = [];
    for (let i = 0; i < 5000; i += 1) {
      const decision = await limiter.consume('t', key, 5000, now);
      expect(decision.allowed).toBe(true);
      remaining.push(decision.remaining);
    }
    expect(remaining).toEqual(Array.from({ length: 5000 }, (_, i) => 4999 - i));
    expect(await limiter.consume('t', key, 5000, now)).toMatchObject({ allowed: false, remaining: 0 });
    // Leases shrink towards the limit (the last 64 points are taken one at a time), yet most requests ask nothing.
    expect(calls.count).toBeGreaterThan(64);
    expect(calls.count).toBeLessThan(500);
    calls.restore();
  });

  it('allows exactly the limit to requests arriving together, however many wait for one lease', async () => {
    const key = randomUUID();
    const now = Date.now();
    const decisions = await Promise.all(Array.from({ length: 120 }, () => limiter.consume('t', key, 50, now)));
    expect(decisions.filter((d) => d.allowed)).toHaveLength(50);
    expect(decisions.filter((d) => d.allowed).map((d) => d.remaining).sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i));
  });

  it('never lets two processes sharing a key past the limit together, and refuses early by no more than a lease', async () => {
    const second = new Redis(testRun().redisUrl, { enableOfflineQueue: true });
    await settleRedis(second);
    const other = new MinuteWindowLimiter(second, testRun().redisKeyPrefix, pino({ level: 'silent' }));
    try {
      const key = randomUUID();
      const now = Date.now();
      const lane = async (who: MinuteWindowLimiter) => {
        let allowed = 0;
        for (let i = 0; i < 700; i += 1) if ((await who.consume('t', key, 1000, now)).allowed) allowed += 1;
        return allowed;
      };
      const [a, b] = await Promise.all([lane(limiter), lane(other)]);
      expect(a + b).toBeLessThanOrEqual(1000);
      expect(a + b).toBeGreaterThanOrEqual(1000 - 64);
      expect(Math.min(a, b)).toBeGreaterThan(250); // both lanes were served, not one then the other
    } finally {
      second.disconnect();
    }
  });

  it('takes one point at a time for a process that sends a request now and then, so many such processes hold none unused', async () => {
    const key = randomUUID();
    const processes = Array.from({ length: 40 }, () => new MinuteWindowLimiter(redis, testRun().redisKeyPrefix, pino({ level: 'silent' })));
    const decisions = [];
    for (const each of processes) decisions.push(await each.consume('t', key, 10_000));
    expect(decisions.every((d) => d.allowed)).toBe(true);
    expect(Number(await redis.get(`${testRun().redisKeyPrefix}rl:t:${key}:${Math.floor(Date.now() / 60_000)}`))).toBe(40);
  });

  it('grows a busy process\'s leases only while each is used up within a second, and starts again at one after a pause', async () => {
    const key = randomUUID();
    const calls = countTakes(redis);
    const start = Math.floor(Date.now() / 60_000) * 60_000; // a whole window ahead of the requests below
    for (let i = 0; i < 63; i += 1) await limiter.consume('t', key, 10_000, start + i); // leases of 1, 2, 4, 8, 16, 32
    expect(calls.count).toBe(6);
    const counted = async () => Number(await redis.get(`${testRun().redisKeyPrefix}rl:t:${key}:${start / 60_000}`));
    expect(await counted()).toBe(63);
    await limiter.consume('t', key, 10_000, start + 5_000); // the lease of 32 lasted five seconds...
    expect(calls.count).toBe(7);
    expect(await counted()).toBe(64); // ...so this lease is a single point
    await limiter.consume('t', key, 10_000, start + 5_001);
    expect(await counted()).toBe(66); // and the next, used up at once, two
    calls.restore();
  });

  it('counts by the clock it is given: a held minute never runs out mid-count, and the next one starts afresh', async () => {
    const key = randomUUID();
    let now = Date.UTC(2026, 10, 28, 21, 0, 30); // held halfway through a minute, whatever the system clock says
    const held = new MinuteWindowLimiter(redis, testRun().redisKeyPrefix, pino({ level: 'silent' }), () => now);
    const decisions = [];
    for (let i = 0; i < 4; i += 1) decisions.push(await held.consume('clock', key, 3));
    expect(decisions.map((d) => d.allowed)).toEqual([true, true, true, false]);
    expect(decisions[3]).toMatchObject({ resetAt: now / 1000 + 30, retryAfter: 30 });
    expect(Number(await redis.get(`${testRun().redisKeyPrefix}rl:clock:${key}:${Math.floor(now / 60_000)}`))).toBe(3);
    now += 60_000;
    expect(await held.consume('clock', key, 3)).toMatchObject({ allowed: true, remaining: 2 });
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
