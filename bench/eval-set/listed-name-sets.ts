import { bigramDice, plainTokens } from './plain-name';
import type { PublishedRecord } from './published-records';

/**
 * Legal-form and generic company words, written here for the set (not the matcher's list): a listed
 * organisation's name made only of these ("TRADING COMPANY LLC") excludes no negative.
 */
export const LEGAL_FORM_WORDS = new Set([
  'llc', 'ltd', 'limited', 'pty', 'inc', 'incorporated', 'corp', 'corporation', 'co', 'company', 'plc', 'jsc', 'pjsc', 'ojsc',
  'cjsc', 'ooo', 'oao', 'zao', 'ao', 'pao', 'gmbh', 'ag', 'sa', 'sas', 'sarl', 'srl', 'spa', 'bv', 'nv', 'fze', 'fzco', 'fzc',
  'llp', 'lp', 'the', 'of', 'and', 'group', 'holding', 'holdings', 'trading', 'international', 'trust', 'foundation', 'ab',
  'as', 'kg', 'sdn', 'bhd', 'pte', 'de', 'cv', 'jv', 'tov', 'pp', 'sp', 'z', 'o', 'oy', 'aps', 'kft', 'doo', 'ad', 'ead',
]);

/** Two words are the same name spelled differently at this `bigramDice` or above ("Mohammed", "Mohammad"; not "Mario", "Mariah"). */
export const SAME_WORD_SIMILARITY = 0.7;

/**
 * A word's consonants as a transliteration would keep them: x as ks, c and q as k, vowels and y
 * dropped, doubled letters once ("Aleksei", "Alexey", "Alyaksei" → "lks"; "Wang", "Wong" → "wng").
 */
export function consonantSkeleton(word: string): string {
  return word
    .replace(/x/g, 'ks')
    .replace(/[cq]/g, 'k')
    .replace(/ph/g, 'f')
    .replace(/[aeiouy]/g, '')
    .replace(/(.)\1+/g, '$1');
}

/**
 * Equal, or both of three letters or more and either spelled alike (see `SAME_WORD_SIMILARITY`) or
 * with the same consonant skeleton of two or more letters: the same name in another transliteration.
 * "Mario" and "Mariah" stay different; "Olga" and "Oleg" count as the same (a conservative loss).
 */
export function sameWord(a: string, b: string): boolean {
  if (a === b) return true;
  if (a.length < 3 || b.length < 3) return false;
  if (bigramDice(a, b) >= SAME_WORD_SIMILARITY) return true;
  const skeleton = consonantSkeleton(a);
  return skeleton.length >= 2 && skeleton === consonantSkeleton(b);
}

const prefixOf = (token: string) => token.slice(0, 3);

/**
 * Every name indexed for screening, as plain word sets, to decide which real names may serve as
 * negatives. A name is left out of the negatives when it is, word for word in any order, a listed
 * name, or when all the words of one are among the other's ("Mohammed Hassan" against "Mohammed
 * Hassan Farouk"; "Rosneft Australia" against "ROSNEFT"), words compared by `sameWord` so that
 * "Mohammed Dib Wright" against "Mohammad DIB" counts too: that is a namesake a screener must review,
 * not a clean negative. Sharing some words but not all ("Mariah Sanchez" against "Mario Parra
 * Sanchez") keeps it: that is exactly the false positive the set must measure.
 */
export class ListedNameSets {
  private readonly sets: Array<{ tokens: Set<string>; person: boolean; generic: boolean }> = [];
  private readonly postings = new Map<string, number[]>();

  constructor(records: readonly PublishedRecord[]) {
    for (const record of records) {
      if (!record.indexed) continue;
      for (const { name } of record.names) {
        const tokens = new Set(plainTokens(name));
        if (tokens.size === 0) continue;
        const at = this.sets.push({ tokens, person: record.kind === 'person', generic: [...tokens].every((t) => LEGAL_FORM_WORDS.has(t)) }) - 1;
        for (const token of new Set([...tokens].map(prefixOf))) {
          const list = this.postings.get(token);
          if (list) list.push(at);
          else this.postings.set(token, [at]);
        }
      }
    }
  }

  /** Whether `name` is too close to a listed name, by the containment rule above, to be a negative. */
  isNamesake(name: string, entityType: 'person' | 'organisation'): boolean {
    const query = new Set(plainTokens(name));
    if (query.size === 0) return true;
    const minimum = entityType === 'person' ? 2 : 1;
    const seen = new Set<number>();
    for (const token of new Set([...query].map(prefixOf))) {
      for (const at of this.postings.get(token) ?? []) {
        if (seen.has(at)) continue;
        seen.add(at);
        const listed = this.sets[at]!;
        if (listed.generic) continue;
        const [small, large] = listed.tokens.size <= query.size ? [listed.tokens, query] : [query, listed.tokens];
        if (small.size < Math.min(minimum, large.size)) continue;
        if ([...small].every((t) => large.has(t) || [...large].some((l) => sameWord(t, l)))) return true;
      }
    }
    return false;
  }

}
