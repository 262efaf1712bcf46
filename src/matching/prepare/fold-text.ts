import anyAscii from 'any-ascii';

/**
 * Folds a published or queried name to lower-case ASCII words separated by single spaces, so that
 * "Qaddāfī", "ＱＡＤＤＡＦＩ" and "Qaddafi" compare equal and names published in Arabic, Cyrillic or
 * Chinese script meet their Latin spellings. Commas are kept as `,` words: they separate the parts of
 * "SURNAME, Given names" entries and tell the tokeniser where a title may start.
 */
export function foldText(raw: string, options: { organisation?: boolean } = {}): string {
  let text = raw.normalize('NFKC');
  // any-ascii writes a run of Han characters as CamelCase pinyin ("XiJinPing"): space the syllables so
  // they can meet "Xi Jinping" through the joined-token match instead of forming one unknown word.
  text = text.replace(HAN_CHARACTER, (ch) => ` ${anyAscii(ch)} `);
  text = anyAscii(text).toLowerCase();
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

/**
 * True for names in scripts usually written without short vowels (Arabic, Persian, Urdu, Hebrew):
 * transliterated, they become consonant skeletons ("محمد" → "mhmd") that only meet the same name in
 * the same script, so the index matches them exactly and never phonetically or as typos.
 */
export function isWrittenWithoutVowels(raw: string): boolean {
  return ABJAD_LETTER.test(raw);
}

const ABJAD_LETTER = /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}]/u;
const HAN_CHARACTER = /\p{Script=Han}/gu;
const APOSTROPHES = /['`\u00b4\u2018\u2019\u02bc\u02bb\u02be\u02bf]/g;
const DOTTED_ACRONYM = /\b(?:[a-z]\.){2,}(?:[a-z]\b)?/g;
const NOT_WORD_OR_COMMA = /[^a-z0-9,]+/g;
