/**
 * Request limits per UTC minute, counted in Redis. Each window is its own counter, so every limit resets
 * at the start of a UTC minute, as the spec states and `X-RateLimit-Reset` reports. A process takes a
 * busy key's points from Redis several at a time (`window-points.ts`: as many as its pace has earned,
 * up to 64) and hands them out itself, so a client sending hundreds of requests a second costs a Redis
 * round trip every few dozen requests, not every one, while a key used now and then takes one point at
 * a time; as the limit nears, points are taken one at a time too, so the limit is exact for one process
 * and, across several, refuses early by at most the few points another holds. Redis is not the system
 * of record: when it is unreachable the request passes (fail-open) and a warning is logged at most once
 * a minute.
 */
import type { Redis } from 'ioredis';
import type { Logger } from '../../logger';
import { leaseSize, nextEarned, WindowPoints } from './window-points';
import { systemClock, type WindowClock } from './window-clock';

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

/** The UTC minute `nowMs` falls in, and what every decision in it reports: when it resets and how long until then. */
function windowAt(nowMs: number, limit: number): { window: number; base: Pick<RateDecision, 'limit' | 'resetAt' | 'retryAfter'> } {
  const window = Math.floor(nowMs / 1000 / WINDOW_SECONDS);
  const resetAt = (window + 1) * WINDOW_SECONDS;
  return { window, base: { limit, resetAt, retryAfter: Math.max(1, Math.ceil(resetAt - nowMs / 1000)) } };
}

/** What this process holds of one key's count in one window. */
interface HeldPoints {
  window: number;
  /** Points taken from Redis and not yet handed out. */
  unused: number;
  /** The window's count in Redis as last seen (this process's unused points included). */
  count: number;
  /** The limit Redis's count had reached when last seen; a request under a limit no higher is refused without asking. */
  reachedLimit: number;
  /** The lease size this process's pace has earned for the key (`leaseSize`). */
  earned: number;
  /** When the last lease was granted (null before the first). */
  leasedAt: number | null;
  /** The lease being asked for, which every request arriving meanwhile waits for. */
  pending: Promise<void> | null;
}

export class MinuteWindowLimiter {
  private readonly points: WindowPoints;
  private readonly held = new Map<string, HeldPoints>();
  /** The latest window seen; keys of earlier windows but the one before are dropped when it moves on. */
  private heldWindow = 0;
  private lastWarning = 0;

  constructor(
    redis: Redis,
    private readonly keyPrefix: string,
    private readonly logger: Logger,
    /** What the windows are counted by; the fallbacks beside this limiter count by the same. */
    readonly clock: WindowClock = systemClock,
  ) {
    this.points = new WindowPoints(redis);
  }

  /** Counts one request of `key` in `bucket` against `limit` per UTC minute. */
  async consume(bucket: string, key: string, limit: number, nowMs = this.clock()): Promise<RateDecision> {
    const { window, base } = windowAt(nowMs, limit);
    const held = this.heldFor(bucket, key, window);
    try {
      for (;;) {
        if (held.unused > 0) {
          held.unused -= 1;
          return { ...base, allowed: true, remaining: Math.max(0, limit - (held.count - held.unused)), failedOpen: false };
        }
        if (limit <= held.reachedLimit) return { ...base, allowed: false, remaining: 0, failedOpen: false };
        await this.leased(held, this.counterKey(bucket, key, window), limit, nowMs);
      }
    } catch (err) {
      this.warnFailOpen(err);
      return { ...base, allowed: true, remaining: limit, failedOpen: true };
    }
  }

  /**
   * The decision `consume` would make for `key` in `bucket`, without counting a request: for limits on
   * outcomes (failed attempts), checked before the work and counted only once the outcome is known.
   */
  async peek(bucket: string, key: string, limit: number, nowMs = this.clock()): Promise<RateDecision> {
    const { window, base } = windowAt(nowMs, limit);
    try {
      const used = (await this.points.count(this.counterKey(bucket, key, window))) - this.heldFor(bucket, key, window).unused;
      return { ...base, allowed: used < limit, remaining: Math.max(0, limit - used), failedOpen: false };
    } catch (err) {
      this.warnFailOpen(err);
      return { ...base, allowed: true, remaining: limit, failedOpen: true };
    }
  }

  private counterKey(bucket: string, key: string, window: number): string {
    return `${this.keyPrefix}rl:${bucket}:${key}:${window}`;
  }

  /** This process's points of the key in this window (none at first); keys of windows before the last are forgotten once a new one starts. */
  private heldFor(bucket: string, key: string, window: number): HeldPoints {
    if (window > this.heldWindow) {
      for (const [id, held] of this.held) if (held.window < window - 1) this.held.delete(id);
      this.heldWindow = window;
    }
    const id = `${bucket}:${key}:${window}`;
    let held = this.held.get(id);
    if (!held) {
      held = { window, unused: 0, count: 0, reachedLimit: 0, earned: 1, leasedAt: null, pending: null };
      this.held.set(id, held);
    }
    return held;
  }

  /** The next points of a key from Redis, asked once however many requests wait for them (they loop to hand them out). */
  private leased(held: HeldPoints, counter: string, limit: number, nowMs: number): Promise<void> {
    if (held.pending) return held.pending;
    if (held.leasedAt !== null) held.earned = nextEarned(held.earned, nowMs - held.leasedAt);
    held.pending = this.points.take(counter, leaseSize(limit, held.count, held.earned), limit).then(
      (taken) => {
        held.pending = null;
        held.leasedAt = nowMs;
        held.unused += taken.granted;
        held.count = taken.count;
        held.reachedLimit = taken.count >= limit ? limit : 0;
      },
      (err: unknown) => {
        held.pending = null;
        throw err;
      },
    );
    return held.pending;
  }

  private warnFailOpen(err: unknown): void {
    const now = Date.now();
    if (now - this.lastWarning < FAIL_OPEN_WARNING_INTERVAL_MS) return;
    this.lastWarning = now;
    this.logger.warn({ err: err instanceof Error ? err.message : String(err) }, 'rate-limit store unreachable: requests pass unchecked (fail-open)');
  }
}
