/**
 * The evaluation set's own, deliberately naive view of a name: case-folded, accents dropped,
 * punctuation turned into spaces. It is written here and not taken from `src/matching` so that which
 * queries count as "the same name" or "a namesake" is never decided by the code being evaluated.
 */

/** Writing systems the evaluation reports on separately. */
export type QueryScript = 'latin' | 'arabic' | 'hebrew' | 'cyrillic' | 'han' | 'hangul' | 'other';

/** Case-folded words with combining marks removed and every non-letter, non-digit as a separator. */
export function plainTokens(name: string): string[] {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((token) => token !== '');
}

/** The words in published order: two names with the same key differ only in case, accents or punctuation. */
export function plainKey(name: string): string {
  return plainTokens(name).join(' ');
}

/** The words in any order: "PUTIN, Vladimir" and "Vladimir Putin" share it. */
export function sortedKey(name: string): string {
  return [...new Set(plainTokens(name))].sort().join(' ');
}

const SCRIPT_RANGES: Array<[QueryScript, RegExp]> = [
  ['arabic', /\p{Script=Arabic}/u],
  ['hebrew', /\p{Script=Hebrew}/u],
  ['cyrillic', /\p{Script=Cyrillic}/u],
  ['hangul', /\p{Script=Hangul}/u],
  ['han', /\p{Script=Han}/u],
  ['latin', /\p{Script=Latin}/u],
];

/**
 * The script most of a name's letters are written in, by Unicode script property. Japanese kana, Greek,
 * Georgian and the rest are `other`; a name with no letters is `latin` (digits only).
 */
export function scriptOf(name: string): QueryScript {
  const counts = new Map<QueryScript, number>();
  let letters = 0;
  for (const ch of name) {
    if (!/\p{L}/u.test(ch)) continue;
    letters++;
    const script = SCRIPT_RANGES.find(([, range]) => range.test(ch))?.[0] ?? 'other';
    counts.set(script, (counts.get(script) ?? 0) + 1);
  }
  if (letters === 0) return 'latin';
  return [...counts].sort((a, b) => b[1] - a[1])[0]![0];
}

/** FNV-1a, 32 bits: a stable hash for splitting and seeding that needs no dependency. */
export function stableHash(text: string): number {
  let hash = 0x811c9dc5;
  for (const ch of text) hash = Math.imul(hash ^ (ch.codePointAt(0) ?? 0), 0x01000193);
  return hash >>> 0;
}

/**
 * Dice coefficient of the letter pairs inside the words of two names (order and spacing ignored): a
 * generic string measure, not the matcher's, used to tell a spelling of a name ("Aleksey MORDASHOV",
 * "Alexey MORDASCHOV") from a different alias altogether ("MID", a former name).
 */
export function bigramDice(a: string, b: string): number {
  const pairs = (name: string) => {
    const counts = new Map<string, number>();
    for (const token of plainTokens(name)) {
      const chars = [...token];
      if (chars.length === 1) counts.set(token, (counts.get(token) ?? 0) + 1);
      for (let i = 0; i + 1 < chars.length; i++) counts.set(chars[i]! + chars[i + 1]!, (counts.get(chars[i]! + chars[i + 1]!) ?? 0) + 1);
    }
    return counts;
  };
  const left = pairs(a);
  const right = pairs(b);
  let shared = 0;
  let total = 0;
  for (const [pair, count] of left) {
    shared += Math.min(count, right.get(pair) ?? 0);
    total += count;
  }
  for (const count of right.values()) total += count;
  return total === 0 ? 0 : (2 * shared) / total;
}
