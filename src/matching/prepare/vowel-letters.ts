import type { SkeletonReading } from './consonant-skeleton';

/**
 * Whether an Arabic- or Hebrew-script word's written long vowels agree with a Latin spelling that
 * shares its consonant skeleton. Those scripts leave short vowels unwritten but write long ones, and
 * the skeleton drops both: و (w; Hebrew ו, v) stands for u, o or w, ي (y; Hebrew י) for i, e or y. A
 * Latin spelling of the same name writes a vowel of that kind between the same two consonants
 * ("يوسف", Yousef, Yusuf; "حسين", Hussein, Husayn), where another name that only shares the consonants
 * does not: "ג'וליה" (Julia) is not "Cali", "بوب براون" (Bob Brown) is not "Barnawi". A hamza's seat
 * counts as the vowel it is read as (ئ, transliterated i: Raed, Fayez; ؤ, u: Momin). Alif is not read:
 * the transliteration drops it, and the article's alif is spelled a, e, o or u ("عبدالله", Abdullah).
 *
 * Asked per skeleton, as `SkeletonLookup` finds forms by one: `written`, the word's readings with the
 * skeleton; `spelled`, the gaps of the Latin spelling's readings with it (none for a form that is
 * itself a transliteration, which is not asked). They agree when some pair of readings has, in every
 * gap where the word writes a long vowel, a Latin vowel of its kind; a reading that writes none agrees
 * with any spelling.
 */
export function spelledAlike(written: readonly SkeletonReading[], spelled: readonly (readonly number[])[]): boolean {
  if (spelled.length === 0) return true;
  return written.some((reading) => spelled.some((gaps) => gapsAgree(reading.gaps, gaps)));
}

/**
 * False when some reading writes no long vowel in any gap: any spelling with its skeleton agrees with
 * that one (`spelledAlike`), so `SkeletonLookup` need not ask the spellings it finds by it.
 */
export function asksForVowels(abjad: readonly SkeletonReading[]): boolean {
  return abjad.length > 0 && abjad.every(writesLongVowels);
}

function writesLongVowels(reading: SkeletonReading): boolean {
  return reading.gaps.some((gap) => gap !== 0);
}

/**
 * True for a Latin spelling, false for a listed form that is itself an Arabic- or Hebrew-script name
 * transliterated (consonants, w and y, at most a final a for ى): two such forms write their long vowels
 * alike or differ in spelling conventions (Persian ی, Arabic ى), not in vowels a reader would hear.
 */
export function spellsVowels(form: string): boolean {
  return LATIN_VOWEL.test(form);
}

/** Every kind of vowel the word writes in a gap is spelled in the same gap (`SkeletonReading`'s bits). */
function gapsAgree(written: readonly number[], spelled: readonly number[]): boolean {
  for (let i = 0; i < written.length; i++) if ((written[i]! & ~(spelled[i] ?? 0)) !== 0) return false;
  return true;
}

/** A vowel letter that no transliteration of an abjad writes, but for ى's final a. */
const LATIN_VOWEL = /[eiou]|a(?!$)/;
