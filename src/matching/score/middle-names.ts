import type { PreparedQuery } from '../index/prepared-query';
import * as weights from '../score-weights';

const { BETTER_COVERAGE_WEIGHT, QUERY_WORSE_BETTER_COVERAGE_WEIGHT } = weights;

/**
 * True when every query name part left unpaired lies between two paired ones ("Abdurahman [Salem
 * Ibrahim] Milad" against "Abdurahman Al MILAD"), never at either end, where a surname is written in
 * either order ("Faizullah Khan [Macklin]" against "Faizullah Khan" is another person's surname),
 * unless a hyphen joins it to a paired one: the list gave one half of a double-barrelled surname
 * ("Mohammad Ali JAFARI-[NAJAFABADI]" against "Mohammad Ali JAFARI").
 */
export function onlyMiddleNamesUnmatched(query: PreparedQuery, queryMatched: number): boolean {
  const { tokens } = query;
  let first = 0;
  while (first < tokens.length && (queryMatched & (1 << first)) === 0) first++;
  let last = tokens.length - 1;
  while (last > first && (queryMatched & (1 << last)) === 0) last--;
  const matched = (i: number) => i >= 0 && (queryMatched & (1 << i)) !== 0;
  let middleName = false;
  for (let i = 0; i < tokens.length; i++) {
    if (matched(i) || tokens[i]!.role !== 'name') continue;
    const attached = (tokens[i]!.hyphenated === true && matched(i - 1)) || (tokens[i + 1]?.hyphenated === true && matched(i + 1));
    if (!attached && (i < first || i > last)) return false;
    middleName = true;
  }
  return middleName;
}

/**
 * The largest share of the better coverage any person's name can give this query when the query is the
 * less covered side. `alignName` gives `QUERY_WORSE_BETTER_COVERAGE_WEIGHT` (0.5) unless the query's
 * unpaired parts are only middle names, which needs a name part with paired parts on both sides of it
 * or a hyphen to a paired one: a query of two plain name parts ("Mohammed Hasan") can never have one,
 * so against people its bound is 0.5, not the default 0.65. The candidate search uses it to see that
 * "Hasan" alone cannot lift a person's name to the threshold, so the names with only a Hasan are not
 * opened. Subsets are walked for queries of up to `EXACT_MAX_TOKENS` tokens; longer ones keep 0.65.
 */
export function peopleQueryWorseShare(query: PreparedQuery): number {
  const tokens = query.tokens.length;
  if (tokens > EXACT_MAX_TOKENS) return BETTER_COVERAGE_WEIGHT;
  for (let matched = 1; matched < 1 << tokens; matched++) {
    if (onlyMiddleNamesUnmatched(query, matched)) return BETTER_COVERAGE_WEIGHT;
  }
  return QUERY_WORSE_BETTER_COVERAGE_WEIGHT;
}

/** 2^8 subsets at most: a query of more parts has middle names to leave out anyway. */
const EXACT_MAX_TOKENS = 8;
