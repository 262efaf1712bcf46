/**
 * Request limits per UTC minute, counted in Redis through rate-limiter-flexible (atomic increments with
 * expiry). Each window is its own key, so every limit resets at the start of a UTC minute, as the spec
 * states and `X-RateLimit-Reset` reports. Redis is not the system of record: when it is unreachable the
 * request passes (fail-open) and a warning is logged at most once a minute.
 */
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { Redis } from 'ioredis';
import type { Logger } from '../../logger';

export interface RateDecision {
  allowed: boolean;
  limit: number;
  /** Never negative. */
  remaining: number;
  /** Unix seconds (UTC) when the current window ends. */
  resetAt: number;
  /** Seconds until the window resets (at least 1). */
  retryAfter: number;
  /** True when Redis could not be asked and the request passed unchecked. */
  failedOpen: boolean;
}

const WINDOW_SECONDS = 60;
export const FAIL_OPEN_WARNING_INTERVAL_MS = 60_000;

export class MinuteWindowLimiter {
  private readonly limiters = new Map<string, RateLimiterRedis>();
  private lastWarning = 0;

  constructor(
    private readonly redis: Redis,
    private readonly keyPrefix: string,
    private readonly logger: Logger,
  ) {}

  private limiterFor(bucket: string, limit: number): RateLimiterRedis {
    const id = `${bucket}:${limit}`;
    let limiter = this.limiters.get(id);
    if (!limiter) {
      limiter = new RateLimiterRedis({
        storeClient: this.redis,
        keyPrefix: `${this.keyPrefix}rl:${bucket}`,
        points: limit,
        duration: WINDOW_SECONDS,
        rejectIfRedisNotReady: true,
      });
      this.limiters.set(id, limiter);
    }
    return limiter;
  }

  /** Counts one request of `key` in `bucket` against `limit` per UTC minute. */
  async consume(bucket: string, key: string, limit: number, nowMs = Date.now()): Promise<RateDecision> {
    const window = Math.floor(nowMs / 1000 / WINDOW_SECONDS);
    const resetAt = (window + 1) * WINDOW_SECONDS;
    const retryAfter = Math.max(1, Math.ceil(resetAt - nowMs / 1000));
    const base = { limit, resetAt, retryAfter };
    try {
      const res = await this.limiterFor(bucket, limit).consume(`${key}:${window}`, 1);
      return { ...base, allowed: true, remaining: Math.max(0, limit - res.consumedPoints), failedOpen: false };
    } catch (outcome) {
      if (outcome instanceof RateLimiterRes) return { ...base, allowed: false, remaining: 0, failedOpen: false };
      this.warnFailOpen(outcome);
      return { ...base, allowed: true, remaining: limit, failedOpen: true };
    }
  }

  /**
   * The decision `consume` would make for `key` in `bucket`, without counting a request: for limits on
   * outcomes (failed attempts), checked before the work and counted only once the outcome is known.
   */
  async peek(bucket: string, key: string, limit: number, nowMs = Date.now()): Promise<RateDecision> {
    const window = Math.floor(nowMs / 1000 / WINDOW_SECONDS);
    const resetAt = (window + 1) * WINDOW_SECONDS;
    const base = { limit, resetAt, retryAfter: Math.max(1, Math.ceil(resetAt - nowMs / 1000)) };
    try {
      const res = await this.limiterFor(bucket, limit).get(`${key}:${window}`);
      const used = res?.consumedPoints ?? 0;
      return { ...base, allowed: used < limit, remaining: Math.max(0, limit - used), failedOpen: false };
    } catch (err) {
      this.warnFailOpen(err);
      return { ...base, allowed: true, remaining: limit, failedOpen: true };
    }
  }

  private warnFailOpen(err: unknown): void {
    const now = Date.now();
    if (now - this.lastWarning < FAIL_OPEN_WARNING_INTERVAL_MS) return;
    this.lastWarning = now;
    this.logger.warn({ err: err instanceof Error ? err.message : String(err) }, 'rate-limit store unreachable: requests pass unchecked (fail-open)');
  }
}
