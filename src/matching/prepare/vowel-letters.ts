import type { SkeletonReading } from './consonant-skeleton';

/**
 * Whether an Arabic- or Hebrew-script word's written long vowels agree with a Latin spelling that
 * shares its consonant skeleton. Those scripts leave short vowels unwritten but write long ones, and
 * the skeleton drops both: و (w; Hebrew ו, v) stands for u, o or w, ي (y; Hebrew י) for i, e or y. A
 * Latin spelling of the same name writes a vowel of that kind between the same two consonants
 * ("يوسف", Yousef, Yusuf; "حسين", Hussein, Husayn), where another name that only shares the consonants
 * does not: "ג'וליה" (Julia) is not "Cali", "بوب براون" (Bob Brown) is not "Barnawi". Alif is not read:
 * the transliteration drops it, and the article's alif is spelled a, e, o or u ("عبدالله", Abdullah).
 *
 * Compared reading by reading: the two agree when some pair of readings with the same skeleton has,
 * in every gap where the Arabic-script word writes و or ي, a Latin vowel of its kind. When no pair of
 * readings shares a skeleton there is nothing to compare, and they agree.
 */
export function vowelLettersAgree(abjad: readonly SkeletonReading[], latin: readonly SkeletonReading[]): boolean {
  let compared = false;
  for (const written of abjad) {
    for (const spelled of latin) {
      if (written.skeleton !== spelled.skeleton) continue;
      if (gapsAgree(written.gaps, spelled.gaps)) return true;
      compared = true;
    }
  }
  return !compared;
}

/**
 * True for a Latin spelling, false for a listed form that is itself an Arabic- or Hebrew-script name
 * transliterated (consonants, w and y, at most a final a for ى): two such forms write their long vowels
 * alike or differ in spelling conventions (Persian ی, Arabic ى), not in vowels a reader would hear.
 */
export function spellsVowels(form: string): boolean {
  return LATIN_VOWEL.test(form);
}

function gapsAgree(written: readonly string[], spelled: readonly string[]): boolean {
  for (let i = 0; i < written.length; i++) {
    const letters = written[i]!;
    if (letters.length === 0) continue;
    const vowels = spelled[i] ?? '';
    if (WAW.test(letters) && !BACK_VOWEL.test(vowels)) return false;
    if (letters.includes('y') && !FRONT_VOWEL.test(vowels)) return false;
  }
  return true;
}

/** A vowel letter that no transliteration of an abjad writes, but for ى's final a. */
const LATIN_VOWEL = /[eiou]|a(?!$)/;
/** و transliterated (Hebrew ו reads v). */
const WAW = /[wv]/;
/** What a Latin spelling writes for و: u, o, or the consonant w (v). */
const BACK_VOWEL = /[ouwv]/;
/** What a Latin spelling writes for ي: i, e, or the consonant y. */
const FRONT_VOWEL = /[iey]/;
