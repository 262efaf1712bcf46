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
export function consonantSkeleton(
  folded: string,
  { abjad = false, keepFinalH = false, vowelsSeparate = false }: { abjad?: boolean; keepFinalH?: boolean; vowelsSeparate?: boolean } = {},
): string {
  let out = '';
  let last = '';
  const emit = (letter: string) => {
    if (letter !== last) out += letter;
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
        if (vowelsSeparate) last = '';
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
          emit('z');
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
  return !keepFinalH && out.length > 1 && out.endsWith('h') ? out.slice(0, -1) : out;
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
  const readings = [folded];
  if (FINAL_LETTER_THEN_HA.test(folded)) readings.push(folded.slice(0, -1));
  const skeletons: string[] = [];
  const add = (skeleton: string) => {
    if (skeleton.length > 0 && !skeletons.includes(skeleton)) skeletons.push(skeleton);
  };
  for (const reading of readings) {
    const skeleton = consonantSkeleton(reading, { abjad: true });
    add(consonantSkeleton(reading, { abjad: true, vowelsSeparate: true }));
    if (INITIAL_SEMIVOWEL.test(reading)) add(withInitialConsonant(reading, { abjad: true }));
    add(skeleton);
    if (arabicArticle && reading.startsWith('l') && skeleton.length >= 3) add(skeleton.slice(1));
  }
  if (arabicArticle && folded.endsWith('h')) {
    const constructState = consonantSkeleton(`${folded.slice(0, -1)}t`, { abjad: true });
    if (constructState.length >= CONSTRUCT_STATE_MIN_LENGTH) {
      add(constructState);
      if (folded.startsWith('l')) add(constructState.slice(1));
    }
  }
  // The longer skeleton first: it counts more, so a form two of them meet keeps its closer pairing.
  return skeletons.sort((a, b) => b.length - a.length);
}

/**
 * The skeletons a Latin listed spelling is filed under: its own and, when its letters read otherwise,
 * each other reading a transliteration of Arabic may give it, so `abjadSkeletons` of the same name meet
 * one of them: `zh` is Cyrillic ж in "Zhukov" but ز then ه in "Azhar" (and `ts` is ت then س); a letter
 * written twice across a vowel is two (Aziz); a y or w opening the word before a vowel is a consonant
 * (Yahya, Walid).
 */
export function latinSkeletons(text: string): string[] {
  const readings = [consonantSkeleton(text)];
  const add = (skeleton: string) => {
    if (skeleton.length > 0 && !readings.includes(skeleton)) readings.push(skeleton);
  };
  add(consonantSkeleton(text, { abjad: true }));
  add(consonantSkeleton(text, { vowelsSeparate: true }));
  if (LATIN_INITIAL_SEMIVOWEL.test(text)) add(withInitialConsonant(text));
  return readings;
}

/** The skeleton with the word's first letter kept as a consonant (an opening y or w). */
function withInitialConsonant(folded: string, options: { abjad?: boolean } = {}): string {
  return folded[0] + consonantSkeleton(folded.slice(1), options);
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

/** A transliteration ending in "th", "kh" or "dh": see `abjadSkeletons`. */
const FINAL_LETTER_THEN_HA = /[tkd]h$/;
