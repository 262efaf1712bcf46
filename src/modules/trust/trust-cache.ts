/**
 * The Trust Score cache (Redis, 24 hours), built so that it leaks nothing and strangers cannot fill it
 * for each other: the key is a SHA-256 of every input that changes the answer (the ABN, the hint, the
 * directors and their facts, the Tranche 2 and adverse-media flags, the methodology version), so no
 * hint or director name is ever stored in a key; an answer that depends on what a caller told us (a
 * hint or directors) is cached under that caller's address only, so nobody else can learn from a hit
 * that it was asked; an answer is cached only when it fits in {@link MAX_ENTRY_BYTES}, and never when
 * a source could not be reached (a "could not check" must not outlive the outage).
 */
import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Logger } from '../../logger';
import { METHODOLOGY_VERSION } from './methodology-rules';
import type { DirectorInput } from './register-lookup';

export const TRUST_CACHE_SECONDS = 24 * 3_600;
/** Larger answers (many possible matches) are computed each time rather than stored. */
export const MAX_ENTRY_BYTES = 64 * 1_024;

export interface CacheableInputs {
  abn: string;
  entity_name_hint: string | null;
  directors: DirectorInput[];
  tranche_2_profession: boolean;
  include_adverse_media: boolean;
}

/** Whether the answer depends on something the caller told us, and is so cached per caller. */
export const isPersonal = (inputs: CacheableInputs) => inputs.entity_name_hint !== null || inputs.directors.length > 0;

export function trustCacheKey(prefix: string, inputs: CacheableInputs, callerAddress: string | null): string {
  const directors = [...inputs.directors].map((d) => [d.name, d.locality, d.state, d.postcode, d.documentNumber]).sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
  const material = JSON.stringify([
    METHODOLOGY_VERSION,
    inputs.abn,
    inputs.entity_name_hint,
    directors,
    inputs.tranche_2_profession,
    inputs.include_adverse_media,
    isPersonal(inputs) ? (callerAddress ?? 'unknown caller') : null,
  ]);
  return `${prefix}trust:${METHODOLOGY_VERSION}:${createHash('sha256').update(material).digest('hex')}`;
}

export class TrustCache {
  constructor(
    private readonly redis: Redis,
    private readonly logger: Logger,
  ) {}

  async get<T>(key: string): Promise<T | undefined> {
    try {
      const value = this.redis.status === 'ready' ? await this.redis.get(key) : null;
      return value ? (JSON.parse(value) as T) : undefined;
    } catch {
      return undefined;
    }
  }

  /** Stores `value` unless it is too large; whether it was stored. */
  async put(key: string, value: unknown): Promise<boolean> {
    const text = JSON.stringify(value);
    if (Buffer.byteLength(text) > MAX_ENTRY_BYTES) return false;
    try {
      await this.redis.set(key, text, 'EX', TRUST_CACHE_SECONDS);
      return true;
    } catch (err) {
      this.logger.warn({ err: err instanceof Error ? err.message : String(err) }, 'trust score not cached (Redis unavailable)');
      return false;
    }
  }
}
