import type { CandidateTally } from './candidate-tally';
import { FormUnitMarks } from './form-unit-marks';
import { unitReach } from './listed-share-cut';
import { GROUPS_OF_KINDS, POSTING_GROUPS, type NameTable } from './name-table';
import { groupEnd } from './posting-groups';
import type { PreparedQuery, QueryUnit } from './prepared-query';
import { PROBE_COST_RATIO, walkCost } from './walk-cost';

/**
 * A quiet word of the query (a unit that opens no names: an initial, a particle, a legal form, a generic
 * word beside a name word) that can meet a listed name word of an allowed kind. It opens nothing, but a
 * name it meets covers more of its listed side, so the bounds must count what it could add.
 */
export interface QuietWord {
  unit: QueryUnit;
  /** The most listed weight it can cover in one name (`unitReach`). */
  reach: number;
  /** Its postings of forms some listed name of an allowed kind holds as a name word. */
  namedPostings: number;
}

/** The query's quiet words that can meet a listed name word of an allowed kind. */
export function quietWordsOf(table: NameTable, query: PreparedQuery, allowedKinds: number): QuietWord[] {
  const { formMaxWeight, formNamed } = table;
  const words: QuietWord[] = [];
  for (const unit of query.units) {
    const reach = unit.opensCandidates ? 0 : unitReach(unit, formMaxWeight, allowedKinds, formNamed);
    if (reach > 0) words.push({ unit, reach, namedPostings: walkCost(table, unit, allowedKinds, formNamed) });
  }
  return words;
}

/** The quiet words left to look for in each name that passes the postings bound with their reach added. */
export interface QuietProbes {
  units: QueryUnit[];
  /** Each unit's form mark (`FormUnitMarks.bitOf`). */
  bits: number[];
  /** The most they could add to a name's listed side together. */
  reach: number;
}

/**
 * Adds what the quiet words meet to the `touchedCount` names found: a quiet word's postings of name
 * words are walked when short next to probing every name found; the others are returned, to bound
 * each name first by the most they could add and be looked for only in the names that then still pass.
 */
export function reachQuietWords(tally: CandidateTally, query: PreparedQuery, words: readonly QuietWord[], allowedKinds: number, touchedCount: number): QuietProbes {
  const units: QueryUnit[] = [];
  let reach = 0;
  for (const word of words) {
    if (word.namedPostings <= PROBE_COST_RATIO * touchedCount) {
      walkQuietReach(tally, word.unit, allowedKinds);
      continue;
    }
    units.push(word.unit);
    reach += word.reach;
  }
  return { units, bits: units.map((unit) => FormUnitMarks.bitOf(query, unit)), reach };
}

/** Adds the unit's postings of forms some listed name of an allowed kind holds as a name word to the names found. */
function walkQuietReach(tally: CandidateTally, unit: QueryUnit, allowedKinds: number): void {
  const { queryMetMask, listedMet } = tally;
  const { postingStart, postingName, postingWeight, postingGroupStart: groupStart, formNamed } = tally.table;
  for (const formId of unit.hits.formIds) {
    if ((formNamed[formId]! & allowedKinds) === 0) continue;
    for (const group of GROUPS_OF_KINDS[allowedKinds]!) {
      const to = groupEnd(groupStart, postingStart, POSTING_GROUPS, formId, group);
      for (let at = groupStart[formId * POSTING_GROUPS + group]!; at < to; at++) {
        const name = postingName[at]!;
        if (queryMetMask[name] !== 0) listedMet[name]! += postingWeight[at]!;
      }
    }
  }
}
