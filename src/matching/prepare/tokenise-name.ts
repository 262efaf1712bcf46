import { foldText, isWrittenWithoutVowels } from './fold-text';
import { withoutAnnotations } from './name-annotations';
import {
  ABJAD_HONORIFICS,
  ABJAD_INNER_TITLES,
  ABJAD_PARTICLES,
  GENERATIONAL_SUFFIXES,
  GENERIC_ORGANISATION_WORDS,
  HONORIFICS,
  INNER_TITLES,
  LEGAL_FORMS,
  ORGANISATION_CONNECTIVES,
  PARTICLES,
} from './word-classes';

/**
 * What a token is to the scorer: `name` carries identity; `initial` is one letter of a person's name
 * and can only confirm a name that starts with it; `particle`, `legal_form` and `generic` are kept but
 * weigh little (see `word-classes.ts` and the weights in `score-weights.ts`).
 */
export type TokenRole = 'name' | 'initial' | 'particle' | 'legal_form' | 'generic';

/** Every role, in the order the index encodes them as small integers. */
export const TOKEN_ROLES: readonly TokenRole[] = ['name', 'initial', 'particle', 'legal_form', 'generic'];

export interface NameToken {
  text: string;
  role: TokenRole;
  /** True when the name as written joins this token to the one before with a hyphen ("JAFARI-NAJAFABADI"). */
  hyphenated?: boolean;
}

/** People's names and everything else (organisations, vessels, unclassified) follow different rules. */
export type NameContext = 'person' | 'organisation';

/**
 * Longer names are cut here: alignment keeps token sets in 32-bit masks, and the few published names
 * longer than this (long Russian company names) are identified well before their 24th word.
 */
export const MAX_NAME_TOKENS = 24;

/**
 * Splits a name into classified tokens. Leading titles of a person's name, and of each part after a
 * comma ("AL-BAGHDADI, Sheikh Abu Bakr"), and the pilgrimage's and religious learning's titles
 * wherever they stand ("… Haji Abdul Manan"), are dropped unless nothing else would be left.
 */
export function tokeniseName(raw: string, context: NameContext): NameToken[] {
  const folded = foldText(withoutAnnotations(raw), { organisation: context === 'organisation' });
  const abjad = isWrittenWithoutVowels(raw);
  const words = context === 'person' ? withoutTitles(folded.split(' '), abjad ? ABJAD_TITLES : LATIN_TITLES) : folded.split(' ');
  const tokens: NameToken[] = [];
  const split = abjad ? words.flatMap(splitAbd) : words;
  split.forEach((word, i) => {
    if (word === '' || word === ',' || tokens.length === MAX_NAME_TOKENS) return;
    let role = abjad && ABJAD_PARTICLES.has(word) ? 'particle' : roleOf(word, context);
    if (role === 'particle' && context === 'person' && !abjad && endsItsPart(split, i)) role = 'name';
    tokens.push({ text: word, role });
  });
  if (context === 'person' && raw.includes('-')) markHyphenated(raw, tokens);
  return tokens;
}

/**
 * Marks the tokens a hyphen joins to the one before, read from the name as written (folding turns
 * hyphens into spaces): the parts of a double-barrelled surname belong together.
 */
function markHyphenated(raw: string, tokens: NameToken[]): void {
  const pairs = new Set<string>();
  for (const compound of raw.match(HYPHENATED) ?? []) {
    const parts = compound.split('-').map((part) => foldText(part));
    for (let j = 1; j < parts.length; j++) pairs.add(`${parts[j - 1]} ${parts[j]}`);
  }
  for (let i = 1; i < tokens.length; i++) {
    if (pairs.has(`${tokens[i - 1]!.text} ${tokens[i]!.text}`)) tokens[i]!.hyphenated = true;
  }
}

const HYPHENATED = /[\p{L}\p{M}\p{N}'’]+(?:-[\p{L}\p{M}\p{N}'’]+)+/gu;

/**
 * True when no name follows this particle-like word before the next comma or the end: "Changgen DU",
 * "Stephen Wai-chung LO", "LE, Van Thanh" are surnames, where "du", "lo" and "le" in "Juan DU PONT"
 * or "LE PEN" lead a surname. A generational suffix ("IVANOV JR.") stays a particle.
 */
function endsItsPart(words: readonly string[], at: number): boolean {
  if (GENERATIONAL_SUFFIXES.has(words[at]!)) return false;
  for (let i = at + 1; i < words.length && words[i] !== ','; i++) {
    if (!PARTICLES.has(words[i]!)) return false;
  }
  return true;
}

/**
 * "عبدالقدير" is written as one word in Arabic script but as two or three in Latin ("Abdul Qadir",
 * "Abd al-Qadir"): transliterated ("bdlqdyr"), it is split after "bd" so each part meets its own.
 */
function splitAbd(word: string): string[] {
  return word.length > 4 && word.startsWith('bdl') ? ['bd', word.slice(2)] : [word];
}

/** Titles dropped at the front of a person's name (`leading`) and anywhere before a name (`inner`). */
interface Titles {
  leading: ReadonlySet<string>;
  inner: ReadonlySet<string>;
}
const LATIN_TITLES: Titles = { leading: HONORIFICS, inner: INNER_TITLES };
const ABJAD_TITLES: Titles = { leading: ABJAD_HONORIFICS, inner: ABJAD_INNER_TITLES };

function withoutTitles(words: string[], titles: Titles): string[] {
  const kept: string[] = [];
  let atSegmentStart = true;
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    if (word === ',') {
      atSegmentStart = true;
      kept.push(word);
    } else if ((atSegmentStart && titles.leading.has(word)) || (titles.inner.has(word) && titlesAName(words, i))) {
      continue;
    } else {
      atSegmentStart = false;
      kept.push(word);
    }
  }
  return kept.some((w) => w !== ',') ? kept : words;
}

/**
 * True when at least two words follow the title in its part of the name: a title stands before a
 * given name and more ("… Haji Abdul Manan"), while one word after it is a surname made from it
 * ("Amir Ali Haji Zadeh" is Hajizadeh).
 */
function titlesAName(words: string[], at: number): boolean {
  let after = 0;
  for (let i = at + 1; i < words.length && words[i] !== ',' && after < 2; i++) after++;
  return after >= 2;
}

function roleOf(word: string, context: NameContext): TokenRole {
  if (context === 'organisation') {
    if (LEGAL_FORMS.has(word)) return 'legal_form';
    if (GENERIC_ORGANISATION_WORDS.has(word)) return 'generic';
    if (PARTICLES.has(word) || ORGANISATION_CONNECTIVES.has(word)) return 'particle';
    return 'name';
  }
  if (PARTICLES.has(word)) return 'particle';
  if (word.length === 1 && word >= 'a' && word <= 'z') return 'initial';
  return 'name';
}
