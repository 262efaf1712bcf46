/**
 * Failed client authentications at the token endpoint, reserved before the secret is hashed. A request
 * takes one point of its (client, address) pair and one of its address, in one atomic Redis script,
 * before any scrypt work; a request whose secret verifies gives both back. So concurrent requests can
 * never hash more secrets than the limits leave (a check before and a count after the attempt would let
 * every request in flight through), and the per-pair limit, far below the per-address ceiling, means a
 * stranger guessing at one client is stopped long before the address (which other clients may share,
 * behind a proxy or a NAT) is. When Redis cannot be asked, the same reservations are kept in this
 * process (in-process-windows.ts): the endpoint is never left unlimited.
 */
import type { Redis } from 'ioredis';
import type { Logger } from '../../logger';
import { InProcessWindows } from './in-process-windows';
import type { RateDecision } from './minute-window-limiter';
import { systemClock, type WindowClock } from './window-clock';

const WINDOW_SECONDS = 60;
const COUNTER_LIFETIME_SECONDS = 120;
export const FALLBACK_WARNING_INTERVAL_MS = 60_000;

/** KEYS: pair counter, address counter. ARGV: pair limit, address limit, lifetime. Answers 0 when taken, 1 when the pair is full, 2 when the address is. */
const RESERVE = `
if tonumber(redis.call('GET', KEYS[1]) or '0') >= tonumber(ARGV[1]) then return 1 end
if tonumber(redis.call('GET', KEYS[2]) or '0') >= tonumber(ARGV[2]) then return 2 end
redis.call('INCR', KEYS[1]) redis.call('EXPIRE', KEYS[1], ARGV[3])
redis.call('INCR', KEYS[2]) redis.call('EXPIRE', KEYS[2], ARGV[3])
return 0
`;
/** KEYS: the counters reserved; each goes down by one, never below zero. */
const RELEASE = `
for _, key in ipairs(KEYS) do
  if tonumber(redis.call('GET', key) or '0') > 0 then redis.call('DECR', key) end
end
return 0
`;

type WithScripts = Redis & {
  reserveTokenFailure(pair: string, address: string, pairLimit: number, addressLimit: number, lifetime: number): Promise<number>;
  releaseTokenFailure(pair: string, address: string): Promise<number>;
};

export interface FailureLimits {
  /** Failed authentications per minute for one client from one address. */
  perPair: number;
  /** Failed authentications per minute from one address, whatever the client. */
  perAddress: number;
}

/** A reservation taken: give it back when the secret verified (the attempt did not fail). */
export interface FailureReservation {
  taken: true;
  release(): Promise<void>;
}

export interface FailureRefusal {
  taken: false;
  over: 'pair' | 'address';
  decision: RateDecision;
}

export class FailureReservations {
  private readonly redis: WithScripts;
  private readonly local: InProcessWindows;
  private lastWarning = 0;

  constructor(
    redis: Redis,
    private readonly keyPrefix: string,
    private readonly logger: Logger,
    private readonly limits: FailureLimits,
    private readonly clock: WindowClock = systemClock,
  ) {
    this.local = new InProcessWindows(clock);
    if (!('reserveTokenFailure' in redis)) {
      redis.defineCommand('reserveTokenFailure', { numberOfKeys: 2, lua: RESERVE });
      redis.defineCommand('releaseTokenFailure', { numberOfKeys: 2, lua: RELEASE });
    }
    this.redis = redis as WithScripts;
  }

  /** Reserves a failure for `clientId` from `address` (an address group), or says which limit refuses it. */
  async reserve(clientId: string, address: string, nowMs = this.clock()): Promise<FailureReservation | FailureRefusal> {
    const window = Math.floor(nowMs / 1000 / WINDOW_SECONDS);
    const pairKey = `${this.keyPrefix}rl:token-fail-pair:${clientId.toLowerCase()}|${address}:${window}`;
    const addressKey = `${this.keyPrefix}rl:token-fail-address:${address}:${window}`;
    const { perPair, perAddress } = this.limits;
    let outcome: number;
    let viaRedis = true;
    try {
      if (this.redis.status !== 'ready') throw new Error(`Redis is ${this.redis.status}`);
      outcome = await this.redis.reserveTokenFailure(pairKey, addressKey, perPair, perAddress, COUNTER_LIFETIME_SECONDS);
    } catch (err) {
      this.warnFallback(err);
      viaRedis = false;
      outcome = this.local.takeAll([{ key: pairKey, limit: perPair }, { key: addressKey, limit: perAddress }], nowMs) + 1;
    }
    if (outcome !== 0) {
      const over = outcome === 1 ? 'pair' : 'address';
      const resetAt = (window + 1) * WINDOW_SECONDS;
      const limit = over === 'pair' ? perPair : perAddress;
      return { taken: false, over, decision: { allowed: false, limit, remaining: 0, resetAt, retryAfter: Math.max(1, Math.ceil(resetAt - nowMs / 1000)), failedOpen: false } };
    }
    return {
      taken: true,
      release: async () => {
        if (!viaRedis) return this.local.giveBack([pairKey, addressKey], nowMs);
        await this.redis.releaseTokenFailure(pairKey, addressKey).catch(() => {}); // at worst one success counts as a failure
      },
    };
  }

  private warnFallback(err: unknown): void {
    const now = Date.now();
    if (now - this.lastWarning < FALLBACK_WARNING_INTERVAL_MS) return;
    this.lastWarning = now;
    this.logger.warn({ err: err instanceof Error ? err.message : String(err) }, 'rate-limit store unreachable: token endpoint failure limits are counted in this process');
  }
}
