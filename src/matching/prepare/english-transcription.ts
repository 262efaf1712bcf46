/**
 * English names written in Cyrillic or Greek follow the practice of transcribing sounds, not letters:
 * John is Джон, Hill Хилл, William Уильям, Warren Уоррен; Julia Gillard is Τζούλια Γκίλαρντ, Bob Brown
 * Μπομπ Μπράουν. Transliterated back letter by letter ("dzhon", "khill", "uilyam"; "tzoylia gkilarnt",
 * "mpomp mpraoyn") they meet neither the English spelling nor its sound key, so an Australian
 * parliamentarian named in a Russian, Ukrainian or Greek source would go unmatched.
 *
 * This reading undoes the most regular of those transcriptions. Cyrillic: дж (dzh) is j, х (kh) is h,
 * у (u) opening a word before a vowel is w. Greek, whose alphabet has no letter for b, d, g or j: μπ
 * (mp) is b, ντ (nt) d, γκ (gk) g, τζ (tz) j, ου (oy) u, χ (ch) h. It is tried beside the
 * letter-by-letter reading, never instead of it, so a Russian or Greek name keeps its own
 * ("Khodorkovsky" still meets "khodorkovsky", "Kentrikos" its nt).
 */
export function englishTranscriptionOf(folded: string, script: TranscribedScript): string | null {
  let reading = folded;
  for (const [letters, sound] of RULES[script]) reading = reading.replace(letters, sound);
  return reading === folded ? null : reading;
}

export type TranscribedScript = 'Cyrillic' | 'Greek';

/** The script of a name whose tokens also get `englishTranscriptionOf`, or null. */
export function transcribedScriptOf(raw: string): TranscribedScript | null {
  if (CYRILLIC_LETTER.test(raw)) return 'Cyrillic';
  return GREEK_LETTER.test(raw) ? 'Greek' : null;
}

const RULES: Record<TranscribedScript, readonly (readonly [RegExp, string])[]> = {
  Cyrillic: [
    [/dzh/g, 'j'],
    [/kh/g, 'h'],
    [/^u(?=[aeioy])/, 'w'],
  ],
  Greek: [
    [/mp/g, 'b'],
    [/nt/g, 'd'],
    [/gk/g, 'g'],
    [/tz/g, 'j'],
    [/oy/g, 'u'],
    [/ch/g, 'h'],
  ],
};

const CYRILLIC_LETTER = /\p{Script=Cyrillic}/u;
const GREEK_LETTER = /\p{Script=Greek}/u;
