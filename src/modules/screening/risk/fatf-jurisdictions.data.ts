/**
 * The FATF's two public lists of jurisdictions with strategic AML/CFT/CPF deficiencies, as data, so the
 * risk model can name the list and its date in every factor it raises.
 *
 * - "High-risk jurisdictions subject to a call for action" (the black list): FATF asks every country
 *   to apply enhanced due diligence and, for the most serious, countermeasures.
 * - "Jurisdictions under increased monitoring" (the grey list): countries working through an action
 *   plan with the FATF; FATF asks for a risk-based approach, not blanket de-risking.
 *
 * As of the FATF plenary of June 2026 (Paris, 17–19 June 2026; both statements published on its
 * closing day). Compiled from the October 2025 statements (grey list after Burkina Faso, Mozambique,
 * Nigeria and South Africa left it) and the changes announced at the next two plenaries: February 2026
 * added Kuwait and Papua New Guinea; June 2026 added Bosnia and Herzegovina and Iraq and removed Algeria
 * and Namibia. The FATF page itself could not be fetched from the build machine; the 2026 changes were
 * cross-checked against supervisors' notices (NZ Department of Internal Affairs, Labuan FSA) and
 * compliance press. Check the codes against the FATF page below before relying on them.
 *
 * MAINTAINERS: the FATF updates both lists after each plenary, in February, June and October. After
 * each one, update the two arrays, `FATF_LISTS_AS_OF`, `FATF_STATEMENT_PUBLISHED_ON`, the header above
 * and the date in docs/risk-model.md; `test/unit/screening/fatf-jurisdictions.test.ts` checks the shape.
 */

/** Where the FATF publishes both statements, newest first. */
export const FATF_STATEMENTS_URL = 'https://www.fatf-gafi.org/en/publications/High-risk-and-other-monitored-jurisdictions.html';

/** The plenary whose statements these lists reproduce, as quoted in risk factors. */
export const FATF_LISTS_AS_OF = 'June 2026';

/** Publication date (YYYY-MM-DD) of the statements reproduced here: the plenary's closing day. */
export const FATF_STATEMENT_PUBLISHED_ON = '2026-06-19';

/** A listed jurisdiction: ISO 3166-1 alpha-2 code and the name the FATF uses. */
export interface ListedJurisdiction {
  readonly code: string;
  readonly name: string;
}

/** "High-risk jurisdictions subject to a call for action" (black list), by code. */
export const FATF_CALL_FOR_ACTION: readonly ListedJurisdiction[] = [
  { code: 'IR', name: 'Iran' },
  { code: 'KP', name: "Democratic People's Republic of Korea" },
  { code: 'MM', name: 'Myanmar' },
];

/** "Jurisdictions under increased monitoring" (grey list), by code. */
export const FATF_INCREASED_MONITORING: readonly ListedJurisdiction[] = [
  { code: 'AO', name: 'Angola' },
  { code: 'BA', name: 'Bosnia and Herzegovina' },
  { code: 'BG', name: 'Bulgaria' },
  { code: 'BO', name: 'Bolivia' },
  { code: 'CD', name: 'Democratic Republic of the Congo' },
  { code: 'CI', name: "Côte d'Ivoire" },
  { code: 'CM', name: 'Cameroon' },
  { code: 'HT', name: 'Haiti' },
  { code: 'IQ', name: 'Iraq' },
  { code: 'KE', name: 'Kenya' },
  { code: 'KW', name: 'Kuwait' },
  { code: 'LA', name: 'Lao PDR' },
  { code: 'LB', name: 'Lebanon' },
  { code: 'MC', name: 'Monaco' },
  { code: 'NP', name: 'Nepal' },
  { code: 'PG', name: 'Papua New Guinea' },
  { code: 'SS', name: 'South Sudan' },
  { code: 'SY', name: 'Syria' },
  { code: 'VE', name: 'Venezuela' },
  { code: 'VG', name: 'Virgin Islands (UK)' },
  { code: 'VN', name: 'Vietnam' },
  { code: 'YE', name: 'Yemen' },
];
