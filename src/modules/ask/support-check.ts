/**
 * Whether a generated sentence says what the passages it cites say. A marker that names a passage
 * proves only that the model typed a number; this checks the words. A sentence is supported when
 *
 * - every figure in it (a number, amount, percentage or number word, such as "3", "$10,000", "25%" or
 *   "three") appears among the figures of the passages it cites: a wrong deadline or threshold is the
 *   costliest error an answer can make, and no overlap score catches "30 days" for "3 days"; and
 * - at least {@link MIN_SUPPORT} of its content words (stop words and markers dropped, light suffix
 *   stemming so "reports"/"reported"/"reporting" meet) appear in those passages.
 *
 * A lexical check, not an entailment model: it cannot see a negation flipped ("must not" read as
 * "must"), which is why the extractive answer stays the default and a generated one is an option.
 */

/** Share of a sentence's content words that the passages it cites must contain. */
export const MIN_SUPPORT = 0.6;

const STOP = new Set(
  'a an the and or but if of to in on at by for with from as is are was were be been being it its this that these those there their they them we you your our us i my me he she his her do does did done have has had can could may might must shall should will would not no nor so than then too very also any each such which who whom whose what when where why how about into over under after before within between up down out only own same other just more most some all both few'.split(
    ' ',
  ),
);

const NUMBER_WORDS: Record<string, string> = {
  one: '1', two: '2', three: '3', four: '4', five: '5', six: '6', seven: '7', eight: '8', nine: '9', ten: '10',
  eleven: '11', twelve: '12', thirteen: '13', fourteen: '14', fifteen: '15', twenty: '20', thirty: '30', hundred: '100',
  first: '1', second: '2', third: '3', fifteenth: '15', 'twenty-eighth': '28',
};

/** A word reduced to a rough stem, so inflections of one word compare equal. */
function stem(word: string): string {
  for (const suffix of ['ing', 'ed', 'es', 's', 'ly']) if (word.length - suffix.length >= 3 && word.endsWith(suffix)) return word.slice(0, -suffix.length);
  return word;
}

const tokens = (text: string) => text.toLowerCase().replace(/\[\d+\]/g, ' ').match(/\$?\d[\d,]*(?:\.\d+)?%?|[a-z]+(?:-[a-z]+)?/g) ?? [];

/** The figures a text states, normalised ("$10,000" → "10000", "three" → "3", "25%" → "25"). */
export function figuresOf(text: string): Set<string> {
  const out = new Set<string>();
  for (const t of tokens(text)) {
    if (/\d/.test(t)) out.add(t.replace(/[$,%]/g, '').replace(/\.0+$/, ''));
    else if (Object.hasOwn(NUMBER_WORDS, t)) out.add(NUMBER_WORDS[t]!);
  }
  return out;
}

/** The content words of a text, stemmed (figures and stop words left out). */
export function contentWords(text: string): string[] {
  return tokens(text)
    .filter((t) => !/\d/.test(t) && !STOP.has(t) && !Object.hasOwn(NUMBER_WORDS, t) && t.length > 1)
    .map(stem);
}

export type Support = { supported: true } | { supported: false; reason: string };

/** Whether `sentence` is supported by the text of the passages it cites. */
export function supportedBy(sentence: string, citedTexts: string[]): Support {
  const cited = citedTexts.join(' ');
  const citedFigures = figuresOf(cited);
  const missing = [...figuresOf(sentence)].filter((f) => !citedFigures.has(f));
  if (missing.length) return { supported: false, reason: `states ${missing.join(', ')}, which its cited passages do not` };
  const words = contentWords(sentence);
  if (words.length === 0) return { supported: true };
  const known = new Set(contentWords(cited));
  const share = words.filter((w) => known.has(w)).length / words.length;
  return share >= MIN_SUPPORT ? { supported: true } : { supported: false, reason: `only ${Math.round(share * 100)} % of its words are in its cited passages` };
}
