import anyAscii from 'any-ascii';

/**
 * Folds a published or queried name to lower-case ASCII words separated by single spaces, so that
 * "Qaddāfī", "ＱＡＤＤＡＦＩ" and "Qaddafi" compare equal and names published in Arabic, Cyrillic or
 * Chinese script meet their Latin spellings. Commas are kept as `,` words: they separate the parts of
 * "SURNAME, Given names" entries and tell the tokeniser where a title may start.
 */
export function foldText(raw: string, options: { organisation?: boolean } = {}): string {
  // ASCII is already what the steps up to any-ascii make of it (they only rewrite other characters).
  let text = ASCII.test(raw) ? raw.toLowerCase() : toAscii(raw).toLowerCase();
  // Apostrophes and ayn/hamza marks join their word: O'Brien = OBrien, `Abd = Abd, Sana'a = Sanaa.
  text = text.replace(APOSTROPHES, '');
  text = text.replace(/&/g, ' and ');
  if (options.organisation) {
    // Dotted acronyms are one word in company names: "S.A." = "SA", "L.L.C." = "LLC".
    text = text.replace(DOTTED_ACRONYM, (acronym) => acronym.replace(/\./g, ''));
  }
  text = text.replace(/,/g, ' , ');
  return text
    .replace(NOT_WORD_OR_COMMA, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Any name as ASCII: compatibility forms composed, Han, Hangul and a few Hebrew and Arabic-script letters (`LETTER_READINGS`) read as the lists spell them, the rest by any-ascii. */
function toAscii(raw: string): string {
  let text = raw.normalize('NFKC');
  // any-ascii writes a run of Han characters as CamelCase pinyin ("XiJinPing"): space the syllables so
  // they can meet "Xi Jinping" through the joined-token match instead of forming one unknown word.
  text = text.replace(HAN_CHARACTER, (ch) => ` ${anyAscii(ch)} `);
  // Hangul likewise, a syllable a word, in the spelling Korean names take on the lists (see below).
  text = text.replace(HANGUL_SYLLABLE, (ch) => ` ${koreanSyllable(ch)} `);
  for (const [letter, reading] of LETTER_READINGS) text = text.replace(letter, reading);
  return anyAscii(text);
}

/**
 * True for names in scripts usually written without short vowels (Arabic, Persian, Urdu, Hebrew):
 * transliterated, they become consonant skeletons ("محمد" → "mhmd") that only meet the same name in
 * the same script, so the index matches them exactly and never phonetically or as typos.
 */
export function isWrittenWithoutVowels(raw: string): boolean {
  return ABJAD_LETTER.test(raw);
}

/**
 * The script of a name written without short vowels ("Arabic" for Persian and Urdu too), for the
 * explanation of a skeleton match; null for any other name.
 */
export function abjadScriptOf(raw: string): 'Arabic' | 'Hebrew' | 'Syriac' | 'Thaana' | null {
  for (const [script, letter] of ABJAD_SCRIPTS) if (letter.test(raw)) return script;
  return null;
}

/**
 * True for names with Chinese characters: any-ascii reads them as Mandarin pinyin syllables, which are
 * short and exact ("jin", "zheng"): a sound-alike or a typo of one is another character, so they are
 * matched exactly (as syllables or joined), never loosely.
 */
export function isWrittenInHan(raw: string): boolean {
  return HAN_LETTER.test(raw);
}

/**
 * One Hangul syllable in the spelling the lists give Korean names. any-ascii writes the Revised
 * Romanization ("김정은" → Gim Jeong Eun); the lists follow the older McCune–Reischauer style without
 * its diacritics (KIM Jong Un, PAK, CHOE Ryong Hae, RI Pyong Chol): an initial g, d or b is written
 * k, t or p, an initial l as r, a final g (not ng) as k, and "eo" / "eu" as o / u.
 */
function koreanSyllable(syllable: string): string {
  const revised = anyAscii(syllable).toLowerCase();
  // 이 alone would read as an initial; the lists write the surname RI (North) or LEE/YI (South).
  if (revised === 'i') return 'ri';
  return revised
    .replace(/^g/, 'k')
    .replace(/^d/, 't')
    .replace(/^b/, 'p')
    .replace(/^l/, 'r')
    .replace(/(?<!n)g$/, 'k')
    .replace(/eo/g, 'o')
    .replace(/eu/g, 'u');
}

/** Printable ASCII (control characters take the long way, as before). */
const ASCII = /^[\x20-\x7e]*$/;
/** Letters read otherwise than any-ascii reads them, before it does. */
const LETTER_READINGS: readonly [RegExp, string][] = [
  // any-ascii reads Hebrew bet as "v", the letter vav's reading, and a consonant skeleton drops v as a
  // written vowel: "בוב" would leave no letter at all. Bet is written b (Binyamin, Abraham) as often.
  [/\u05D1\u05BC?/g, 'b'],
  // any-ascii writes ض as "d", like د; but it is "z" in Persian, Urdu and Pashto names (Fazl, Reza,
  // Ramazan, Qazi) as often as "d" or "dh" in Arabic ones (Fadl, Rida, Ramadan, Qadi). Written "dh", as
  // ظ and ذ are, its skeleton reads z and, beside it, d (`abjadSkeletons`).
  [/\u0636/g, 'dh'],
  // Pashto ځ, which any-ascii writes "dz", is z in the Afghan names the lists spell (Zadran).
  [/\u0681/g, 'z'],
];
const ABJAD_LETTER = /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}]/u;
const ABJAD_SCRIPTS = [
  ['Arabic', /\p{Script=Arabic}/u],
  ['Hebrew', /\p{Script=Hebrew}/u],
  ['Syriac', /\p{Script=Syriac}/u],
  ['Thaana', /\p{Script=Thaana}/u],
] as const;
const HAN_CHARACTER = /\p{Script=Han}/gu;
const HAN_LETTER = /\p{Script=Han}/u;
const HANGUL_SYLLABLE = /[\uac00-\ud7a3]/gu;
const APOSTROPHES = /['`\u00b4\u2018\u2019\u02bc\u02bb\u02be\u02bf]/g;
const DOTTED_ACRONYM = /\b(?:[a-z]\.){2,}(?:[a-z]\b)?/g;
const NOT_WORD_OR_COMMA = /[^a-z0-9,]+/g;
