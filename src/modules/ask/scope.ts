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
];

const FOREIGN = /\b(united states|u\.?s\.?a?|american|uk|united kingdom|britain|british|new zealand|nz|canada|canadian|singapore|eu|european union|delaware|fincen|fintrac|sec|irs|hmrc|companies house|acra|gdpr|vat|ofac)\b/i;
const AUSTRALIAN = /\b(australia|australian|aussie|austrac|asic|ato|abr|dfat|ppsr|nsw|victoria|queensland|qld|vic)\b/i;

/** True when the question names a term of the domain this service answers about. */
export function namesDomainTerm(question: string): boolean {
  const lower = question.toLowerCase();
  return DOMAIN_TERMS.some((term) => (term.length <= 4 ? new RegExp(`\\b${term.replace('/', '\\/')}s?\\b`).test(lower) : lower.includes(term)));
}

/** True when the question is about another country's regime and names nothing Australian. */
export function isForeignOnly(question: string): boolean {
  return FOREIGN.test(question) && !AUSTRALIAN.test(question);
}
