import { GROUPS_OF_KINDS, POSTING_GROUPS, type NameTable } from './name-table';
import type { PairPostings } from './pair-postings';
import { groupEnd } from './posting-groups';
import type { QueryUnit } from './prepared-query';

/**
 * How many postings of the allowed kinds the unit's forms have: what walking it costs, the measure by
 * which the candidate search chooses which units open names, which pair, which walk is cut, and when
 * probing the names already found beats a walk. With `onlyForms`, only the forms it flags for an
 * allowed kind count; with `commonOf`, only the forms no pair posting of it holds.
 */
export function walkCost(table: NameTable, unit: QueryUnit, allowedKinds: number, onlyForms?: Uint8Array, commonOf?: PairPostings): number {
  const { postingStart, postingGroupStart } = table;
  let postings = 0;
  for (const formId of unit.hits.formIds) {
    if (onlyForms !== undefined && (onlyForms[formId]! & allowedKinds) === 0) continue;
    if (commonOf !== undefined && commonOf.isCommon(formId)) continue;
    for (const group of GROUPS_OF_KINDS[allowedKinds]!) {
      postings += groupEnd(postingGroupStart, postingStart, POSTING_GROUPS, formId, group) - postingGroupStart[formId * POSTING_GROUPS + group]!;
    }
  }
  return postings;
}

/** Probing a name costs about this many posting steps (a few tokens, a map look-up each). */
export const PROBE_COST_RATIO = 8;
