import type { WorseShares } from '../score/middle-names';
import type { CandidateTally } from './candidate-tally';
import { hitSlot } from './form-hits';
import { FormUnitMarks } from './form-unit-marks';
import { POSTING_GROUPS, type NameTable } from './name-table';
import type { PairPostings } from './pair-postings';
import { groupEnd } from './posting-groups';
import { OPENED } from './postings-bound';
import type { PreparedQuery, QueryUnit } from './prepared-query';
import { costliestFirst } from './small-sort';
import { canReach } from './unit-admission';

/** What choosing the units to pair needs to know of the query and the search. */
export interface PairingInputs {
  query: PreparedQuery;
  units: readonly QueryUnit[];
  /** Postings each unit's walk would read. */
  costs: readonly number[];
  /** Postings of the unit's forms that pair with nothing (what its walk still reads when it is paired). */
  rareCost: (unit: QueryUnit) => number;
  /** The units the usual search lets open names (`admittingUnits`). */
  admits: readonly boolean[];
  threshold: number;
  shares: WorseShares;
}

/**
 * The costly units of which every passing name must meet two, unless it meets one of the other units,
 * or null when the usual search is as cheap. A unit qualifies when, met alone (with the quiet and
 * unposted words), it leaves the threshold out of reach ("Mohammed" and "Hasan" of "Mohammed Hasan"
 * against people at 0.8); a name meeting none of the others then needs two such units to pass, and
 * the names holding two are in the pair postings. Paired units may share no common form (a name holding
 * it alone would meet both, and only its walk finds those). The other units open names as usual, and
 * the paired units' forms that pair with nothing are walked, so those walks must cost well under the
 * walks they replace.
 */
export function unitsToPair(pairs: PairPostings, inputs: PairingInputs, pairFromCost: number): number[] | null {
  const { query, units, costs, rareCost, admits, threshold, shares } = inputs;
  const base = query.quietMask | query.unpostedMask;
  const paired: number[] = [];
  for (const k of costliestFirst(costs)) {
    if (costs[k]! < pairFromCost) break;
    if (canReach(query, base | units[k]!.mask, threshold, shares)) continue;
    if (paired.some((j) => shareCommonForm(pairs, units[j]!, units[k]!))) continue;
    paired.push(k);
  }
  if (paired.length < 2) return null;
  let walked = 0;
  let walkedNow = 0;
  units.forEach((unit, k) => {
    walked += paired.includes(k) ? rareCost(unit) : costs[k]!;
    if (admits[k]) walkedNow += costs[k]!;
  });
  return 2 * walked < walkedNow ? paired : null;
}

function shareCommonForm(pairs: PairPostings, a: QueryUnit, b: QueryUnit): boolean {
  for (const form of a.hits.formIds) if (pairs.isCommon(form) && hitSlot(b.hits, form) >= 0) return true;
  return false;
}

/**
 * Every name (of the given posting groups, for forms walked) meeting two of the paired units through
 * their common forms, from the pair postings, and every name holding one of their forms that pair with
 * nothing, walked as the usual search would (`open` is told the position in `paired` of the unit whose
 * form the name holds, -1 for a pair, and may skip the names that meet no other paired unit). A name
 * may be given more than once.
 */
export function walkPairs(
  table: NameTable,
  pairs: PairPostings,
  paired: readonly QueryUnit[],
  groups: readonly number[],
  open: (name: number, heldFormOf: number) => void,
): void {
  const { postingStart, postingName, postingGroupStart } = table;
  for (const [held, unit] of paired.entries()) {
    for (const form of unit.hits.formIds) {
      if (pairs.isCommon(form)) continue;
      for (const group of groups) {
        const to = groupEnd(postingGroupStart, postingStart, POSTING_GROUPS, form, group);
        for (let at = postingGroupStart[form * POSTING_GROUPS + group]!; at < to; at++) open(postingName[at]!, held);
      }
    }
  }
  const names = pairs.names;
  for (let i = 0; i < paired.length; i++) {
    for (let j = i + 1; j < paired.length; j++) {
      for (const formA of paired[i]!.hits.formIds) {
        if (!pairs.isCommon(formA)) continue;
        for (const formB of paired[j]!.hits.formIds) {
          if (!pairs.isCommon(formB)) continue;
          const [from, to] = pairs.namesOf(formA, formB);
          for (let at = from; at < to; at++) open(names[at]!, -1);
        }
      }
    }
  }
}

/**
 * Opens the names of the allowed kinds that `walkPairs` gives for the paired units, marked as no unit's
 * yet (every unit's walk then only updates them). A name holding a rare form of one paired unit is
 * opened only if it meets another (or an unpaired unit, whose walk opens it anyway). Returns how many
 * names are touched now.
 */
export function openPairedNames(
  tally: CandidateTally,
  pairs: PairPostings,
  query: PreparedQuery,
  paired: readonly QueryUnit[],
  groups: readonly number[],
  allowedKinds: number,
  touchedCount: number,
): number {
  const { queryMetMask, touched, table } = tally;
  const kinds = table.entityKind;
  const owner = table.nameEntity;
  const bits = paired.map((unit) => FormUnitMarks.bitOf(query, unit));
  const pairedBits = bits.reduce((all, bit) => all | bit, 0);
  const othersOf = bits.map((bit) => pairedBits & ~bit);
  walkPairs(table, pairs, paired, groups, (name, heldFormOf) => {
    if (queryMetMask[name] !== 0 || ((1 << kinds[owner[name]!]!) & allowedKinds) === 0) return;
    if (heldFormOf >= 0 && !tally.meetsAny(name, othersOf[heldFormOf]!)) return;
    queryMetMask[name] = OPENED;
    touched[touchedCount++] = name;
  });
  return touchedCount;
}
