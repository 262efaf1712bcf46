import { nameScoreValue } from '../score/name-score';
import type { WorseShares } from '../score/middle-names';
import { BETTER_COVERAGE_WEIGHT, INITIAL_SIMILARITY } from '../score-weights';
import { letterBit, type NameTable } from './name-table';
import type { PreparedQuery } from './prepared-query';
import { maskWeight } from './unit-admission';

/**
 * Set in a touched name's query mask when the name has an initial: a query part no posting met may
 * pair with it (at `INITIAL_SIMILARITY`), so the bound counts every such part as half met. Query masks
 * use the low `MAX_NAME_TOKENS` bits.
 */
export const WITH_INITIAL = 1 << 30;

/** Marks a name opened from the pair postings, or for a share cut, before any unit recorded what it met. */
export const OPENED = 1 << 29;

/** Marks a name the share cut's walk opened (`walkAboveCut`), whose listed weight is its best posting's. */
export const CUT_OPENED = 1 << 28;

/**
 * The candidate search's first bound on a name's score, from what walking the postings recorded for it
 * (`queryMetMask`: the query tokens it met, with the marks above; `listedMet`: the listed weight those
 * postings cover) and what the name itself holds. Cheap enough for every name a walk opens; the names
 * it lets through pay for the pairing bound (`pairing-bound.ts`).
 */
export class PostingsBound {
  private readonly memo = new Float64Array(1 << MEMO_MAX_TOKENS);
  private memoFor: PreparedQuery | null = null;
  /** The current query's initials: each one's token bit and the bit of its letter (`letterBit`). */
  private initialTokens: number[] = [];
  private initialLetters: number[] = [];
  /** With `everyToken`, the bits of the query's tokens, every one of which a passing name must pair; else 0. */
  private everyTokenMask = 0;
  /** The threshold of the current search, and per subset of the query's tokens whether it could reach it (`mayReach`). */
  private threshold = 0;
  private readonly reach = new Uint8Array(1 << MEMO_MAX_TOKENS);
  private readonly informationFloor: number;
  /**
   * What `of` reads of each name, side by side (`NAME_RECORD` slots a name): the table keeps each in an
   * array of its own, so bounding a name meant a cache miss per array, 200 ns a name at a million names;
   * here one name's fields share a cache line. The letters are read through `recordBits`.
   */
  private readonly record: Float32Array;
  private readonly recordBits: Uint32Array;

  constructor(
    table: NameTable,
    private readonly queryMetMask: Uint32Array,
    private readonly listedMet: Float32Array,
  ) {
    this.informationFloor = table.rarity.informationFloor;
    ({ record: this.record, bits: this.recordBits } = nameRecords(table));
  }

  /**
   * True when the name could still reach the search's threshold: its highest possible score has every
   * query token it met (plus every quiet or unposted query token, a query initial only if the name has
   * a token of its letter) fully matched, every other half matched if the name has an initial, every
   * listed weight touched (plus quiet and initial-matchable weight, and `extraListed`) covered. It
   * answers a yes or no, not the bound itself: a score returned from a call this size is a new heap
   * number for every name a walk opens, and the thousands a common name opens filled the young
   * generation (docs/decisions/0017-matching-at-a-million-names.md, "Garbage and misses, not arithmetic").
   */
  reaches(query: PreparedQuery, name: number, shares: WorseShares, extraListed: number): boolean {
    const met = this.queryMetMask[name]!;
    // Most names a walk opens fail on the query side alone: tell them from the query tokens they met,
    // before reading the name's record. A name with an initial may pair any token, so it is bounded whole.
    if ((met & WITH_INITIAL) === 0 && !this.mayReach(query, (met & ~(OPENED | CUT_OPENED)) | query.quietMask | query.unpostedMask)) return false;
    const record = this.record;
    const at = name * NAME_RECORD;
    // A query initial pairs only with a listed token of its letter: without one it stays unmet.
    let quiet = query.quietMask;
    let initials = query.initialCount;
    const letters = this.recordBits[at + LETTERS]!;
    for (let i = 0; i < this.initialTokens.length; i++) {
      if ((letters & this.initialLetters[i]!) !== 0) continue;
      quiet &= ~this.initialTokens[i]!;
      initials--;
    }
    const within = (met & ~(WITH_INITIAL | OPENED | CUT_OPENED)) | quiet | query.unpostedMask;
    // A listed initial may pair any query token, so only names without one can be told unpairable.
    if ((within & this.everyTokenMask) !== this.everyTokenMask && (met & WITH_INITIAL) === 0) return false;
    const metWeight = this.maskWeight(query, within);
    // A name with an initial: each query part no posting met may still pair with it, at half its weight.
    const initialWeight = (met & WITH_INITIAL) !== 0 ? INITIAL_SIMILARITY * (query.totalWeight - metWeight) : 0;
    const queryCoverage = (metWeight + initialWeight) / query.totalWeight;
    const listedReach =
      extraListed +
      this.listedMet[name]! +
      record[at + QUIET_WEIGHT]! +
      (query.genericQuiet ? record[at + GENERIC_WEIGHT]! : 0) +
      initials * INITIAL_SIMILARITY * record[at + MAX_WEIGHT]!;
    const listedTotal = record[at + TOTAL_WEIGHT]!;
    const listedCoverage = listedTotal > 0 ? Math.min(1, listedReach / listedTotal) : 0;
    const score = nameScoreValue(
      Math.min(1, queryCoverage),
      listedCoverage,
      listedReach,
      this.informationFloor,
      record[at + WEAK] === 1,
      BETTER_COVERAGE_WEIGHT,
      // A name with an initial may pair any query token.
      (met & WITH_INITIAL) !== 0 ? shares.whole : shares.within(within),
    );
    // Float32 sums: a hair of slack so rounding never drops a name that would score the threshold.
    return score + 1e-6 >= this.threshold;
  }

  /**
   * Readies the bound for a query: its initials, and with `everyToken` the tokens a passing name must
   * all pair (a type mismatch's near-exact name).
   */
  prepare(query: PreparedQuery, everyToken: boolean, threshold: number): void {
    this.threshold = threshold;
    this.reach.fill(UNKNOWN, 0, 1 << Math.min(query.tokens.length, MEMO_MAX_TOKENS));
    this.initialTokens = [];
    this.initialLetters = [];
    // Particles need not pair, but they are quiet: the bound counts them as met anyway.
    this.everyTokenMask = everyToken ? (1 << query.tokens.length) - 1 : 0;
    query.tokens.forEach((token, i) => {
      if (token.role !== 'initial') return;
      this.initialTokens.push(1 << i);
      this.initialLetters.push(letterBit(token.text));
    });
  }

  /**
   * False when a name that pairs no query token outside `mask` cannot reach the threshold even with its
   * every listed token covered, at the largest share the better coverage can take: the score's upper
   * bound (information and weak-alias factors at most 1) is then below what `of` would compute.
   */
  private mayReach(query: PreparedQuery, mask: number): boolean {
    if (query.tokens.length > MEMO_MAX_TOKENS) return true;
    let known = this.reach[mask]!;
    if (known === UNKNOWN) {
      const queryCoverage = Math.min(1, this.maskWeight(query, mask) / query.totalWeight);
      known = BETTER_COVERAGE_WEIGHT + (1 - BETTER_COVERAGE_WEIGHT) * queryCoverage + 1e-6 >= this.threshold ? REACHES : FALLS_SHORT;
      this.reach[mask] = known;
    }
    return known === REACHES;
  }

  /** Weight of the query tokens in `mask`, memoised per query for the usual short names. */
  private maskWeight(query: PreparedQuery, mask: number): number {
    if (query.tokens.length > MEMO_MAX_TOKENS) return maskWeight(query, mask);
    if (this.memoFor !== query) {
      this.memoFor = query;
      this.memo.fill(-1, 0, 1 << query.tokens.length);
    }
    let weight = this.memo[mask]!;
    if (weight < 0) {
      weight = maskWeight(query, mask);
      this.memo[mask] = weight;
    }
    return weight;
  }
}

/** Slots of a name's record (`PostingsBound.record`), and where each field sits in it. */
const NAME_RECORD = 8;
const LETTERS = 0;
const QUIET_WEIGHT = 1;
const GENERIC_WEIGHT = 2;
const MAX_WEIGHT = 3;
const TOTAL_WEIGHT = 4;
const WEAK = 5;

/** The table's per-name fields `of` reads, copied side by side (the values are the same 32-bit numbers). */
function nameRecords(table: NameTable): { record: Float32Array; bits: Uint32Array } {
  const names = table.nameEntity.length;
  const record = new Float32Array(names * NAME_RECORD);
  const bits = new Uint32Array(record.buffer);
  for (let name = 0; name < names; name++) {
    const at = name * NAME_RECORD;
    bits[at + LETTERS] = table.nameLetters[name]!;
    record[at + QUIET_WEIGHT] = table.nameQuietWeight[name]!;
    record[at + GENERIC_WEIGHT] = table.nameGenericWeight[name]!;
    record[at + MAX_WEIGHT] = table.nameMaxWeight[name]!;
    record[at + TOTAL_WEIGHT] = table.nameTotalWeight[name]!;
    record[at + WEAK] = table.nameWeak[name]!;
  }
  return { record, bits };
}

/** What `mayReach` knows of a subset of the query's tokens. */
const UNKNOWN = 0;
const REACHES = 1;
const FALLS_SHORT = 2;

/** Queries of up to this many tokens get every subset's weight memoised (2^10 slots). */
const MEMO_MAX_TOKENS = 10;
