/**
 * Consonant skeletons, so that a name written in a script without short vowels (Arabic, Persian, Urdu,
 * Hebrew) can meet its Latin spellings. Transliterated letter by letter, "معمر القذافي" becomes
 * "mmr lqdhfy": only consonants and long vowels, which no Latin spelling shares. Reducing both sides to
 * the same skeleton makes them comparable: vowels (and the semi-vowels w, y, v, which Arabic and Hebrew
 * also write for long vowels) are dropped, doubled letters collapse (Arabic does not write the shadda),
 * a final h goes (ta marbuta: "Fatimah" / "Fatima"), and the usual romanisation equivalences are
 * folded together: q/k/g/gh, dh/z, th/s, kh/h, sh/ch/s, zh/j, dj/j, ph/f, ts/tz/s, c/k, x/ks.
 *
 * "Muammar al-Qadhafi", "Moammar Kadhafi" and "معمر القذافي" all reduce to "mr" + "kzf". The skeleton
 * is coarse by design (Omar and Amir are both "mr"), so a skeleton pairing counts less than a spelling
 * match (`SKELETON_SIMILARITY_*` in `score-weights.ts`) and a whole name must agree to pass.
 * `keepFinalH` keeps a final h that ends the first of two words read as one. `vowelsSeparate` keeps a
 * letter written twice with a vowel between as two ("Aziz", عزيز: zz), where the default collapses them
 * (a dropped ain joins two letters the Latin spelling separates: معمر, Muammar); lookups file and try
 * both readings.
 */
export function consonantSkeleton(folded: string, options: SkeletonOptions = {}): string {
  return skeletonOf(folded, options);
}

/** How `consonantSkeleton` reads a word. */
export interface SkeletonOptions {
  abjad?: boolean;
  /** Read "dh" as d rather than z (a transliterated ض, ظ or ذ: Fadl beside Fazl, `abjadSkeletons`). */
  dhAsD?: boolean;
  keepFinalH?: boolean;
  vowelsSeparate?: boolean;
}

/**
 * A skeleton with what was dropped around its consonants: `gaps[i]` says which kinds of vowel letter
 * were read before consonant `i` (`BACK_VOWEL`: o, u, w, v; `FRONT_VOWEL`: i, e, y; a counts as
 * neither), the last gap those after the final one; a consonant written twice keeps one gap after it.
 * `vowel-letters.ts` compares the gaps of two spellings sharing a skeleton.
 */
export interface SkeletonReading {
  skeleton: string;
  gaps: readonly number[];
}

/** A gap's bit for o, u, w or v (`SkeletonReading`). */
export const BACK_VOWEL = 1;
/** A gap's bit for i, e or y (`SkeletonReading`). */
export const FRONT_VOWEL = 2;

/** The skeleton of `folded` with its gaps (see `SkeletonReading`); with `withGaps` false, none are kept. */
export function skeletonReading(folded: string, options: SkeletonOptions = {}, withGaps = true): SkeletonReading {
  if (!withGaps) return { skeleton: consonantSkeleton(folded, options), gaps: NO_GAPS };
  const gaps = [0];
  return { skeleton: skeletonOf(folded, options, gaps), gaps };
}

const NO_GAPS: readonly number[] = [];

/**
 * The distinct skeletons of some readings, the longer first: a longer skeleton counts more, so a form
 * two of them meet keeps its closer pairing.
 */
export function skeletonsOf(readings: readonly SkeletonReading[]): string[] {
  return [...new Set(readings.map((r) => r.skeleton))].sort((a, b) => b.length - a.length);
}

/** `consonantSkeleton`, recording the gaps into `gaps` (which starts as `[0]`) when given. */
function skeletonOf(
  folded: string,
  { abjad = false, dhAsD = false, keepFinalH = false, vowelsSeparate = false }: SkeletonOptions,
  gaps?: number[],
): string {
  let out = '';
  let last = '';
  // A consonant is written unless it repeats the last one (Arabic does not write the shadda).
  const emit = (letter: string) => {
    if (letter !== last) {
      out += letter;
      gaps?.push(0);
    }
    last = letter;
  };
  for (let i = 0; i < folded.length; i++) {
    const c = folded[i]!;
    const next = folded[i + 1];
    switch (c) {
      case 'a':
      case 'e':
      case 'i':
      case 'o':
      case 'u':
      case 'y':
      case 'w':
      case 'v':
        // Dropped, noted in its gap; with `vowelsSeparate`, the next consonant is written even if it repeats.
        if (vowelsSeparate) last = '';
        if (gaps) gaps[gaps.length - 1]! |= c === 'a' ? 0 : c === 'o' || c === 'u' || c === 'w' || c === 'v' ? BACK_VOWEL : FRONT_VOWEL;
        break;
      case 'k':
        if (next === 'h') i++;
        emit(next === 'h' ? 'h' : 'k');
        break;
      case 'g':
      case 'q':
        if (next === 'h') i++;
        emit('k');
        break;
      case 'c':
        if (next === 'h') {
          i++;
          emit('s');
        } else {
          if (next === 'k') i++;
          emit('k');
        }
        break;
      case 's':
        if (next === 'h') i++;
        emit('s');
        break;
      case 't':
        // Transliterated Arabic writes ث as "th" only: "ts" there is ت then س.
        if (next === 'h' || (!abjad && (next === 's' || next === 'z'))) {
          i++;
          emit('s');
        } else emit('t');
        break;
      case 'd':
        if (next === 'h') {
          i++;
          emit(dhAsD ? 'd' : 'z');
        } else if (next === 'j') {
          i++;
          emit('j');
        } else emit('d');
        break;
      case 'z':
        // "zh" is Cyrillic ж in Latin spellings; in transliterated Arabic it is ز then ه ("hmzh", Hamza).
        if (next === 'h' && !abjad) {
          i++;
          emit('j');
        } else emit('z');
        break;
      case 'p':
        if (next === 'h') i++;
        emit(next === 'h' ? 'f' : 'p');
        break;
      case 'x':
        emit('k');
        emit('s');
        break;
      default:
        emit(c);
    }
  }
  if (keepFinalH || out.length <= 1 || !out.endsWith('h')) return out;
  if (gaps) {
    const after = gaps.pop()!;
    gaps[gaps.length - 1]! |= after;
  }
  return out.slice(0, -1);
}

/**
 * The skeletons a transliterated token of an Arabic- or Hebrew-script name may stand for: its own,
 * and, when it starts with l, the one without it, since the Arabic article is written joined to its
 * noun ("القاعدة" → "lqdh"), where Latin spellings mostly write it apart ("al-Qaida"). Hebrew has no
 * such article (`arabicArticle` false): a Hebrew "l" is the name's own first letter. A token ending in
 * t, k or d then h may end in the letter ه after ط, ك or د rather than in ث, خ or ذ (which
 * transliterate as "th", "kh", "dh"): "طه" is Taha, "حماده" Hamada, so that reading is given too.
 * An Arabic word ending in h may end in ة (ta marbuta), which the transliteration writes "h" but which is
 * "t" in the construct state, the first word of a phrase like "جزيرة العرب" (Jazirat al-Arab, Harakat,
 * Jamiat, Qa'idat): that reading is given as well.
 */
export function abjadSkeletons(folded: string, { arabicArticle = true }: { arabicArticle?: boolean } = {}): string[] {
  return skeletonsOf(abjadSkeletonReadings(folded, { arabicArticle }));
}

/** The readings behind `abjadSkeletons`, each with its gaps (`SkeletonReading`), none empty. */
export function abjadSkeletonReadings(folded: string, { arabicArticle = true }: { arabicArticle?: boolean } = {}): SkeletonReading[] {
  const letters = [folded];
  if (FINAL_LETTER_THEN_HA.test(folded)) letters.push(folded.slice(0, -1));
  const readings: SkeletonReading[] = [];
  const add = (reading: SkeletonReading) => {
    if (reading.skeleton.length > 0) readings.push(reading);
  };
  for (const text of letters) {
    const plain = skeletonReading(text, { abjad: true });
    add(skeletonReading(text, { abjad: true, vowelsSeparate: true }));
    if (INITIAL_SEMIVOWEL.test(text)) add(withInitialConsonant(text, { abjad: true }));
    add(plain);
    if (arabicArticle && text.startsWith('l')) add(withoutArticle(text, plain, 3));
    if (DH.test(text)) add(skeletonReading(text, { abjad: true, dhAsD: true }));
  }
  if (arabicArticle && folded.endsWith('h')) {
    const constructText = `${folded.slice(0, -1)}t`;
    const constructState = skeletonReading(constructText, { abjad: true });
    if (constructState.skeleton.length >= CONSTRUCT_STATE_MIN_LENGTH) {
      add(constructState);
      if (folded.startsWith('l')) add(withoutArticle(constructText, constructState, 0));
    }
  }
  return readings;
}

/**
 * The reading of a word without its opening article l, given when its reading with it (`withArticle`)
 * has at least `minLength` consonants. Read from the letters after the l: where the noun starts with l
 * too ("العولقي", al-Awlaqi), the two collapse into one in `withArticle`, and this reading (with the same
 * skeleton) puts the noun's vowel letters in their place.
 */
function withoutArticle(text: string, withArticle: SkeletonReading, minLength: number): SkeletonReading {
  const without = skeletonReading(text.slice(1), { abjad: true });
  return without.skeleton === withArticle.skeleton || withArticle.skeleton.length >= minLength ? without : NO_READING;
}

const NO_READING: SkeletonReading = { skeleton: '', gaps: [0] };

/**
 * The skeletons a Latin listed spelling is filed under: its own and, when its letters read otherwise,
 * each other reading a transliteration of Arabic may give it, so `abjadSkeletons` of the same name meet
 * one of them: `zh` is Cyrillic ж in "Zhukov" but ز then ه in "Azhar" (and `ts` is ت then س); a letter
 * written twice across a vowel is two (Aziz); a y or w opening the word before a vowel is a consonant
 * (Yahya, Walid).
 */
export function latinSkeletons(text: string): string[] {
  // The first is the word's own skeleton, even when empty (a word of vowels): `SkeletonLookup` files by it.
  const skeletons: string[] = [];
  someLatinReading(
    text,
    ({ skeleton }) => {
      if (skeletons.length === 0 || !skeletons.includes(skeleton)) skeletons.push(skeleton);
      return false;
    },
    false,
  );
  return skeletons;
}

/**
 * The readings behind `latinSkeletons` (with their gaps unless `withGaps` is false), one at a time, the
 * word's own first (even when empty; the others only when not), until `enough` answers true (then
 * true): a caller looking for one reading that fits need not read the word every other way.
 */
export function someLatinReading(text: string, enough: (reading: SkeletonReading) => boolean, withGaps = true): boolean {
  if (enough(skeletonReading(text, {}, withGaps))) return true;
  for (const options of OTHER_LATIN_READINGS) {
    const reading = skeletonReading(text, options, withGaps);
    if (reading.skeleton.length > 0 && enough(reading)) return true;
  }
  return LATIN_INITIAL_SEMIVOWEL.test(text) && enough(withInitialConsonant(text, {}, withGaps));
}

/** How else a Latin spelling is read (`latinSkeletons`) than as it is, besides an opening y or w as a consonant. */
const OTHER_LATIN_READINGS: readonly SkeletonOptions[] = [{ abjad: true }, { vowelsSeparate: true }];

/** The skeleton with the word's first letter kept as a consonant (an opening y or w). */
function withInitialConsonant(folded: string, options: SkeletonOptions = {}, withGaps = true): SkeletonReading {
  const rest = skeletonReading(folded.slice(1), options, withGaps);
  return { skeleton: folded[0] + rest.skeleton, gaps: withGaps ? [0, ...rest.gaps] : NO_GAPS };
}

/** In a transliteration an opening y or w is ي or و, always a consonant there. */
const INITIAL_SEMIVOWEL = /^[yw]/;
/** In a Latin spelling only before a vowel (Yahya, Walid; not Ybarra). */
const LATIN_INITIAL_SEMIVOWEL = /^[yw][aeiou]/;

/**
 * A word's skeleton with its final ة read as "t" is given only from three consonants: two ("الله" as
 * "lt") would meet any short Latin name.
 */
const CONSTRUCT_STATE_MIN_LENGTH = 3;

/** A transliterated ض, ظ or ذ, which Latin spellings also write d (see `SkeletonOptions.dhAsD`). */
const DH = /dh/;

/** A transliteration ending in "th", "kh" or "dh": see `abjadSkeletons`. */
const FINAL_LETTER_THEN_HA = /[tkd]h$/;
