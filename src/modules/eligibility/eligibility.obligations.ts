/**
 * What a business that provides a designated service must do, and by when: the fixed dates of the
 * Tranche 2 start, the obligations a reporting entity takes on, and the rules behind them. Wording is our
 * own summary of the Act and of AUSTRAC's January 2026 starter kits.
 */
import type { ApplicableRule } from './eligibility.schema';

/** The day Tranche 2 obligations start (fixed by the spec's manifest constant for `austrac_eligibility`). */
export const TRANCHE_2_START_DATE = '2026-07-01';
/** Enrolment for the new designated services opens on this day and cannot be done earlier. */
export const ENROLMENT_OPENS_DATE = '2026-03-31';
/** 28 days after 1 July 2026: the enrolment deadline of a business providing a designated service on day one. */
export const DAY_ONE_ENROLMENT_DUE_DATE = '2026-07-29';
/** The enrolment window in words; obligations and actions both use it so they never disagree. */
export const ENROLMENT_WINDOW =
  'enrolment opens on 31 March 2026 and must be complete within 28 days of first providing a designated service, ' +
  'so by 29 July 2026 if you provide one on 1 July 2026';

export const ENROLMENT_URL = 'https://www.austrac.gov.au/business/new-austrac-start-here/enrol-or-register-austrac';
export const ENROL_REFORM_URL =
  'https://www.austrac.gov.au/about-us/amlctf-reform/reforms-guidance/before-you-start/find-out-when-enrol-and-register-reform/enrol-us-reform';
export const UPDATE_DETAILS_URL = 'https://www.austrac.gov.au/business/austrac-online/update-your-details';
const PROGRAM_GUIDANCE = 'https://www.austrac.gov.au/amlctf-reform/reforms-guidance/amlctf-program-reform';
export const PROGRAM_URL = `${PROGRAM_GUIDANCE}/develop-your-amlctf-program-reform/step-2-identify-and-assess-your-risks-risk-assessment-reform`;
const CDD_URL = `${PROGRAM_GUIDANCE}/customer-due-diligence-reform`;
const REPORTING_URL = `${PROGRAM_GUIDANCE}/reporting-austrac-reform`;
const RECORD_KEEPING_URL = `${PROGRAM_GUIDANCE}/develop-your-amlctf-program-reform/record-keeping-reform`;

export const DISCLAIMER =
  'Automated guidance from a rule engine, not legal advice. It reflects the AML/CTF Act 2006 as amended by the ' +
  'AML/CTF Amendment Act 2024 and AUSTRAC guidance published up to January 2026. Whether a service is designated ' +
  'can turn on the facts of each engagement: confirm your position with AUSTRAC or a qualified adviser.';

/**
 * The `registration_deadline` statement. It always starts with the Tranche 2 start date so a client can
 * read the date from the first ten characters; a business already enrolled is told what to update instead
 * of being told to enrol again.
 */
export function registrationDeadline(isAlreadyRegistered: boolean): string {
  if (!isAlreadyRegistered) return TRANCHE_2_START_DATE;
  return `${TRANCHE_2_START_DATE}: already enrolled, so update your enrolment details and AML/CTF program to cover the new designated services`;
}

/** The enrolment step: a new entrant enrols; an existing reporting entity updates its enrolment. */
export function enrolmentObligation(isAlreadyRegistered: boolean): string {
  if (isAlreadyRegistered) {
    return 'Update your AUSTRAC enrolment to add the new designated services: changes to enrolment details are due within 14 days.';
  }
  return `Enrol with AUSTRAC: ${ENROLMENT_WINDOW}.`;
}

/** The obligations every reporting entity takes on, in the order a new entrant meets them. */
export function reportingEntityObligations(isAlreadyRegistered: boolean): string[] {
  return [
    enrolmentObligation(isAlreadyRegistered),
    'Adopt an AML/CTF program before providing a designated service: a written ML/TF risk assessment and the policies, processes and controls that manage those risks, approved by a senior manager.',
    'Appoint an AML/CTF compliance officer, and carry out due diligence on and training for personnel in AML/CTF roles.',
    'Carry out initial customer due diligence before providing a designated service: identify and verify the customer, anyone acting for them and their beneficial owners, and check for politically exposed persons and targeted financial sanctions.',
    'Carry out ongoing customer due diligence, with enhanced due diligence where the risk is high.',
    'Report suspicious matters (SMR) to AUSTRAC within 24 hours when they relate to terrorism financing and within 3 business days otherwise, and never tip off the customer.',
    'Report threshold transactions (TTR) within 10 business days whenever you receive or pay physical currency of A$10,000 or more.',
    'Report cross-border movements (CBM) of physical currency or bearer negotiable instruments of A$10,000 or more.',
    'Keep records of customer due diligence, transactions and your AML/CTF program for 7 years.',
    'Keep your AML/CTF program up to date, have it independently evaluated at least once every 3 years, and lodge annual compliance reports.',
  ];
}

/** The provisions behind those obligations, cited in `applicable_rules` when the business must enrol. */
export const REPORTING_ENTITY_RULES: readonly ApplicableRule[] = [
  {
    rule_reference: 'AML/CTF Act 2006 s 51B(1)',
    description: 'A business providing a designated service must enrol with AUSTRAC (for Tranche 2, within 28 days of starting).',
    source_url: ENROL_REFORM_URL,
  },
  {
    rule_reference: 'AML/CTF Act 2006 Part 7',
    description: 'A reporting entity must have and comply with an AML/CTF program.',
    source_url: PROGRAM_URL,
  },
  {
    rule_reference: 'AML/CTF Act 2006 Part 2',
    description: 'Initial and ongoing customer due diligence.',
    source_url: CDD_URL,
  },
  {
    rule_reference: 'AML/CTF Act 2006 s 41',
    description: 'Suspicious matter reports.',
    source_url: REPORTING_URL,
  },
  {
    rule_reference: 'AML/CTF Act 2006 s 43',
    description: 'Threshold transaction reports for physical currency of A$10,000 or more.',
    source_url: REPORTING_URL,
  },
  {
    rule_reference: 'AML/CTF Act 2006 Part 10',
    description: 'Record keeping.',
    source_url: RECORD_KEEPING_URL,
  },
];
