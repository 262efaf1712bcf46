/**
 * The shared count of one key's requests in one UTC minute, in Redis: a process takes points from it
 * (several at once when plenty are left, see `leaseSize`), never more than the limit leaves, in one
 * atomic script. Counting in Redis keeps the limit exact across processes; taking points in leases
 * keeps a busy client from costing a Redis round trip on every request.
 */
import type { Redis } from 'ioredis';

/**
 * KEYS[1]: the key's counter for one window. ARGV: points asked, the limit, the counter's lifetime in
 * seconds. Grants what the limit still leaves of the points asked (possibly none) and answers the
 * points granted and the window's count after them.
 */
const TAKE_POINTS = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
local grant = math.min(tonumber(ARGV[1]), math.max(0, tonumber(ARGV[2]) - count))
if grant > 0 then
  count = redis.call('INCRBY', KEYS[1], grant)
  if count == grant then redis.call('EXPIRE', KEYS[1], ARGV[3]) end
end
return {grant, count}
`;

/** A counter outlives its minute, so a process whose clock is a little behind still finds it. */
const COUNTER_LIFETIME_SECONDS = 120;

/** At most this many points are held by one process for one key, so the others are refused early by no more than it. */
const MAX_LEASE = 64;

/**
 * A lease is at most this fraction of what the limit still leaves, so leases shrink to one point as the
 * limit nears, and limits under 128 a minute (per IP, per token client, the smaller plans) are counted
 * one point at a time: several processes sharing such a key waste none of it.
 */
const LEASE_SHARE = 1 / 64;

/** A lease used up within this long earns a lease twice its size; a slower one, a single point again. */
const LEASE_DOUBLING_MS = 1_000;

/**
 * How many points to ask for, given the window's count as last seen and the size this process's pace
 * has earned (one, doubling while each lease is used up within {@link LEASE_DOUBLING_MS}): one near the
 * limit (so the last points of a window are counted one by one, exactly), up to {@link MAX_LEASE} for a
 * busy key with plenty left. A process sending a request now and then takes one point at a time, so
 * the points a process holds unused stay below what it uses in about a second.
 */
export function leaseSize(limit: number, countSeen: number, earned: number): number {
  const share = Math.floor(Math.max(0, limit - countSeen) * LEASE_SHARE);
  return Math.max(1, Math.min(MAX_LEASE, share, earned));
}

/** The lease size the next lease earns, from the last one's size and how long it lasted. */
export function nextEarned(earned: number, lastLeaseLastedMs: number): number {
  return lastLeaseLastedMs < LEASE_DOUBLING_MS ? Math.min(MAX_LEASE, earned * 2) : 1;
}

export interface TakenPoints {
  granted: number;
  /** The window's count after the grant, every process's points included. */
  count: number;
}

type WithTakePoints = Redis & { takeRatePoints(key: string, asked: number, limit: number, lifetime: number): Promise<[number, number]> };

/** The Redis side: the script, registered once per client (ioredis sends it by its SHA after the first call). */
export class WindowPoints {
  private readonly redis: WithTakePoints;

  constructor(redis: Redis) {
    if (!('takeRatePoints' in redis)) redis.defineCommand('takeRatePoints', { numberOfKeys: 1, lua: TAKE_POINTS });
    this.redis = redis as WithTakePoints;
  }

  /** Takes up to `asked` points of `key`'s window under `limit`. Rejects when Redis cannot be asked. */
  async take(key: string, asked: number, limit: number): Promise<TakenPoints> {
    if (this.redis.status !== 'ready') throw new Error(`Redis is ${this.redis.status}`);
    const [granted, count] = await this.redis.takeRatePoints(key, asked, limit, COUNTER_LIFETIME_SECONDS);
    return { granted, count };
  }

  /** The window's count of `key`, every process's points included (0 when nothing was counted). */
  async count(key: string): Promise<number> {
    if (this.redis.status !== 'ready') throw new Error(`Redis is ${this.redis.status}`);
    return Number((await this.redis.get(key)) ?? 0);
  }
}
