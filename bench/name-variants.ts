import type { SeededRandom } from './seeded-random';

/**
 * Realistic ways a customer record spells a listed name differently: what screening must survive.
 * Every function returns null when the variation does not apply to the name (nothing to reorder, no
 * rule of transliteration fits) so callers can pick another.
 */
export type VariantKind =
  | 'alias'
  | 'typo'
  | 'reorder'
  | 'dropped_part'
  | 'transliteration'
  | 'joined_split'
  | 'initial'
  | 'typo_reorder';

export const VARIANT_KINDS: readonly VariantKind[] = [
  'alias', 'typo', 'reorder', 'dropped_part', 'transliteration', 'joined_split', 'initial', 'typo_reorder',
];

type Words = string[];

const words = (name: string): Words => name.replace(/,/g, ' , ').split(/\s+/).filter((w) => w !== '');
const join = (parts: Words): string => parts.join(' ').replace(/ , /g, ', ').replace(/^, |, $/g, '');
const isWord = (w: string) => /^[\p{L}'’-]+$/u.test(w) && w.length >= 4;

/** QWERTY neighbours: typos land next door more often than anywhere else. */
const NEIGHBOURS: Record<string, string> = {
  a: 'qswz', b: 'vghn', c: 'xdfv', d: 'serfcx', e: 'wrsd', f: 'drtgvc', g: 'ftyhbv', h: 'gyujnb', i: 'ujko',
  j: 'huikmn', k: 'jiolm', l: 'kop', m: 'njk', n: 'bhjm', o: 'iklp', p: 'ol', q: 'wa', r: 'edft', s: 'awedxz',
  t: 'rfgy', u: 'yhji', v: 'cfgb', w: 'qase', x: 'zsdc', y: 'tghu', z: 'asx',
};

/** One keyboard typo (neighbour key, dropped, doubled or swapped letter) in one word of 4+ letters. */
export function typo(name: string, random: SeededRandom): string | null {
  const parts = words(name);
  const candidates = parts.map((w, i) => (isWord(w) ? i : -1)).filter((i) => i >= 0);
  if (candidates.length === 0) return null;
  const at = random.pick(candidates);
  const word = parts[at]!;
  // First letters are rarely mistyped: keep them 90% of the time.
  const position = random.chance(0.9) ? 1 + random.below(word.length - 1) : 0;
  const letter = word[position]!;
  const lower = letter.toLowerCase();
  const operation = random.below(4);
  let changed: string;
  if (operation === 0 && NEIGHBOURS[lower]) {
    const replacement = random.pick([...NEIGHBOURS[lower]]);
    changed = word.slice(0, position) + (letter === lower ? replacement : replacement.toUpperCase()) + word.slice(position + 1);
  } else if (operation === 1) {
    changed = word.slice(0, position) + word.slice(position + 1);
  } else if (operation === 2) {
    changed = word.slice(0, position) + letter + word.slice(position);
  } else {
    const swapAt = Math.min(position, word.length - 2);
    changed = word.slice(0, swapAt) + word[swapAt + 1]! + word[swapAt]! + word.slice(swapAt + 2);
  }
  if (changed === word) return null;
  parts[at] = changed;
  return join(parts);
}

/** "SURNAME, Given" ↔ "Given SURNAME", or the last word moved to the front. */
export function reorder(name: string, random: SeededRandom): string | null {
  const parts = words(name);
  const comma = parts.indexOf(',');
  if (comma > 0) return join([...parts.slice(comma + 1), ...parts.slice(0, comma)]);
  const named = parts.filter((w) => w !== ',');
  if (named.length < 2) return null;
  if (random.chance(0.5)) return `${named[named.length - 1]!}, ${named.slice(0, -1).join(' ')}`;
  return join([named[named.length - 1]!, ...named.slice(0, -1)]);
}

/** A middle name dropped (people), or a trailing legal form or middle word dropped (organisations). */
export function droppedPart(name: string, random: SeededRandom, person: boolean): string | null {
  const parts = words(name).filter((w) => w !== ',');
  if (person) {
    if (parts.length < 3) return null;
    const at = 1 + random.below(parts.length - 2);
    return join([...parts.slice(0, at), ...parts.slice(at + 1)]);
  }
  if (parts.length < 3) return null;
  const last = parts[parts.length - 1]!.toLowerCase().replace(/\./g, '');
  if (['ltd', 'limited', 'llc', 'inc', 'co', 'company', 'corporation', 'corp', 'jsc', 'pjsc', 'gmbh', 'ag', 'sa'].includes(last)) {
    return join(parts.slice(0, -1));
  }
  if (parts.length < 4) return null;
  const at = 1 + random.below(parts.length - 2);
  return join([...parts.slice(0, at), ...parts.slice(at + 1)]);
}

/** Spelling rules that differ between romanisations of Arabic, Persian, Russian and Ukrainian names. */
const TRANSLITERATIONS: ReadonlyArray<readonly [RegExp, string]> = [
  [/\bmohammed\b/i, 'Muhammad'], [/\bmuhammad\b/i, 'Mohammed'], [/\bmohammad\b/i, 'Muhammed'],
  [/\bmohamed\b/i, 'Mohammed'], [/\bahmed\b/i, 'Ahmad'], [/\bahmad\b/i, 'Ahmed'], [/\babdul/i, 'Abdel'],
  [/\babdel/i, 'Abdul'], [/\bosama\b/i, 'Usama'], [/\busama\b/i, 'Osama'], [/\bal-/i, 'el-'], [/\bel-/i, 'al-'],
  [/\byusuf\b/i, 'Youssef'], [/\bhussein\b/i, 'Husayn'], [/\bhusain\b/i, 'Hussein'], [/ou/i, 'u'], [/oo/i, 'u'],
  [/ee/i, 'i'], [/ei/i, 'ey'], [/ey\b/i, 'ei'], [/iy\b/i, 'y'], [/y\b/i, 'i'], [/ii\b/i, 'iy'], [/q/i, 'k'],
  [/dh/i, 'd'], [/kh/i, 'h'], [/aa/i, 'a'], [/ss/i, 's'], [/ph/i, 'f'], [/ks/i, 'x'], [/x/i, 'ks'],
  [/ya/i, 'ia'], [/yu/i, 'iu'], [/zh/i, 'j'], [/ov\b/i, 'off'], [/ev\b/i, 'ef'], [/sh/i, 'ch'],
  [/([bcdfghjklmnprstvz])\1/i, '$1'], [/j/i, 'dj'], [/w/i, 'v'], [/c([aou])/i, 'k$1'], [/u/i, 'ou'],
];

/** One romanisation rule applied where it fits, preserving the word's case. */
export function transliteration(name: string, random: SeededRandom): string | null {
  const rules = random.shuffled(TRANSLITERATIONS.filter(([pattern]) => pattern.test(name)));
  for (const [pattern, replacement] of rules) {
    const changed = name.replace(pattern, (found, ...groups: unknown[]) => {
      const text = replacement.replace('$1', typeof groups[0] === 'string' ? groups[0] : '');
      return found === found.toUpperCase() ? text.toUpperCase() : found[0] === found[0]!.toUpperCase() ? text : text.toLowerCase();
    });
    if (changed !== name) return changed;
  }
  return null;
}

const SPLITTABLE_PREFIXES = ['abdul', 'abdel', 'abd', 'abu', 'al', 'el', 'ibn', 'bin', 'nur', 'ul'];

/** Two words joined ("Abdul Rahman" → "Abdulrahman") or a prefixed word split ("Abdulaziz" → "Abdul Aziz"). */
export function joinedOrSplit(name: string, random: SeededRandom): string | null {
  const parts = words(name).filter((w) => w !== ',');
  for (const [i, word] of parts.entries()) {
    const prefix = SPLITTABLE_PREFIXES.find((p) => word.toLowerCase().startsWith(p) && word.length >= p.length + 3);
    if (prefix && random.chance(0.5)) {
      const split = [...parts.slice(0, i), word.slice(0, prefix.length), word.slice(prefix.length), ...parts.slice(i + 1)];
      return join(split);
    }
  }
  if (parts.length < 2) return null;
  const at = random.below(parts.length - 1);
  const [first, second] = [parts[at]!, parts[at + 1]!];
  const joined = first === first.toUpperCase() ? `${first}${second.toUpperCase()}` : `${first}${second.toLowerCase()}`;
  return join([...parts.slice(0, at), joined, ...parts.slice(at + 2)]);
}

/** The first given name reduced to its initial ("Vladimir Vladimirovich Putin" → "V. Vladimirovich Putin"). */
export function initial(name: string): string | null {
  const all = words(name);
  const comma = all.indexOf(',');
  // "SURNAME, Given Names": the initial belongs to the first given name.
  const parts = comma > 0 ? [...all.slice(comma + 1), ...all.slice(0, comma)] : all.filter((w) => w !== ',');
  if (parts.length < 3 || !/^\p{L}/u.test(parts[0]!)) return null;
  return join([`${parts[0]![0]!}.`, ...parts.slice(1)]);
}
