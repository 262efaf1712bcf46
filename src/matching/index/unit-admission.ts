import type { WorseShares } from '../score/middle-names';
import type { PreparedQuery, QueryUnit } from './prepared-query';
import { costliestFirst, sortSmall } from './small-sort';

/** Units that open candidates, heaviest first. */
export function openingUnits(query: PreparedQuery): QueryUnit[] {
  const opening = query.units.filter((unit) => unit.opensCandidates && unit.hits.formIds.length > 0);
  return sortSmall(opening, (a, b) => {
    const weightA = maskWeight(query, a.mask);
    const weightB = maskWeight(query, b.mask);
    return weightB > weightA ? 1 : weightB < weightA ? -1 : 0;
  });
}

/**
 * Which units may open new names. A name that none of the opening units met can at best cover the
 * tokens of the others, plus the quiet and unposted ones, with the listed side fully covered; if that
 * cannot reach the threshold, those others need only update the names found. The costliest units are kept from
 * opening first, as many as the bound allows: "Mohammed Hasan" opens the names with a Hasan (or the
 * two joined) and only updates them with Mohammed.
 */
export function admittingUnits(
  query: PreparedQuery,
  units: readonly QueryUnit[],
  costs: readonly number[],
  threshold: number,
  shares: WorseShares,
): boolean[] {
  const admits = units.map(() => true);
  let closedMask = query.quietMask | query.unpostedMask;
  for (const k of costliestFirst(costs)) {
    const mask = closedMask | units[k]!.mask;
    if (!canReach(query, mask, threshold, shares)) {
      admits[k] = false;
      closedMask = mask;
    }
  }
  return admits;
}

/**
 * True when a name whose paired query tokens all lie within `mask` could reach the threshold: the
 * listed side fully covered, so the query is the worse side (or level).
 */
export function canReach(query: PreparedQuery, mask: number, threshold: number, shares: WorseShares): boolean {
  const queryCoverage = Math.min(1, maskWeight(query, mask) / query.totalWeight);
  const share = shares.within(mask);
  return share + (1 - share) * queryCoverage + 1e-6 >= threshold;
}

/**
 * Which units may open new names when a passing name must pair every query token but its particles
 * (a type mismatch's near-exact name, `isNearExactName`), or null when no token must be met through a
 * posting. A name without an initial can pair a token other than a quiet or unposted one only through
 * a unit covering it, so the units covering one such token find every name that can pass: the token
 * whose units cost least to walk is chosen.
 */
export function everyTokenUnits(query: PreparedQuery, units: readonly QueryUnit[], costs: readonly number[]): boolean[] | null {
  // Particles, which need not pair, are quiet: among the free tokens.
  const free = query.quietMask | query.unpostedMask;
  let best: boolean[] | null = null;
  let bestCost = Number.POSITIVE_INFINITY;
  query.tokens.forEach((_, i) => {
    const bit = 1 << i;
    if ((free & bit) !== 0) return;
    let cost = 0;
    const covering = units.map((unit, k) => {
      const covers = (unit.mask & bit) !== 0;
      if (covers) cost += costs[k]!;
      return covers;
    });
    if (cost < bestCost) {
      best = covering;
      bestCost = cost;
    }
  });
  return best;
}

/** Weight of the query tokens in `mask`. */
export function maskWeight(query: PreparedQuery, mask: number): number {
  let sum = 0;
  for (let i = 0; i < query.weights.length; i++) if ((mask & (1 << i)) !== 0) sum += query.weights[i]!;
  return sum;
}
