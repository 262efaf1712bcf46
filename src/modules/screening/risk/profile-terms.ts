/**
 * Recognising a named term in free text (`profession`, `legal_status`, `industry_type`) whatever its
 * case, accents or separators: "Real Estate Agent", "real-estate_agent" and "RealEstateAgent" all name
 * `real_estate_agent`. Terms match whole words only, so "shellfish" is not a shell company and
 * "farms" is not arms; a trailing plural "s" is forgiven ("lawyers").
 */

/** A named kind of profession, structure or industry, with the words that name it. */
export interface ProfileTerm<C extends string> {
  /** What the factor calls it, e.g. "real estate agent". */
  label: string;
  category: C;
  /** Spellings that name it; any case or separators. */
  terms: readonly string[];
}

/** Lower-case words of a text, accents removed, split on anything that is not a letter or digit. */
export function wordsOf(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0);
}

/** Length of the longest of `terms` the words spell, or 0 when none. */
function longestTermIn(words: readonly string[], terms: readonly string[]): number {
  let longest = 0;
  for (const term of terms) {
    const wanted = wordsOf(term).join('');
    if (wanted.length > longest && containsTerm(words, wanted)) longest = wanted.length;
  }
  return longest;
}

/** Whether some run of consecutive words, joined without separators, spells `wanted` (or its plural). */
function containsTerm(words: readonly string[], wanted: string): boolean {
  if (wanted.length === 0) return false;
  for (let start = 0; start < words.length; start++) {
    let joined = '';
    for (let end = start; end < words.length && joined.length <= wanted.length; end++) {
      joined += words[end];
      if (joined === wanted || joined === `${wanted}s`) return true;
    }
  }
  return false;
}

/**
 * The entry the text names. Lists are ordered strongest category first, so a text naming two kinds
 * ("shell trust") is read as the riskier; within a category the most specific (longest) term wins, so
 * "digital currency exchange" is digital currency, not currency exchange.
 */
export function findProfileTerm<C extends string>(
  text: string | null | undefined,
  entries: readonly ProfileTerm<C>[],
): ProfileTerm<C> | undefined {
  if (text == null) return undefined;
  const words = wordsOf(text);
  if (words.length === 0) return undefined;
  let best: { entry: ProfileTerm<C>; categoryRank: number; length: number } | undefined;
  for (const entry of entries) {
    const length = longestTermIn(words, entry.terms);
    if (length === 0) continue;
    const categoryRank = entries.findIndex((e) => e.category === entry.category);
    if (best === undefined || categoryRank < best.categoryRank || (categoryRank === best.categoryRank && length > best.length)) {
      best = { entry, categoryRank, length };
    }
  }
  return best?.entry;
}
