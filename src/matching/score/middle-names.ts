import type { PreparedQuery } from '../index/prepared-query';
import { BETTER_COVERAGE_WEIGHT, QUERY_WORSE_BETTER_COVERAGE_WEIGHT } from '../score-weights';

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
 * The largest share of the better coverage a listed name can give a query when the query is the less
 * covered side, per subset of the query's tokens the name could meet. `alignName` gives a person's name
 * `QUERY_WORSE_BETTER_COVERAGE_WEIGHT` (0.5) unless the query's unpaired parts are only middle names,
 * which needs a name part with paired parts on both sides of it or a hyphen to a paired one; other
 * names get at most the default 0.65. So a name that met only "Mohammadi" and "Mohammad" of "Mohammadi
 * Mohammad Shafiq" gets at most 0.5 (Shafiq, unpaired, ends the name), and the candidate search sees
 * that the forty thousand such names cannot reach the threshold without opening them.
 */
export class WorseShares {
  /** Shares when other names than people's are searched: the default share throughout. */
  static readonly anyName = new WorseShares(null, 0);

  private constructor(
    /** Per token subset: 1 when some subset of it leaves only middle names unpaired; null: all 0.65. */
    private readonly middleOnly: Uint8Array | null,
    private readonly all: number,
  ) {}

  /** Shares for a search of people's names only, exact for queries of up to `EXACT_MAX_TOKENS` tokens. */
  static forPeople(query: PreparedQuery): WorseShares {
    const tokens = query.tokens.length;
    if (tokens > EXACT_MAX_TOKENS) return WorseShares.anyName;
    const middleOnly = new Uint8Array(1 << tokens);
    for (let mask = 1; mask < middleOnly.length; mask++) {
      let possible = onlyMiddleNamesUnmatched(query, mask);
      for (let bit = 1; !possible && bit <= mask; bit <<= 1) if ((mask & bit) !== 0) possible = middleOnly[mask ^ bit] === 1;
      middleOnly[mask] = possible ? 1 : 0;
    }
    return new WorseShares(middleOnly, middleOnly.length - 1);
  }


  /** The share bound for a name whose paired query tokens all lie within `mask`. */
  within(mask: number): number {
    if (this.middleOnly === null || this.middleOnly[mask & this.all] === 1) return BETTER_COVERAGE_WEIGHT;
    return QUERY_WORSE_BETTER_COVERAGE_WEIGHT;
  }

  /** The share bound for a name that could pair any of the query's tokens. */
  get whole(): number {
    return this.within(this.all);
  }
}

/** 2^8 subsets at most: a query of more parts has middle names to leave out anyway. */
const EXACT_MAX_TOKENS = 8;
