/**
 * The named professions, legal structures and industries the risk model recognises in the free-text
 * `risk_profile` fields, grouped by why they carry risk. Each list is ordered strongest category first
 * (see `findProfileTerm`). Terms are whole words in any case and with any separators; keep bare words
 * that have innocent meanings out ("gold" would catch the Gold Coast, "gaming" video games).
 *
 * Sources: AUSTRAC's Tranche 2 starter kits and risk assessments (accountants, real estate, jewellers),
 * FATF guidance on gatekeepers and on higher-risk sectors, and the spec's examples.
 */
import type { ProfileTerm } from './profile-terms';

export type ProfessionCategory = 'public_function' | 'tranche_2_dealer' | 'value_dealer' | 'tranche_2' | 'gatekeeper';
export type LegalStructureCategory = 'shell' | 'opaque';
export type IndustryCategory = 'high_risk' | 'tranche_2_sector';

export const PROFESSIONS: readonly ProfileTerm<ProfessionCategory>[] = [
  { category: 'public_function', label: 'politician', terms: ['politician', 'member of parliament', 'mp', 'senator', 'minister', 'head of state', 'head of government', 'premier', 'mayor', 'governor'] },
  { category: 'public_function', label: 'diplomat', terms: ['diplomat', 'ambassador', 'high commissioner', 'consul'] },
  { category: 'public_function', label: 'judicial officer', terms: ['judge', 'magistrate'] },
  {
    category: 'public_function',
    label: 'senior public official',
    terms: ['senior government official', 'government official', 'senior public servant', 'public official', 'military officer', 'army officer', 'state owned enterprise executive'],
  },
  {
    category: 'tranche_2_dealer',
    label: 'dealer in precious metals and stones',
    terms: ['precious metals dealer', 'precious metal dealer', 'dealer in precious metals', 'precious stones dealer', 'dealer in precious stones', 'bullion dealer', 'gold dealer', 'diamond dealer', 'gem dealer', 'gemstone dealer'],
  },
  { category: 'tranche_2_dealer', label: 'jeweller', terms: ['jeweller', 'jeweler', 'jewellery dealer', 'jewelry dealer', 'goldsmith'] },
  {
    category: 'value_dealer',
    label: 'remittance provider',
    terms: ['remitter', 'remittance agent', 'remittance provider', 'money transfer agent', 'money transmitter', 'hawala', 'hawaladar'],
  },
  { category: 'value_dealer', label: 'currency exchange dealer', terms: ['money changer', 'currency exchanger', 'currency exchange dealer', 'foreign exchange dealer', 'bureau de change'] },
  {
    category: 'value_dealer',
    label: 'digital currency dealer',
    terms: ['cryptocurrency trader', 'crypto trader', 'cryptocurrency dealer', 'crypto dealer', 'bitcoin trader', 'digital currency exchange', 'cryptocurrency exchange', 'crypto exchange', 'virtual asset service provider', 'vasp'],
  },
  { category: 'value_dealer', label: 'gambling operator', terms: ['casino operator', 'gambling operator', 'bookmaker', 'professional gambler'] },
  { category: 'value_dealer', label: 'arms dealer', terms: ['arms dealer', 'arms trader', 'weapons dealer', 'firearms dealer', 'gun dealer', 'ammunition dealer'] },
  { category: 'value_dealer', label: 'dealer in high-value goods', terms: ['art dealer', 'antiques dealer', 'antique dealer', 'car dealer', 'motor vehicle dealer', 'yacht broker', 'pawnbroker'] },
  {
    category: 'tranche_2',
    label: 'accountant',
    terms: ['accountant', 'chartered accountant', 'certified practising accountant', 'cpa', 'tax agent', 'bookkeeper', 'auditor'],
  },
  { category: 'tranche_2', label: 'lawyer', terms: ['lawyer', 'solicitor', 'barrister', 'attorney', 'legal practitioner', 'notary', 'notary public'] },
  { category: 'tranche_2', label: 'conveyancer', terms: ['conveyancer', 'settlement agent'] },
  { category: 'tranche_2', label: 'real estate agent', terms: ['real estate agent', 'real estate broker', 'estate agent', 'property agent', 'realtor', 'buyers agent'] },
  {
    category: 'tranche_2',
    label: 'trust and company service provider',
    terms: ['trust and company service provider', 'trust company service provider', 'tcsp', 'company formation agent', 'corporate service provider', 'corporate services provider', 'professional trustee', 'nominee director'],
  },
  {
    category: 'gatekeeper',
    label: 'financial adviser',
    terms: ['financial advisor', 'financial adviser', 'financial planner', 'wealth manager', 'investment adviser', 'investment advisor'],
  },
];

export const LEGAL_STRUCTURES: readonly ProfileTerm<LegalStructureCategory>[] = [
  { category: 'shell', label: 'shell company', terms: ['shell', 'shell company', 'shell corporation', 'front company', 'brass plate company', 'letterbox company'] },
  { category: 'shell', label: 'shelf company', terms: ['shelf company', 'shelf corporation', 'aged shelf company'] },
  { category: 'shell', label: 'bearer-share company', terms: ['bearer share', 'bearer shares', 'bearer share company'] },
  { category: 'opaque', label: 'trust', terms: ['trust', 'discretionary trust', 'family trust', 'unit trust', 'hybrid trust', 'testamentary trust', 'trustee', 'trustee company'] },
  { category: 'opaque', label: 'nominee arrangement', terms: ['nominee', 'nominee company', 'nominee shareholder'] },
  { category: 'opaque', label: 'foundation', terms: ['foundation', 'private foundation', 'stiftung'] },
  { category: 'opaque', label: 'offshore vehicle', terms: ['offshore company', 'international business company', 'exempted company', 'protected cell company', 'anstalt'] },
];

export const INDUSTRIES: readonly ProfileTerm<IndustryCategory>[] = [
  {
    category: 'high_risk',
    label: 'gambling',
    terms: ['gambling', 'casino', 'betting', 'wagering', 'bookmaking', 'bookmaker', 'gaming machines', 'gaming venue', 'poker machines', 'pokies', 'lottery', 'lotteries', 'igaming'],
  },
  { category: 'high_risk', label: 'remittance', terms: ['remittance', 'money remittance', 'remittance services', 'money transfer', 'money transmission', 'hawala'] },
  {
    category: 'high_risk',
    label: 'money service business',
    terms: ['money service business', 'money services business', 'money services', 'msb', 'currency exchange', 'foreign exchange bureau', 'bureau de change', 'money changing', 'money changer', 'cheque cashing'],
  },
  {
    category: 'high_risk',
    label: 'digital currency',
    terms: ['cryptocurrency', 'crypto', 'digital currency', 'digital currency exchange', 'cryptocurrency exchange', 'crypto exchange', 'virtual asset', 'virtual assets', 'virtual asset service provider', 'vasp', 'bitcoin'],
  },
  {
    category: 'high_risk',
    label: 'precious metals and stones',
    terms: ['precious metals', 'precious metal', 'bullion', 'gold bullion', 'gold trading', 'precious stones', 'gemstones', 'diamonds', 'jewellery', 'jewelry'],
  },
  { category: 'high_risk', label: 'arms and weapons', terms: ['arms', 'arms dealing', 'arms trade', 'weapons', 'firearms', 'ammunition', 'munitions'] },
  { category: 'high_risk', label: 'high-value goods dealing', terms: ['art dealing', 'art dealer', 'antiques', 'pawnbroking', 'pawnbroker', 'luxury goods'] },
  { category: 'tranche_2_sector', label: 'real estate', terms: ['real estate', 'property', 'property development', 'realty', 'conveyancing'] },
  { category: 'tranche_2_sector', label: 'legal services', terms: ['legal', 'legal services', 'law firm', 'law practice'] },
  { category: 'tranche_2_sector', label: 'accounting', terms: ['accounting', 'accountancy', 'bookkeeping', 'tax services', 'audit'] },
  {
    category: 'tranche_2_sector',
    label: 'trust and company services',
    terms: ['trust and company services', 'trust company services', 'company formation', 'corporate services', 'company secretarial services', 'trustee services'],
  },
];
