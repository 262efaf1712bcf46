/**
 * Questions that ask for a figure: a deadline ("When must an SMR be submitted?", "how long do we
 * have"), a date ("When did enrolment open?"), an amount ("What is the cash threshold?", "maximum
 * penalty") or a count ("minimum number of directors"). The answer to such a question is the sentence
 * that states the figure, and a passage that merely shares the question's words (AUSTRAC Online
 * "submits" reports too) is not it. So the question's kind is read from its wording, and passages and
 * sentences that state a figure of that kind rank higher.
 *
 * The words that ask for the figure ("how long", "how often", "deadline", "due") say what kind of
 * answer is wanted, not what it is about: a passage answers "how long" by stating a period, not by
 * holding the word "long". So they are not the question's topic words (see {@link figureAskingWords}).
 */

export type FigureKind = 'period' | 'date' | 'due' | 'start' | 'amount' | 'count';

const NUMBER_WORD = '(?:\\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fourteen|fifteen|twenty|thirty|fifteenth|twenty-eighth)';
const MONTH = '(?:January|February|March|April|May|June|July|August|September|October|November|December)';

const DAY_DATE = `\\b\\d{1,2} ${MONTH}(?: \\d{4})?\\b|\\b${MONTH} \\d{4}\\b`;

/** What states each kind of figure: a period of time, a calendar date, a due date (a date after "by",
 *  "due on", "until": "due by 28 August", not "customers served on 1 July 2026"), the date something
 *  starts (a date after "from", "since" or a starting verb: "obligations start on 1 July 2026", not
 *  "received Royal Assent on 10 December 2024"), a sum, share or count of units. */
const STATES: Record<FigureKind, RegExp> = {
  period: new RegExp(`\\b${NUMBER_WORD}(?:-| )(?:business |calendar |working )?(?:days?|hours?|weeks?|months?|years?)\\b|\\b${NUMBER_WORD}(?:st|nd|rd|th)? day\\b|\\bannually\\b|\\bevery (?:year|month|quarter)\\b`, 'i'),
  date: new RegExp(`${DAY_DATE}|\\bin (?:19|20)\\d{2}\\b`),
  due: new RegExp(`\\b(?:by|before|due on|until|no later than|to)\\s+(?:${DAY_DATE})`, 'i'),
  start: new RegExp(`\\b(?:from|since|commenc\\w*|start\\w*|begin\\w*|appl(?:y|ies|ied)|take effect|takes effect|took effect|in place|opened|opens)\\b[^.;]{0,80}?(?:${DAY_DATE})`, 'i'),
  amount: /(?:\$|\bAUD ?)\d[\d,]*(?:\.\d+)?|\b\d+(?:\.\d+)?\s?%|\b\d[\d,]* penalty units\b|\b\d[\d,]* years? imprisonment\b|\bno minimum\b|\b(?:is|are) free\b|\bcosts? nothing\b|\bno (?:fee|charge)\b/i,
  count: new RegExp(`\\b(?:at least|at most|up to|no more than|more than|fewer than|only) ${NUMBER_WORD}\\b|\\b${NUMBER_WORD}[- ]digit\\b`, 'i'),
};

/** Units a "how many" question asks to count in time: the unit is part of the ask, not the topic. */
const TIME_UNITS = '(?:business |calendar |working )?(?:days?|hours?|weeks?|months?|years?)';

/**
 * The part of a question that asks: its sentences that end in a question mark, when it also has
 * sentences that do not and they say more than "Is that right?". "Our turnover just went past the GST
 * threshold. How long do we have to register?" tells of a threshold and asks for a period; the
 * threshold is background, not the ask.
 */
export function askingPart(question: string): string {
  const sentences = question.match(/[^.?!]+[.?!]*/g) ?? [question];
  const asking = sentences.filter((s) => s.trim().endsWith('?'));
  // "My boss says we had until August. Is that right?": a check of a claim asks what the claim says.
  const words = asking.join(' ').match(/[a-z0-9$%]+/gi) ?? [];
  if (words.length < 5) return question;
  return asking.length < sentences.length ? asking.map((s) => s.trim()).join(' ') : question;
}

/** Which kinds of figure a question asks for (several when it is unclear, none when it asks for none). */
export function figureKindsAsked(question: string): FigureKind[] {
  return kindsIn(askingPart(question));
}

/**
 * The kinds of figure only the question's background speaks of ("A client just paid $12k in banknotes.
 * Do we have to report that, and by when?" asks for a period; the amount is background). A sentence
 * stating one still belongs in the answer ("cash of $10,000 or more"), but it does not pick the passage.
 */
export function figureKindsInBackground(question: string, asked: FigureKind[] = figureKindsAsked(question)): FigureKind[] {
  return kindsIn(question).filter((kind) => !asked.includes(kind));
}

function kindsIn(text: string): FigureKind[] {
  // "Due diligence" is a process, not a due date.
  const q = text.toLowerCase().replace(/[\u2018\u2019]/g, "'").replace(/\bdue diligence\b/g, 'diligence');
  const kinds = new Set<FigureKind>();
  // A deadline or a frequency: a period ("within 3 business days"), or a date when it names one ("due by 31 March").
  const deadline = /\b(when (must|should|do (i|we|you) (have|need) to|does (it|a|an|the|our|my|your|their|this|that) [a-z' ]*have to|is [a-z' ]*due)|by when|deadline|due|last day|latest)\b/.test(q);
  if (deadline || /\b(how long|how soon|how quickly|how fast|how many (business |calendar )?(days|hours|weeks|months|years)|how much time|within|time ?frame|time limit|how often|how frequently|frequency|interval|the longest|maximum gap|how late|cycle)\b/.test(q)) kinds.add('period');
  // A deadline is a period ("within 3 business days") or a due date ("by 28 August"), not any date.
  if (deadline) kinds.add('due');
  // "When do I have to issue a certificate?", "When must I register for GST?": an obligation's "when" is
  // as often a condition, stated as a threshold ("work worth more than AUD 750"), as a time.
  const obligation = '(issue|register|get|obtain|hold|apply|lodge|report|enrol)';
  if (new RegExp(`\\bwhen (do|does) [a-z' ]*\\b(have|need) to ${obligation}\\b|\\bwhen (must|should) (i|we|you) ${obligation}\\b`).test(q)) kinds.add('amount');
  // A date: when something happened, or when something starts ("When is EDD mandatory?" asks a condition).
  const starts = /\bwhen (does|do|will|is|are|has|have)\b.*\b(start|begin|commence|open|apply|kick in|take effect|come into|change)/.test(q);
  if (!deadline && (starts || /\b(when (did|was|were)|what date|which date|from when|since when|from what date|start date|commenc\w*|kick in|until when|until what date|what year|royal assent)\b/.test(q))) {
    // When something starts, kicks in or applies, the answer is the date it starts from, not any date.
    kinds.add(/\b(start\w*|begin\w*|commenc\w*|kicks? in|take effect|come into|appl(y|ies))\b/.test(q) ? 'start' : 'date');
  }
  if (/\b(retention period|how many years|keep [a-z' ]*for how long)\b/.test(q)) kinds.add('period');
  if (/\b(how much|at what|what value|threshold|amount|minimum|maximum|max|penalt(y|ies)|fines?|limit|percentage|percent|per ?cent|shareholding|what rate|cost|fee)\b|\$|%/.test(q)) kinds.add('amount');
  if (/\b(what|how much)(?: is|'s| are)? the [a-z ]*\b(rate|wage)\b/.test(q)) kinds.add('amount');
  if (new RegExp(`\\bhow many (?!${TIME_UNITS}\\b)[a-z]+|\\b(minimum|maximum) number\\b`).test(q)) kinds.add('count');
  return [...kinds];
}

/**
 * The typed words (lowercase) that only ask for a figure: "long" in "how long", "often", "deadline",
 * "due" (not "due diligence"), the unit in "how many business days". Retrieval leaves them out of the
 * question's topic: they are answered by a stated figure of the kind asked, and as words they would
 * instead be matched by any passage that happens to hold them ("long", or "day" in "each day").
 */
export function figureAskingWords(question: string): Set<string> {
  const q = question.toLowerCase().replace(/[\u2018\u2019]/g, "'").replace(/\bdue diligence\b/g, 'diligence');
  const words = new Set<string>();
  const add = (phrase: string) => phrase.split(/[\s-]+/).forEach((w) => words.add(w));
  for (const m of q.matchAll(/\bhow (long|often|soon|quickly|fast|late|frequently|much time)\b/g)) add(m[1]!);
  for (const m of q.matchAll(/\bhow (much|many)\b/g)) add(m[1]!);
  for (const m of q.matchAll(new RegExp(`\\bhow (many ${TIME_UNITS})\\b`, 'g'))) add(m[1]!);
  for (const m of q.matchAll(/\b(deadlines?|due|due dates?|time ?frames?|time limits?|frequency|by what date|what date|which date|start date)\b/g)) add(m[1]!.replace(/^by |^what |^which /, ''));
  if (/\bretention period\b/.test(q)) add('period');
  return words;
}

/** True when the text states a figure of one of the kinds asked. */
export function statesFigure(text: string, kinds: FigureKind[]): boolean {
  return kinds.some((kind) => STATES[kind].test(text));
}
