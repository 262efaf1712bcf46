/**
 * The share cut (`listed-share-cut.ts`) put to work on the walk of the costliest unit to open names:
 * that walk opens only the names of which the unit is a large enough share, so "Mohamed" reads its
 * thousands of postings but opens only the few names it is most of. Here: readying the cut
 * (`planShareCut`), and the cut walk itself (`walkAboveCut`).
 */

import type { CandidateTally } from './candidate-tally';
import { listedShareCut, unitReach, type ShareCut } from './listed-share-cut';
import { GROUPS_OF_KINDS, POSTING_GROUPS } from './name-table';
import { groupEnd } from './posting-groups';
import { CUT_OPENED, OPENED } from './postings-bound';
import type { PreparedQuery, QueryUnit } from './prepared-query';
import type { QuietWord } from './quiet-words';

/** What readying the cut needs of the search. */
export interface CutPlan {
  query: PreparedQuery;
  units: readonly QueryUnit[];
  costs: readonly number[];
  /** Which units may open names; the helpers opened first are let open names here. */
  admits: boolean[];
  quietWords: readonly QuietWord[];
  cutUnit: number;
  threshold: number;
  allowedKinds: number;
  /** Units and quiet words costing at most the cut walk's cost over this have their names opened first. */
  helperCostShare: number;
}

/**
 * Readies the cut: a name the cut walk alone opens may still gain listed weight from a unit that only
 * updates names, or from a quiet word that meets a name word. Where those units' postings are short next
 * to the cut walk's, their names are opened first (the units are let open names; the quiet words' names
 * are opened, their weight added later as for any name), so they gain nothing a posting of the cut walk
 * does not show; the others count as the most they could add to any name. Returns the cut and how many
 * names are touched now.
 */
export function planShareCut(tally: CandidateTally, plan: CutPlan, touchedCount: number): { cut: ShareCut | null; touchedCount: number } {
  const { query, units, costs, admits, quietWords, cutUnit, threshold, allowedKinds } = plan;
  const { formMaxWeight, formNamed } = tally.table;
  const affordable = costs[cutUnit]! / plan.helperCostShare;
  let helpWeight = 0;
  units.forEach((unit, k) => {
    if (admits[k]) return;
    if (costs[k]! <= affordable && k !== cutUnit) admits[k] = true;
    else helpWeight += unitReach(unit, formMaxWeight, allowedKinds);
  });
  for (const { unit, reach, namedPostings } of quietWords) {
    if (namedPostings > affordable) {
      helpWeight += reach;
      continue;
    }
    for (const formId of unit.hits.formIds) {
      if ((formNamed[formId]! & allowedKinds) === 0) continue;
      touchedCount = openAll(tally, formId, allowedKinds, touchedCount);
    }
  }
  return { cut: listedShareCut(query, units, admits, cutUnit, threshold, helpWeight), touchedCount };
}

/** Opens every name of the allowed kinds holding the form, marked as no unit's yet. */
function openAll(tally: CandidateTally, formId: number, allowedKinds: number, touchedCount: number): number {
  const { queryMetMask, touched } = tally;
  const { postingStart, postingName, postingGroupStart } = tally.table;
  for (const group of GROUPS_OF_KINDS[allowedKinds]!) {
    const to = groupEnd(postingGroupStart, postingStart, POSTING_GROUPS, formId, group);
    for (let at = postingGroupStart[formId * POSTING_GROUPS + group]!; at < to; at++) {
      const name = postingName[at]!;
      if (queryMetMask[name] !== 0) continue;
      queryMetMask[name] = OPENED;
      touched[touchedCount++] = name;
    }
  }
  return touchedCount;
}

/**
 * Walks one posting group of the unit's form, opening the names whose shares reach the cut and
 * updating the names found before (unless `probed`: then they were probed for the unit already). A
 * name opened here keeps its best posting's weight, since the one query token (or join) pairs with one
 * listed token (or join) at most. Returns how many names are touched now.
 */
export function walkAboveCut(tally: CandidateTally, unit: QueryUnit, formId: number, group: number, cut: ShareCut, probed: boolean, touchedCount: number): number {
  const { queryMetMask, listedMet, touched } = tally;
  const { postingStart, postingName, postingWeight, postingGroupStart, postingShare, postingMaxShare, postingInverseTotal } = tally.table;
  const { least, helpWeight, helpShare } = cut;
  const to = groupEnd(postingGroupStart, postingStart, POSTING_GROUPS, formId, group);
  for (let at = postingGroupStart[formId * POSTING_GROUPS + group]!; at < to; at++) {
    let share = postingShare[at]!;
    if (helpWeight > 0) share += helpWeight * postingInverseTotal[at]!;
    if (helpShare > 0) share += helpShare * postingMaxShare[at]!;
    const above = share >= least;
    if (!above && probed) continue;
    const name = postingName[at]!;
    const met = queryMetMask[name]!;
    if (met === 0) {
      if (!above) continue;
      queryMetMask[name] = unit.mask | CUT_OPENED;
      listedMet[name] = postingWeight[at]!;
      touched[touchedCount++] = name;
    } else if ((met & CUT_OPENED) !== 0) {
      listedMet[name] = Math.max(listedMet[name]!, postingWeight[at]!);
    } else if (!probed) {
      queryMetMask[name]! |= unit.mask;
      listedMet[name]! += postingWeight[at]!;
    }
  }
  return touchedCount;
}
