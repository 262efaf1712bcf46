import { FEMALE_GIVEN_NAME_GROUPS, MALE_GIVEN_NAME_GROUPS, ORGANISATION_WORD_GROUPS } from './name-variant-groups';
import type { NameContext } from './tokenise-name';

/**
 * The spelling differences every romanisation of Cyrillic names makes, folded away before a token is
 * looked up among the name variants: y/j/i (Yuriy, Jurij, Iurii), w/v (Wladimir), x/ks (Alexei) and
 * doubled letters (Gennady, Genadz).
 */
export function variantFold(token: string): string {
  let folded = '';
  let previous = '';
  for (const letter of token) {
    const mapped = letter === 'y' || letter === 'j' ? 'i' : letter === 'w' ? 'v' : letter === 'x' ? 'ks' : letter;
    for (const out of mapped) {
      if (out !== previous) folded += out;
      previous = out;
    }
  }
  return folded;
}

/**
 * The key under which a folded token and its other-language forms are filed, or null when it has
 * none: a person's given name ("volodymyr" and "vladimir" → `m:vladimir`), a patronymic derived from
 * one ("mykolayovych" and "nikolaevich" → `pm:nikolai`), or in an organisation's name a word and its
 * translation ("zavod" and "plant" → `o:plant`). Keys of the two contexts never meet.
 */
export function variantKeyOf(token: string, context: NameContext): string | null {
  if (context === 'organisation') return ORGANISATION_WORDS.get(token) ?? null;
  const folded = variantFold(token);
  return GIVEN_NAMES.get(folded) ?? patronymicKeyOf(folded) ?? slavicSurnameKeyOf(token);
}

/**
 * An East Slavic surname ("-ov", "-enko", "-uk", "-sky"…) filed under its spelling with the differences
 * between Russian, Ukrainian, Belarusian and German romanisation folded away: Ukrainian h for Russian
 * g ("Hladkov" / "Gladkov"), yo/ie/ye for e ("Fyodorov" / "Fedorov", "Shahivalieiev" / "Shagivaleev"),
 * German sch/tsch for sh/ch, and those of `variantFold`. Digraphs are set aside first, so the h of kh,
 * sh, ch and zh stays what it is.
 */
function slavicSurnameKeyOf(token: string): string | null {
  if (!SLAVIC_SURNAME_ENDING.test(token)) return null;
  const folded = variantFold(
    token
      .replace(/shch|tsch|sch|zh|kh|ch|sh/g, (digraph) => DIGRAPHS[digraph]!)
      .replace(/h/g, 'g')
      .replace(/[yij]o|[yij]e/g, 'e'),
  );
  return `s:${folded}`;
}

const SLAVIC_SURNAME_ENDING = /(?:[oe]va?|enko|[iy]?uk|sk(?:y|iy|ii|yi|a|aya)|[oe]vich|[oe]vych)$/;
/** Placeholders for the digraphs (upper case never occurs in a folded token). */
const DIGRAPHS: Readonly<Record<string, string>> = { shch: 'Q', tsch: 'C', sch: 'S', zh: 'Z', kh: 'X', ch: 'C', sh: 'S' };

/**
 * A patronymic is a father's given name with a suffix: Russian -ovich/-evich/-ovna/-evna, Ukrainian
 * -ovych/-ivna, Belarusian -avich/-auna, and the German (-owitsch), Scandinavian (-ovitj) and South
 * Slavic (-ović) spellings of them. With the suffix and the stem's final vowels off, what is left is
 * the father's name without its ending ("nikola-evich", "mykolay-ovych": "nikol", "mikol").
 */
function patronymicKeyOf(folded: string): string | null {
  for (const [suffix, gender] of PATRONYMIC_SUFFIXES) {
    if (!folded.endsWith(suffix) || folded.length < suffix.length + MIN_STEM) continue;
    const stem = withoutFinalVowels(folded.slice(0, -suffix.length));
    const canonical = stem.length >= MIN_STEM ? FATHERS_NAME_STEMS.get(stem) : undefined;
    return canonical === undefined ? null : `p${gender}:${canonical}`;
  }
  return null;
}

function withoutFinalVowels(text: string): string {
  let end = text.length;
  while (end > 0 && VOWELS.includes(text[end - 1]!)) end--;
  return text.slice(0, end);
}

const VOWELS = 'aeiou';
/** A father's name stem shorter than this ("il" of Ilya) could be the end of too many words. */
const MIN_STEM = 3;

/** Folded suffixes, longest first so "ovitsch" is not read as "…itsch" + "ov". */
const PATRONYMIC_SUFFIXES: readonly (readonly [string, 'm' | 'f'])[] = (
  [
    ['ovitsch', 'm'], ['evitsch', 'm'], ['ovitch', 'm'], ['evitch', 'm'], ['ovitsh', 'm'], ['evitsh', 'm'],
    ['ovich', 'm'], ['evich', 'm'], ['avich', 'm'], ['ovits', 'm'], ['evits', 'm'], ['oviti', 'm'], ['eviti', 'm'],
    ['ovic', 'm'], ['evic', 'm'], ['ovna', 'f'], ['evna', 'f'], ['ivna', 'f'], ['avna', 'f'], ['auna', 'f'],
  ] as const
).slice().sort((a, b) => b[0].length - a[0].length);

function keyed(groups: readonly (readonly string[])[], prefix: string, fold: (s: string) => string): Map<string, string> {
  const keys = new Map<string, string>();
  for (const group of groups) {
    const key = `${prefix}:${group[0]!}`;
    for (const spelling of group) {
      const folded = fold(spelling);
      const known = keys.get(folded);
      if (known !== undefined && known !== key) throw new Error(`name variant "${spelling}" is in two groups (${known}, ${key})`);
      keys.set(folded, key);
    }
  }
  return keys;
}

const GIVEN_NAMES: ReadonlyMap<string, string> = new Map([
  ...keyed(MALE_GIVEN_NAME_GROUPS, 'm', variantFold),
  ...keyed(FEMALE_GIVEN_NAME_GROUPS, 'f', variantFold),
]);

const ORGANISATION_WORDS: ReadonlyMap<string, string> = keyed(ORGANISATION_WORD_GROUPS, 'o', (s) => s);

/** Stems of men's given names as patronymics carry them, by canonical name ("pavl" from Pavel too). */
const FATHERS_NAME_STEMS: ReadonlyMap<string, string> = (() => {
  const stems = new Map<string, string>();
  for (const group of MALE_GIVEN_NAME_GROUPS) {
    for (const spelling of group) {
      const stem = withoutFinalVowels(variantFold(spelling));
      if (stem.length >= MIN_STEM && !stems.has(stem)) stems.set(stem, group[0]!);
    }
  }
  stems.set('pavl', 'pavel');
  return stems;
})();

