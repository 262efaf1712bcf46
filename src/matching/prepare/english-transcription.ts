/**
 * English names written in Cyrillic follow the Russian and Ukrainian practice of transcribing sounds,
 * not letters: John is Джон, Hill Хилл, William Уильям, Warren Уоррен. Transliterated back letter by
 * letter ("dzhon", "khill", "uilyam", "uorren") they meet neither the English spelling nor its sound
 * key, so an Australian parliamentarian named in a Russian or Ukrainian source would go unmatched.
 *
 * This reading undoes the three most regular of those transcriptions: дж (dzh) is j, х (kh) is h, and
 * у (u) opening a word before a vowel is w. It is tried beside the letter-by-letter reading, never
 * instead of it, so a Russian name keeps its own ("Khodorkovsky" still meets "khodorkovsky").
 */
export function englishTranscriptionOf(folded: string): string | null {
  const reading = folded.replace(/dzh/g, 'j').replace(/kh/g, 'h').replace(INITIAL_U_BEFORE_VOWEL, 'w');
  return reading === folded ? null : reading;
}

/** True for a name with Cyrillic letters, whose tokens also get `englishTranscriptionOf`. */
export function isWrittenInCyrillic(raw: string): boolean {
  return CYRILLIC_LETTER.test(raw);
}

const INITIAL_U_BEFORE_VOWEL = /^u(?=[aeioy])/;
const CYRILLIC_LETTER = /\p{Script=Cyrillic}/u;
