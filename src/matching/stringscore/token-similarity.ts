import {
  FUZZY_LONG_TOKEN_LENGTH,
  FUZZY_MAX_EDITS_LONG,
  FUZZY_MAX_EDITS_SHORT,
  FUZZY_MIN_JARO_WINKLER,
  FUZZY_DROPPED_LETTER_MIN_LENGTH,
  FUZZY_MIN_TOKEN_LENGTH,
  FUZZY_SAME_START_BELOW_LENGTH,
  FUZZY_UNHEARD_MIN_LENGTH,
  PHONETIC_MIN_JARO_WINKLER,
  PHONETIC_MIN_LENGTH,
  PHONETIC_MIN_LENGTH_RATIO,
  PHONETIC_SIMILARITY,
} from '../score-weights';
import { damerauLevenshtein } from './damerau-levenshtein';
import { jaroWinkler } from './jaro-winkler';

/** How two single tokens met. */
export type TokenMatchKind = 'exact' | 'phonetic' | 'fuzzy';

export interface TokenSimilarity {
  similarity: number;
  how: TokenMatchKind;
}

/** A folded token with its phonetic keys, computed once per query token or listed form. */
export interface TokenProfile {
  text: string;
  keys: readonly string[];
}

/**
 * Decides whether two folded tokens are the same name written differently, and how similar they are;
 * `null` when they are different names. Short tokens get no typo tolerance ("Ali" is not "Ari") and
 * tokens with digits only match exactly (vessel "1" is not vessel "7").
 */
export function compareTokens(query: TokenProfile, listed: TokenProfile): TokenSimilarity | null {
  return similarityOf(query.text, listed.text, query.text !== listed.text && sharesKey(query.keys, listed.keys));
}

/**
 * `compareTokens` on bare strings, told whether the two tokens share a phonetic key: in the index's
 * inner loop a form found under one of the query's keys shares it by construction, and the others'
 * keys are compared as ids, so no key strings are gathered for the hundreds of forms a look-up visits.
 * The cheapest refusals (lengths too far apart for either a sound-alike or a typo) come first.
 */
export function similarityOf(query: string, listed: string, keysShared: boolean): TokenSimilarity | null {
  if (query === listed) return EXACT;
  const shorter = Math.min(query.length, listed.length);
  const longer = Math.max(query.length, listed.length);
  if (!lengthsMayMeet(shorter, longer)) return null;
  const sameStart = query.charCodeAt(0) === listed.charCodeAt(0);
  const typoAllowed = sameStart || shorter >= FUZZY_SAME_START_BELOW_LENGTH || shorter !== longer;
  const allowed = typoAllowed ? allowedEdits(shorter, longer) : 0;
  const typoPossible = allowed > 0 && longer - shorter <= allowed;
  const lengthsSound = shorter >= PHONETIC_MIN_LENGTH_RATIO * longer && (shorter > PHONETIC_MIN_LENGTH || sameStart);
  if (!lengthsSound && !typoPossible) return null;
  if (genderedEndingsDiffer(query, listed)) return null;
  const startsAlike = sameStart || shorter >= FUZZY_SAME_START_BELOW_LENGTH || startsSoundAlike(query, listed);
  const soundsPossible = lengthsSound && startsAlike;
  if (!soundsPossible && !typoPossible) return null;
  if (HAS_DIGIT.test(query) || HAS_DIGIT.test(listed)) return null;
  const jw = jaroWinkler(query, listed);
  let best: TokenSimilarity | null = null;
  if (soundsPossible && keysShared && (jw >= PHONETIC_MIN_JARO_WINKLER || spellingsAlike(query, listed))) {
    best = { similarity: Math.max(jw, PHONETIC_SIMILARITY), how: 'phonetic' };
  }
  const typoSounds = shorter >= FUZZY_UNHEARD_MIN_LENGTH || keysShared || isPlural(query, listed);
  if (typoPossible && typoSounds && jw >= FUZZY_MIN_JARO_WINKLER && (best === null || jw > best.similarity)) {
    if (damerauLevenshtein(query, listed, allowed) <= allowed) best = { similarity: jw, how: 'fuzzy' };
  }
  return best;
}

/**
 * False when two different tokens of these lengths can meet neither by sound nor by typo, whatever their
 * letters: the index asks it before it reads a listed form's letters.
 */
export function lengthsMayMeet(shorter: number, longer: number): boolean {
  return shorter >= PHONETIC_MIN_LENGTH && (shorter >= PHONETIC_MIN_LENGTH_RATIO * longer || longer - shorter <= allowedEdits(shorter, longer));
}

/**
 * True when two spellings are close once the romanisation's own variations are folded: a digraph for
 * one Arabic letter (gh, kh, dh, th, ph) and q / k / g for one sound. "Ghadaffi" and
 * "Qadhafi" share a sound key but only 0.79 of their letters line up; folded they are one spelling.
 */
function spellingsAlike(a: string, b: string): boolean {
  const foldedA = romanisationFold(a);
  const foldedB = romanisationFold(b);
  // Nothing folded: the spelling check already said no.
  if (foldedA === a && foldedB === b) return false;
  return jaroWinkler(foldedA, foldedB) >= PHONETIC_MIN_JARO_WINKLER;
}

/** gh, kh, dh, th, ph as their first letter, then q and g as k (a loop: this runs per key collision). */
function romanisationFold(token: string): string {
  if (!FOLDABLE.test(token)) return token;
  let out = '';
  for (let i = 0; i < token.length; i++) {
    const c = token[i]!;
    out += c === 'q' || c === 'g' ? 'k' : c;
    if (token[i + 1] === 'h' && DIGRAPH_FIRST.has(c)) i++;
  }
  return out;
}

const FOLDABLE = /[qg]|[dkpt]h/;
const DIGRAPH_FIRST: ReadonlySet<string> = new Set(['d', 'g', 'k', 'p', 't']);

/** True when one token is the other with a plural s ("Ural" / "Urals"): a word's number, not another name. */
function isPlural(a: string, b: string): boolean {
  const [short, long] = a.length < b.length ? [a, b] : [b, a];
  return long.length === short.length + 1 && long.endsWith('s') && long.startsWith(short);
}

/** Typos two tokens of these lengths may differ by and still be the same name. */
export function allowedEdits(shorter: number, longer: number): number {
  if (shorter >= FUZZY_LONG_TOKEN_LENGTH) return FUZZY_MAX_EDITS_LONG;
  if (shorter >= FUZZY_MIN_TOKEN_LENGTH) return FUZZY_MAX_EDITS_SHORT;
  return shorter >= FUZZY_DROPPED_LETTER_MIN_LENGTH && longer === shorter + 1 ? 1 : 0;
}

/**
 * True when one token ends in -a (or -ah) and the other in -o: in the Romance and Slavic given names
 * that end so, the vowel is the gender, so "Mariah" / "Mario", "Antonia" / "Antonio" and "Paula" /
 * "Paulo" are two people's names, not one name misspelt, although they sound alike and are one letter
 * apart. Transliterations of one name rarely swap a final a for an o.
 */
export function genderedEndingsDiffer(a: string, b: string): boolean {
  const endA = finalVowel(a);
  const endB = finalVowel(b);
  return (endA === 'a' && endB === 'o') || (endA === 'o' && endB === 'a');
}

function finalVowel(token: string): string {
  const last = token.length - 1;
  if (token[last] === 'h' && token[last - 1] === 'a') return 'a';
  return token[last] ?? '';
}

/**
 * First letters that transliterations of one name swap: vowels (Osama / Usama), k/q/c/g (Qasim /
 * Kasim), j/y (Yusuf / Jusuf), v/w (Vasili / Wasili). Short names starting with other
 * different letters are other names even when they sound alike: "Jung" / "Aung", "Wang" / "Yang".
 */
function startsSoundAlike(a: string, b: string): boolean {
  const x = START_GROUP[a.charCodeAt(0) - 97];
  return x !== undefined && x === START_GROUP[b.charCodeAt(0) - 97];
}

const START_GROUP: readonly (number | undefined)[] = (() => {
  const groups = ['aeiou', 'kqcg', 'jy', 'vw'];
  const table: (number | undefined)[] = new Array<number | undefined>(26).fill(undefined);
  groups.forEach((letters, group) => {
    for (const letter of letters) table[letter.charCodeAt(0) - 97] = group;
  });
  return table;
})();

const EXACT: TokenSimilarity = { similarity: 1, how: 'exact' };
const HAS_DIGIT = /[0-9]/;

function sharesKey(a: readonly string[], b: readonly string[]): boolean {
  for (const key of a) if (b.includes(key)) return true;
  return false;
}
