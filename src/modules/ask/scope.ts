/**
 * Whether a question is about what this service covers, before and beside retrieval. Coverage alone
 * cannot tell "How do I register a dog in Victoria?" (generic words the knowledge base also uses) from
 * "wtf is tranche 2?" (one domain term amid chat). A question that names a term of our domain (an
 * agency, an acronym we expand, a regulated sector or instrument) is answered at a lower coverage
 * floor; one that names a foreign regime and nothing Australian is out of scope whatever it matches.
 */
import { SYNONYMS } from './query-terms';

const DOMAIN_TERMS = [
  ...Object.keys(SYNONYMS).filter((k) => !['ml', 'tf', 'afs'].includes(k)),
  'tranche', 'reporting entity', 'designated service', 'enrol', 'amlco', 'compliance officer', 'beneficial owner', 'politically exposed',
  'suspicious', 'threshold transaction', 'funds transfer', 'tipping off', 'money laundering', 'terrorism financing', 'proliferation financing',
  'jewell', 'bullion', 'precious metal', 'precious stone', 'conveyanc', 'real estate', 'accountant', 'lawyer', 'trust and company',
  'director', 'company', 'companies', 'officeholder', 'insolvent', 'disqualified', 'banned', 'financial services licen', 'credit licen',
  'business name', 'australian business number', 'tax invoice', 'activity statement', 'taxable payments', 'payroll', 'super guarantee', 'superannuation guarantee',
  'pay slip', 'payslip', 'employee record', 'employment standards', 'award', 'minimum wage', 'fair work',
  'sanction', 'consolidated list', 'designated person', 'asset freeze', 'frozen asset', 'sanctions permit',
  'security interest', 'personal property securities', 'financing statement', 'qbcc', 'builder', 'building work', 'building licen',
  'plumb', 'gasfit', 'electrical contract', 'home building', 'domestic building', 'building practitioner',
  'customer', 'client', 'identity', 'id check', 'risk assessment', 'ml/tf', 'politician', 'payday super', 'clearing house', 'cash', 'renovation',
  'due diligence', 'minister', 'risk rating', 'structuring', 'contravention', 'business register', 'reno',
  'employee', 'employer', 'casual', 'overtime', 'roster', 'timesheet', 'time sheet', 'verif', 'comply', 'councillor', 'senator', 'member of parliament',
];

/**
 * Another country's regulators, laws and filings: a question about one of these is about that regime.
 * Acronyms are matched in capitals only, so the pronoun "us" or the word "mas" is never a regulator.
 */
const FOREIGN_REGIME_WORDS = /\b(fincen|fintrac|companies house|gdpr|bank secrecy act|patriot act|corporate transparency act|money laundering regulations|aml\/cft act|finra|10-k|hmrc|acra|ofac)\b/i;
const FOREIGN_REGIME_ACRONYMS = /\b(SEC|IRS|FCA|PRA|MAS|AMLA|AMLD\d?|MLRO|VAT|HKMA|SFC|CRA|SAR)\b/;
/** Other countries and their adjectives: a place, which may be the regime asked about or a party's home. */
const FOREIGN_PLACE_WORDS = /\b(united states|america|american|united kingdom|britain|british|england|scotland|new zealand|canada|canadian|singapore|singaporean|european union|europe|european|delaware|california|new york|texas|hong kong|ontario|quebec|british columbia|alberta|florida|auckland|wellington|london|china|chinese|india|indian|japan|japanese|germany|german|france|french|ireland|irish|dubai|philippines|indonesia|indonesian|malaysia|malaysian|cayman islands)\b/i;
const FOREIGN_PLACE_ACRONYMS = /\b(US|USA|U\.S\.A?\.?|UK|NZ|EU|UAE|HK)\b/;
const AUSTRALIAN = /\b(australia|australian|aussie|austrac|asic|ato|abr|dfat|ppsr|nsw|victoria|queensland|qld|vic|commonwealth)\b/i;
/** A party the asker deals with (a customer, an official, an owner): a foreign one is an AUSTRAC topic. */
const PARTY = /\b(customers?|clients?|peps?|politicians?|politically exposed|ministers?|officials?|mps?|member of parliament|companies|company|firms?|business(es)?|entit(y|ies)|trusts?|nationals?|citizens?|residents?|tourists?|visitors?|buyers?|sellers?|vendors?|investors?|bidders?|beneficial owners?|owners?|directors?|shareholders?|suppliers?|counterpart(y|ies)|branch(es)?|subsidiar(y|ies)|parent|head ?office|headquartered|headquarters|office|partners?|students?|contractors?|employees?|staff)\b/i;
const FIRST_PERSON = /\b(we|us|our|ours|i|my|me|we're|we've|i'm)\b/i;
/** A foreign politician is a foreign PEP, which Australian law names: no first person needed. */
const FOREIGN_PEP = /\b(politicians?|peps?|politically exposed)\b/i;

/** True when the question names a term of the domain this service answers about. */
export function namesDomainTerm(question: string): boolean {
  const lower = question.toLowerCase();
  return DOMAIN_TERMS.some((term) => (term.length <= 4 ? new RegExp(`\\b${term.replace('/', '\\/')}s?\\b`).test(lower) : lower.includes(term)));
}

/** Capitals carry no meaning in a shouted question: its "US" is as likely the pronoun. */
const shouted = (question: string) => {
  const letters = question.replace(/[^A-Za-z]/g, '');
  return letters.length > 0 && letters.replace(/[^A-Z]/g, '').length / letters.length > 0.6;
};

/**
 * True when the question is about another country's regime and names nothing Australian. A foreign word
 * alone is not enough: "Our client is a British politician" is about a foreign PEP under the AML/CTF
 * Act, and "Do the new AML rules apply to us?" has no country in it at all. A foreign regulator, law or
 * filing makes the question foreign; a foreign place does too, unless the question is about a party the
 * asker deals with (a customer, company, owner or official from there) or about a foreign politician.
 */
export function isForeignOnly(question: string): boolean {
  if (AUSTRALIAN.test(question)) return false;
  const caps = !shouted(question);
  if (FOREIGN_REGIME_WORDS.test(question) || (caps && FOREIGN_REGIME_ACRONYMS.test(question))) return true;
  if (!(FOREIGN_PLACE_WORDS.test(question) || (caps && FOREIGN_PLACE_ACRONYMS.test(question)))) return false;
  const aboutAParty = (PARTY.test(question) && FIRST_PERSON.test(question)) || FOREIGN_PEP.test(question);
  return !aboutAParty;
}
