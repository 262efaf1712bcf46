/**
 * What a question asks about, in the words the passages use. Compliance questions are full of
 * acronyms (SMR, TTR, IFTI, AML/CTF, T2, DNFBP, ABN, ACN, AFSL) and their spelled-out forms; the
 * knowledge base uses both, but not always in the same passage. Each side is expanded to the other
 * before searching, so "When is an SMR due?" and "deadline for suspicious matter reports" meet.
 */

/** Acronym (lowercase, as typed) → the words it stands for, and vice versa through {@link expandQuestion}. */
export const SYNONYMS: Record<string, string[]> = {
  smr: ['suspicious matter report'],
  smrs: ['suspicious matter report'],
  ttr: ['threshold transaction report'],
  ttrs: ['threshold transaction report'],
  ifti: ['international funds transfer instruction'],
  iftis: ['international funds transfer instruction'],
  'aml/ctf': ['anti-money laundering', 'counter-terrorism financing'],
  amlctf: ['anti-money laundering', 'counter-terrorism financing'],
  // PostgreSQL's parser reads "AML/CTF" as one token, so the passages' usual "AML/CTF" never meets a
  // question's bare "AML" or "CTF" unless each stands for it too.
  aml: ['anti-money laundering', 'aml/ctf'],
  ctf: ['counter-terrorism financing', 'aml/ctf'],
  t2: ['tranche 2'],
  dnfbp: ['designated non-financial businesses and professions', 'tranche 2'],
  dnfbps: ['designated non-financial businesses and professions', 'tranche 2'],
  abn: ['australian business number'],
  acn: ['australian company number'],
  afsl: ['australian financial services licence'],
  afs: ['australian financial services'],
  acl: ['australian credit licence'],
  cdd: ['customer due diligence'],
  ecdd: ['enhanced customer due diligence'],
  kyc: ['know your customer', 'customer due diligence'],
  pep: ['politically exposed person'],
  peps: ['politically exposed person'],
  gst: ['goods and services tax'],
  bas: ['business activity statement'],
  tpar: ['taxable payments annual report'],
  payg: ['pay as you go withholding'],
  stp: ['single touch payroll'],
  ppsr: ['personal property securities register'],
  ppsa: ['personal property securities act'],
  aso: ['australian sanctions office'],
  dfat: ['department of foreign affairs and trade', 'sanctions'],
  ato: ['australian taxation office'],
  asic: ['australian securities and investments commission'],
  austrac: ['australian transaction reports and analysis centre'],
  abr: ['australian business register'],
  qbcc: ['queensland building and construction commission'],
  vba: ['victorian building authority'],
  nes: ['national employment standards'],
  fwo: ['fair work ombudsman'],
  amlco: ['aml/ctf compliance officer'],
  mlro: ['aml/ctf compliance officer'],
  'director id': ['director identification number'],
  ml: ['money laundering'],
  tf: ['terrorism financing'],
};

/** Everyday words (lowercase) for the domain's terms of art: expanded one way only. */
export const EVERYDAY_SYNONYMS: Record<string, string[]> = {
  politician: ['politically exposed person'],
  politicians: ['politically exposed person'],
  staff: ['personnel', 'employee'],
  employees: ['personnel'],
  overseas: ['cross-border', 'international'],
  courier: ['cross-border movement'],
  id: ['identity', 'verification'],
  payslip: ['pay slip'],
  payslips: ['pay slip'],
  crypto: ['digital currency', 'virtual asset'],
  bitcoin: ['digital currency', 'virtual asset'],
  lodge: ['submit', 'report'],
  sole: ['sole trader'],
  uber: ['ride-sourcing'],
  car: ['motor vehicle'],
  cars: ['motor vehicle'],
  boat: ['watercraft'],
  boats: ['watercraft'],
  reno: ['renovating'],
  renos: ['renovating'],
  resign: ['leaves'],
  resigned: ['leaves'],
  resigns: ['leaves'],
  quit: ['leaves'],
  quits: ['leaves'],
  bidder: ['buyer'],
  bidders: ['buyer'],
  purchaser: ['buyer'],
  // Holders of public office and their kin: the passages' "prominent public position", "immediate family member".
  mp: ['member of parliament', 'politically exposed person'],
  mps: ['member of parliament', 'politically exposed person'],
  councillor: ['prominent public position', 'politically exposed person'],
  councillors: ['prominent public position', 'politically exposed person'],
  minister: ['politically exposed person', 'prominent public position'],
  ministers: ['politically exposed person', 'prominent public position'],
  brother: ['immediate family member'],
  sister: ['immediate family member'],
  wife: ['immediate family member'],
  husband: ['immediate family member'],
  spouse: ['immediate family member'],
  son: ['immediate family member'],
  daughter: ['immediate family member'],
  // Keeping and getting rid of records: the passages say how long records must be kept.
  destroy: ['keep'],
  delete: ['keep'],
  shred: ['keep'],
  dispose: ['keep'],
  subbie: ['contractor'],
  subbies: ['contractor'],
  subcontractor: ['contractor'],
  subcontractors: ['contractor'],
  tradies: ['contractor'],
  confidential: ['privilege'],
  based: ['resident'],
  lives: ['resident'],
  start: ['commence'],
  started: ['commence'],
  starts: ['commence'],
  begin: ['commence'],
  notify: ['tell', 'report'],
  holding: ['holds'],
  funds: ['asset'],
  illegal: ['offence'],
  unlawful: ['offence'],
  breach: ['contravention'],
  breaches: ['contravention'],
  retain: ['keep'],
  retained: ['keep'],
  retention: ['keep'],
  rideshare: ['ride-sourcing'],
  // Spellings: Australian forms are the passages' own (the stemmer keeps licence and license apart).
  license: ['licence'],
  licensed: ['licence'],
  licenced: ['licence'],
  licenses: ['licence'],
  licensing: ['licence'],
  organization: ['organisation'],
  organizations: ['organisation'],
  programme: ['program'],
  enroll: ['enrol'],
  enrollment: ['enrolment'],
};

/** Everyday phrases (lowercase) for the domain's terms of art, expanded for ranking only. */
export const PHRASE_SYNONYMS: Record<string, string[]> = {
  'background check': ['personnel due diligence'],
  'tell the customer': ['tipping off'],
  'tell a customer': ['tipping off'],
  'tell the client': ['tipping off'],
  'tell my client': ['tipping off'],
  'tip off': ['tipping off'],
  'in charge of': ['regulator', 'responsible agency'],
  'how often': ['review', 'regularly'],
  'carry cash': ['cross-border movement'],
  'out of australia': ['cross-border movement'],
  'into australia': ['cross-border movement'],
  'leaving australia': ['cross-border movement'],
  'flying out': ['cross-border movement'],
  'flying in': ['cross-border movement'],
  'cash overseas': ['cross-border movement'],
  'who is the regulator': ['regulator'],
  'how long': ['period', 'days'],
  'kick in': ['commence', 'start'],
  'kicks in': ['commence', 'start'],
  'tell austrac': ['report', 'notify'],
  'let austrac know': ['notify'],
  'tell asic': ['notify'],
  'let asic know': ['notify'],
  'weird transaction': ['unusual', 'suspicious matter'],
  'dodgy': ['suspicious'],
  'not comply': ['enforcement', 'civil penalty'],
  'every day': ['each day'],
  'let slip': ['tipping off'],
  'lets slip': ['tipping off'],
  'worst penalty': ['maximum penalty'],
  'worst that can happen': ['maximum penalty'],
  'posted us': ['receives', 'mailing'],
  'mailed us': ['receives', 'mailing'],
  'legal advice': ['legal professional privilege'],
  'hold back': ['withhold'],
  'keep back': ['withhold'],
  'no abn': ['not quote an abn'],
  'already regulated': ['existing reporting entities'],
  'after the fact': ['retrospectively'],
  'just under': ['structuring', 'splitting'],
  'just below': ['structuring', 'splitting'],
  'extra checks': ['enhanced customer due diligence'],
  'additional checks': ['enhanced customer due diligence'],
  'more checks': ['enhanced customer due diligence'],
};

/**
 * Other countries and their people, as the passages say it: "a British politician" is a foreign PEP,
 * "a Singapore company" a foreign customer. Expanded one way, for ranking and coverage.
 */
const FOREIGN_WORDS = [
  'american', 'british', 'english', 'scottish', 'irish', 'canadian', 'french', 'german', 'italian', 'spanish', 'dutch', 'swiss', 'russian', 'ukrainian',
  'chinese', 'japanese', 'korean', 'indian', 'pakistani', 'indonesian', 'malaysian', 'singaporean', 'filipino', 'vietnamese', 'thai', 'fijian',
  'iranian', 'iraqi', 'syrian', 'lebanese', 'emirati', 'saudi', 'nigerian', 'kenyan', 'brazilian', 'mexican', 'kiwi', 'zealander',
  'london', 'auckland', 'tokyo', 'shanghai', 'beijing', 'paris', 'bali', 'jakarta', 'manila', 'mumbai', 'delhi', 'hanoi', 'bangkok',
  'britain', 'england', 'canada', 'france', 'germany', 'china', 'japan', 'india', 'indonesia', 'malaysia', 'singapore', 'iran', 'russia', 'dubai', 'uae', 'usa',
];
for (const word of FOREIGN_WORDS) EVERYDAY_SYNONYMS[word] = ['foreign', 'overseas'];

/**
 * The question without English contractions ("I've" → "I", "don't" → "do not"), so the stemmer does
 * not read "ve" or "t" as words: a fragment found in no passage weighs the most and sinks coverage.
 */
export function withoutContractions(question: string): string {
  return question.replace(/n['\u2019]t\b/gi, ' not').replace(/['\u2019](ve|re|ll|d|m|s)\b/gi, '');
}

/** The known everyday phrases (lowercase) the question holds, with their terms of art. */
export function phrasesIn(question: string): [string, string[]][] {
  const lower = question.toLowerCase();
  return Object.entries(PHRASE_SYNONYMS).filter(([phrase]) => lower.includes(phrase));
}

/** Each typed word (lowercase) of a known everyday phrase in the question, with the phrase's terms of art. */
export function phraseExpansionsByWord(question: string): Map<string, string[]> {
  const byWord = new Map<string, string[]>();
  for (const [phrase, expansions] of phrasesIn(question)) {
    // An agency's name keeps its own meaning: in "tell AUSTRAC", "tell" is what stands for "notify".
    for (const word of phrase.split(' ')) if (!Object.hasOwn(SYNONYMS, word)) byWord.set(word, [...(byWord.get(word) ?? []), ...expansions]);
  }
  return byWord;
}

/** Spelled-out phrase (lowercase) → acronym, built from {@link SYNONYMS}. */
const PHRASES = new Map<string, string>();
for (const [acronym, phrases] of Object.entries(SYNONYMS)) for (const phrase of phrases) if (!PHRASES.has(phrase)) PHRASES.set(phrase, acronym);

/** What a typed word (lowercase) also stands for: an acronym's spelled-out forms or a term of art. */
export function expansionsOf(token: string): string[] {
  // Own keys only: a typed word such as "constructor" must not find Object.prototype's members.
  const own = (table: Record<string, string[]>) => (Object.hasOwn(table, token) ? table[token]! : []);
  return [...own(SYNONYMS), ...own(EVERYDAY_SYNONYMS)];
}

/** The question with each acronym's expansion and each known phrase's acronym appended (never removed). */
export function expandQuestion(question: string): string {
  const lower = question.toLowerCase();
  const extra = new Set<string>();
  for (const token of lower.match(/[a-z0-9]+(?:\/[a-z0-9]+)?/g) ?? []) {
    for (const expansion of expansionsOf(token)) extra.add(expansion);
  }
  if (/\bdirector id\b/.test(lower)) SYNONYMS['director id']!.forEach((e) => extra.add(e));
  for (const [, expansions] of phrasesIn(question)) expansions.forEach((e) => extra.add(e));
  for (const [phrase, acronym] of PHRASES) {
    if (lower.includes(phrase)) extra.add(acronym);
  }
  return extra.size ? `${question} ${[...extra].join(' ')}` : question;
}
