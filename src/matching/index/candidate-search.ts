import * as weights from '../score-weights';
import { nameScoreValue } from '../score/name-score';
import { hitSlot } from './form-hits';
import { pairingBound } from './pairing-bound';
import { isQuietRole, KIND_CODES, ROLE_CODES, type NameTable } from './name-table';
import { kindEnd } from './postings-by-kind';
import type { PreparedQuery, QueryUnit } from './prepared-query';

const { BETTER_COVERAGE_WEIGHT, INITIAL_SIMILARITY } = weights;

/**
 * Finds the listed names worth aligning with a query. Walking the postings of every form the query
 * met, it records which query tokens each name met and how much listed weight they covered; from that
 * it bounds the name's best possible score and drops every name that cannot reach the threshold.
 *
 * Units are walked rarest first, and once the units left could not lift a name they alone touch to the
 * threshold, they only update names already found (the MaxScore idea): "Mohammed Rasouli" opens the
 * names with Rasouli, not the ten thousand with Mohammed. A second, per-name bound then drops names
 * whose bound counted one listed token for two query tokens.
 *
 * The scratch arrays are sized to the index and reused by every search (searches are synchronous).
 */
export class CandidateSearch {
  private readonly queryMetMask: Uint32Array;
  private readonly listedMet: Float32Array;
  private readonly touched: Int32Array;
  private readonly informationFloor: number;
  private readonly memo = new Float64Array(1 << MEMO_MAX_TOKENS);
  private memoFor: PreparedQuery | null = null;

  constructor(private readonly table: NameTable) {
    const names = table.nameEntity.length;
    this.queryMetMask = new Uint32Array(names);
    this.listedMet = new Float32Array(names);
    this.touched = new Int32Array(names);
    this.informationFloor = table.rarity.informationFloor;
  }

  /** Names of an allowed kind whose score bound reaches `threshold`. */
  candidates(query: PreparedQuery, allowedKinds: number, threshold: number): number[] {
    const { queryMetMask, listedMet, touched } = this;
    const { postingStart, postingName, postingWeight, postingKindStart: kindStart } = this.table;
    const units = openingUnits(query);
    const admitting = admittingUnitCount(query, units, threshold);
    let touchedCount = 0;
    units.forEach((unit, k) => {
      const admits = k < admitting;
      if (!admits && this.cheaperToProbe(unit, allowedKinds, touchedCount)) {
        for (let i = 0; i < touchedCount; i++) this.probe(unit, touched[i]!);
        return;
      }
      // Postings are grouped by kind: only the allowed kinds' groups are walked (every name touched is
      // of an allowed kind, so the others could neither open nor update one).
      for (const formId of unit.hits.formIds) {
        for (let kind = 0; kind < KIND_COUNT; kind++) {
          if (((1 << kind) & allowedKinds) === 0) continue;
          const to = kindEnd(kindStart, postingStart, KIND_COUNT, formId, kind);
          for (let at = kindStart[formId * KIND_COUNT + kind]!; at < to; at++) {
            const name = postingName[at]!;
            if (queryMetMask[name] === 0) {
              if (!admits) continue;
              touched[touchedCount++] = name;
            }
            queryMetMask[name]! |= unit.mask;
            listedMet[name]! += postingWeight[at]!;
          }
        }
      }
    });

    const passing: number[] = [];
    for (let i = 0; i < touchedCount; i++) {
      const name = touched[i]!;
      if (this.bound(query, name) >= threshold) passing.push(name);
      queryMetMask[name] = 0;
      listedMet[name] = 0;
    }
    return this.pairable(query, passing, threshold);
  }

  /**
   * Names whose pairing bound (`pairing-bound.ts`: each listed token credited once, at its best
   * pairing's similarity) still reaches the threshold. It reads each name's tokens, so only the names
   * the postings bound let through pay for it; it saves aligning them when two query tokens met one.
   */
  private pairable(query: PreparedQuery, names: number[], threshold: number): number[] {
    const kept: number[] = [];
    for (const name of names) if (pairingBound(this.table, query, name, this.informationFloor) >= threshold) kept.push(name);
    return kept;
  }

  /**
   * A unit that may no longer open names only updates the ones found: when its postings are long
   * ("Mohammed" and its spellings) and those names few, looking for its forms in each name is cheaper
   * than walking the postings.
   */
  private cheaperToProbe(unit: QueryUnit, allowedKinds: number, touchedCount: number): boolean {
    const { postingStart, postingKindStart } = this.table;
    let postings = 0;
    for (const formId of unit.hits.formIds) {
      for (let kind = 0; kind < KIND_COUNT; kind++) {
        if (((1 << kind) & allowedKinds) === 0) continue;
        postings += kindEnd(postingKindStart, postingStart, KIND_COUNT, formId, kind) - postingKindStart[formId * KIND_COUNT + kind]!;
      }
    }
    return postings > PROBE_COST_RATIO * touchedCount;
  }

  /** What walking the unit's postings would record for this one name. */
  private probe(unit: QueryUnit, name: number): void {
    const table = this.table;
    const end = table.tokenStart[name + 1]!;
    let met = 0;
    for (let p = table.tokenStart[name]!; p < end; p++) {
      if (!isQuietRole(ROLE_CODES[table.tokenRole[p]!]!) && hitSlot(unit.hits, table.tokenForm[p]!) >= 0) met += table.tokenWeight[p]!;
      const join = table.joinForm[p]!;
      if (join >= 0 && hitSlot(unit.hits, join) >= 0) met += table.tokenWeight[p]! + table.tokenWeight[p + 1]!;
    }
    if (met > 0) {
      this.queryMetMask[name]! |= unit.mask;
      this.listedMet[name]! += met;
    }
  }

  /**
   * The highest score the name could get: every query token it met (plus every quiet query token)
   * fully matched, every listed weight touched (plus quiet and initial-matchable weight) covered.
   */
  private bound(query: PreparedQuery, name: number): number {
    const table = this.table;
    const queryCoverage = this.maskWeight(query, this.queryMetMask[name]! | query.quietMask) / query.totalWeight;
    const listedReach =
      this.listedMet[name]! +
      table.nameQuietWeight[name]! +
      (query.genericQuiet ? table.nameGenericWeight[name]! : 0) +
      query.initialCount * INITIAL_SIMILARITY * table.nameMaxWeight[name]!;
    const listedTotal = table.nameTotalWeight[name]!;
    const listedCoverage = listedTotal > 0 ? Math.min(1, listedReach / listedTotal) : 0;
    const score = nameScoreValue(
      Math.min(1, queryCoverage),
      listedCoverage,
      listedReach,
      this.informationFloor,
      table.nameWeak[name] === 1,
    );
    // Float32 sums: a hair of slack so rounding never drops a name that would score the threshold.
    return score + 1e-6;
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

/** Units that open candidates, heaviest first. */
function openingUnits(query: PreparedQuery): QueryUnit[] {
  return query.units
    .filter((unit) => unit.opensCandidates && unit.hits.formIds.length > 0)
    .sort((a, b) => maskWeight(query, b.mask) - maskWeight(query, a.mask));
}

/**
 * How many of the (sorted) units may still open new names: a name first met at unit k can at best
 * cover the tokens of units k and after, plus the quiet ones, with the listed side fully covered.
 */
function admittingUnitCount(query: PreparedQuery, units: readonly QueryUnit[], threshold: number): number {
  let laterMask = query.quietMask;
  let admitting = 0;
  for (let k = units.length - 1; k >= 0; k--) {
    laterMask |= units[k]!.mask;
    const queryCoverage = Math.min(1, maskWeight(query, laterMask) / query.totalWeight);
    const best = BETTER_COVERAGE_WEIGHT + (1 - BETTER_COVERAGE_WEIGHT) * queryCoverage;
    if (best + 1e-6 >= threshold) {
      admitting = k + 1;
      break;
    }
  }
  return admitting;
}

const KIND_COUNT = KIND_CODES.length;

/** Queries of up to this many tokens get every subset's weight memoised (2^10 slots). */
const MEMO_MAX_TOKENS = 10;

/** Probing a name costs about this many posting steps (a few tokens, a map look-up each). */
const PROBE_COST_RATIO = 8;

function maskWeight(query: PreparedQuery, mask: number): number {
  let sum = 0;
  for (let i = 0; i < query.weights.length; i++) if ((mask & (1 << i)) !== 0) sum += query.weights[i]!;
  return sum;
}
