import { BETTER_COVERAGE_WEIGHT, INITIAL_SIMILARITY } from '../score-weights';
import type { PreparedQuery, QueryUnit } from './prepared-query';
import { SHARE_SCALE } from './posting-shares';
import { maskWeight } from './unit-admission';

/** Below what share of its listed weight a name met by one unit alone cannot pass, and the help it may get. */
export interface ShareCut {
  /** The least listed share a passing name needs, scaled as `posting-shares.ts` stores shares. */
  least: number;
  /** Listed weight the units that only update names and the quiet words could still cover, scaled likewise. */
  helpWeight: number;
  /** How many of the name's heaviest tokens the query's initials could still cover. */
  helpShare: number;
}

/**
 * The listed share a name (without an initial) needs when the costliest opening unit (`cutUnit`) is the
 * only one of the opening units that met it, or null when any share could do. Its score is at most the
 * coverage blend at the largest share (`BETTER_COVERAGE_WEIGHT`) of the query coverage such a name can
 * still reach and its listed coverage. The query side: the cut unit's tokens, those of the units that
 * only update names (`admits` false), and the quiet and unposted ones, never another opening unit's: their
 * walks come before the cut walk and open every name they meet, so a name the cut walk opens met none of
 * them (as the postings bound will find). The listed side: what the cut unit covers (one listed token, or
 * two for a join: a query token pairs with one), plus what no posting shows (particles, legal forms,
 * generic words), plus the most each unit that only updates names and each quiet word that can pair with
 * a name word could cover (`helpWeight`, from `unitReach`), plus half the heaviest token per query
 * initial. "Mohamed" against "Mohamed Karimov" covers a third of the listed name; at 0.8 it needs more,
 * so the walk of "Mohamed" opens only the names it is most of.
 */
export function listedShareCut(
  query: PreparedQuery,
  units: readonly QueryUnit[],
  admits: readonly boolean[],
  cutUnit: number,
  threshold: number,
  helpWeight: number,
): ShareCut | null {
  let reachable = query.quietMask | query.unpostedMask | units[cutUnit]!.mask;
  units.forEach((unit, k) => {
    if (!admits[k]) reachable |= unit.mask;
  });
  const queryCoverage = Math.min(1, maskWeight(query, reachable) / query.totalWeight);
  const share = BETTER_COVERAGE_WEIGHT;
  // The blend is share × better + (1 - share) × worse: solve it for the listed coverage.
  const least =
    queryCoverage >= threshold ? (threshold - share * queryCoverage) / (1 - share) : (threshold - (1 - share) * queryCoverage) / share;
  if (least <= 0) return null;
  return { least: (least - CUT_SLACK) * SHARE_SCALE, helpWeight: helpWeight * SHARE_SCALE, helpShare: query.initialCount * INITIAL_SIMILARITY };
}

/**
 * The most listed weight a unit can cover in one name: its heaviest posting among the forms it meets
 * (those `onlyForms` flags for an allowed kind, if given), since it pairs with one listed token or join.
 */
export function unitReach(unit: QueryUnit, formMaxWeight: Float32Array, allowedKinds: number, onlyForms?: Uint8Array): number {
  let most = 0;
  for (const form of unit.hits.formIds) {
    if (onlyForms !== undefined && (onlyForms[form]! & allowedKinds) === 0) continue;
    most = Math.max(most, formMaxWeight[form]!);
  }
  return most;
}

/** Float32 sums in the bound, float64 here: the cut errs towards opening. */
const CUT_SLACK = 1e-4;
