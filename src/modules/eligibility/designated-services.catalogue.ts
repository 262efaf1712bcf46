/**
 * The catalogue of services the eligibility check understands: every designated service that the
 * AML/CTF Amendment Act 2024 creates for the five Tranche 2 professions, plus common services of those
 * professions that are NOT designated (`triggers_registration: false`), so a caller learns they are
 * outside the regime rather than getting an "unknown key" error.
 *
 * This file is data, reviewed like code. Keys are snake_case and stable once published: never rename
 * one (clients already send `company_trust_formation` and `client_money_management`); add a new key and
 * keep the old one instead. Labels are our own plain-English summaries, not the statutory text; the
 * rule references and source URLs point at the law and at AUSTRAC's guidance.
 */
import type { DesignatedService } from './eligibility.schema';

const ACT_URL = 'https://www.legislation.gov.au/C2006A00169/latest/text';
const AMENDMENT_ACT_URL = 'https://www.legislation.gov.au/C2024A00110/latest/text';
const AUSTRAC_NEW_SERVICES =
  'https://www.austrac.gov.au/amlctf-reform/reforms-guidance/before-you-start/new-industries-and-services-be-regulated-reform';
const PROFESSIONAL_SERVICES_URL = `${AUSTRAC_NEW_SERVICES}/professional-services-reform`;
const PRECIOUS_GOODS_URL = `${AUSTRAC_NEW_SERVICES}/precious-metals-stones-and-products-services-reform`;
const REAL_ESTATE_URL =
  'https://www.austrac.gov.au/about-us/amlctf-reform/reforms-guidance/before-you-start/new-industries-and-services-be-regulated-reform/real-estate-services-reform';

const TABLE_6 = 'AML/CTF Act 2006 s 6(5B), table 6';
const NOT_DESIGNATED = 'Not a designated service: not listed in s 6 of the AML/CTF Act 2006 (as amended in 2024)';
const PROFESSIONAL_SOURCES = [PROFESSIONAL_SERVICES_URL, ACT_URL, AMENDMENT_ACT_URL];

const COURT_ORDERED_TRANSFER = {
  exemption_key: 'court_ordered_transfer',
  description: 'Not covered when the sale, purchase or transfer is made under, or results from, an order of a court or tribunal.',
  applies_when: null,
  source_url: PROFESSIONAL_SERVICES_URL,
} as const;

const OFFICE_HOLDER_CARVE_OUTS = [
  {
    exemption_key: 'court_ordered_fiduciary',
    description: 'Not covered when acting in a fiduciary capacity because of an order of a court or tribunal.',
    applies_when: null,
    source_url: PROFESSIONAL_SERVICES_URL,
  },
  {
    exemption_key: 'bankruptcy_trustee',
    description: "Not covered when acting as trustee of a regulated debtor's estate in bankruptcy.",
    applies_when: null,
    source_url: PROFESSIONAL_SERVICES_URL,
  },
] as const;

type CatalogueEntry<K extends string> = DesignatedService & { service_key: K };

/** Freezes the entries so no caller can change the catalogue at run time; keeps the literal key type. */
function defineCatalogue<K extends string>(entries: CatalogueEntry<K>[]): readonly Readonly<CatalogueEntry<K>>[] {
  const freeze = (value: unknown): void => {
    if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
      Object.freeze(value);
      Object.values(value).forEach(freeze);
    }
  };
  freeze(entries);
  return entries;
}

/** A common service of these professions that the Act does not list: shown so callers learn it is outside. */
function notDesignated<K extends string>(
  service_key: K,
  label: string,
  professions: DesignatedService['professions'],
): CatalogueEntry<K> {
  return {
    service_key,
    label,
    professions,
    rule_reference: NOT_DESIGNATED,
    triggers_registration: false,
    exemptions: [],
    thresholds: [],
    source_urls: [ACT_URL],
  };
}

export const DESIGNATED_SERVICES = defineCatalogue([
  // ── Real estate: table 5 (s 6(5A)) ────────────────────────────────────────────────────────────
  {
    service_key: 'real_estate_brokering',
    label: "Brokering the sale, purchase or transfer of real estate for a client (seller's or buyer's agent)",
    professions: ['real_estate_agent'],
    rule_reference: 'AML/CTF Act 2006 s 6(5A), table 5, item 1',
    triggers_registration: true,
    exemptions: [],
    thresholds: [],
    source_urls: [REAL_ESTATE_URL, ACT_URL, AMENDMENT_ACT_URL],
  },
  {
    service_key: 'real_estate_sale_without_agent',
    label: 'Selling or transferring real estate in the course of business without an independent agent (e.g. a developer selling off the plan)',
    professions: ['real_estate_agent'],
    rule_reference: 'AML/CTF Act 2006 s 6(5A), table 5 (sale or transfer without an independent real estate agent)',
    triggers_registration: true,
    exemptions: [],
    thresholds: [],
    source_urls: [REAL_ESTATE_URL, ACT_URL, AMENDMENT_ACT_URL],
  },
  // ── Professional services: table 6 (s 6(5B)) ──────────────────────────────────────────────────
  {
    service_key: 'real_estate_transaction_assistance',
    label: 'Planning or carrying out a sale, purchase or transfer of real estate for a client (e.g. conveyancing, settlement)',
    professions: ['lawyer', 'accountant'],
    rule_reference: `${TABLE_6}, item 1`,
    triggers_registration: true,
    exemptions: [COURT_ORDERED_TRANSFER],
    thresholds: [],
    source_urls: PROFESSIONAL_SOURCES,
  },
  {
    service_key: 'body_corporate_transfer',
    label: 'Planning or carrying out the sale, purchase or transfer of a company, trust or other body corporate or legal arrangement',
    professions: ['lawyer', 'accountant', 'trust_company_service_provider'],
    rule_reference: `${TABLE_6}, item 2`,
    triggers_registration: true,
    exemptions: [
      COURT_ORDERED_TRANSFER,
      {
        exemption_key: 'non_controlling_interest',
        description: 'Covered only when the transaction concerns a controlling interest in the body corporate or legal arrangement.',
        applies_when: null,
        source_url: PROFESSIONAL_SERVICES_URL,
      },
    ],
    thresholds: [],
    source_urls: PROFESSIONAL_SOURCES,
  },
  {
    service_key: 'client_money_management',
    label: "Receiving, holding, controlling or managing a client's money, accounts, securities, virtual assets or other property for a transaction",
    professions: ['accountant', 'lawyer', 'trust_company_service_provider'],
    rule_reference: `${TABLE_6}, item 3`,
    triggers_registration: true,
    exemptions: [
      {
        exemption_key: 'trust_account_without_transaction',
        description:
          'Operating a trust account (for example for fees and disbursements) is not covered by itself: the money must be handled as part of planning or carrying out a transaction for the client.',
        applies_when: null,
        source_url: PROFESSIONAL_SERVICES_URL,
      },
    ],
    thresholds: [],
    source_urls: PROFESSIONAL_SOURCES,
  },
  {
    service_key: 'equity_debt_financing',
    label: 'Organising, planning or carrying out equity or debt financing for a company, trust or other body corporate or legal arrangement',
    professions: ['accountant', 'lawyer'],
    rule_reference: `${TABLE_6}, item 4`,
    triggers_registration: true,
    exemptions: [],
    thresholds: [],
    source_urls: PROFESSIONAL_SOURCES,
  },
  {
    service_key: 'shelf_company_sale',
    label: 'Selling or transferring a shelf company',
    professions: ['accountant', 'lawyer', 'trust_company_service_provider'],
    rule_reference: `${TABLE_6}, item 5`,
    triggers_registration: true,
    exemptions: [],
    thresholds: [],
    source_urls: PROFESSIONAL_SOURCES,
  },
  {
    service_key: 'company_trust_formation',
    label: 'Creating or restructuring a company, trust, partnership or other body corporate or legal arrangement (including an SMSF trust)',
    professions: ['accountant', 'lawyer', 'trust_company_service_provider'],
    rule_reference: `${TABLE_6}, item 6`,
    triggers_registration: true,
    exemptions: [],
    thresholds: [],
    source_urls: PROFESSIONAL_SOURCES,
  },
  {
    service_key: 'nominee_director_secretary',
    label: "Acting as, or arranging for someone to act as, a client's director, company secretary, partner, attorney or equivalent",
    professions: ['trust_company_service_provider', 'accountant', 'lawyer'],
    rule_reference: `${TABLE_6}, item 7`,
    triggers_registration: true,
    exemptions: [...OFFICE_HOLDER_CARVE_OUTS],
    thresholds: [],
    source_urls: PROFESSIONAL_SOURCES,
  },
  {
    service_key: 'trustee_services',
    label: 'Acting as, or arranging for someone to act as, trustee of an express trust for a client',
    professions: ['trust_company_service_provider', 'accountant', 'lawyer'],
    rule_reference: `${TABLE_6}, item 7`,
    triggers_registration: true,
    exemptions: [...OFFICE_HOLDER_CARVE_OUTS],
    thresholds: [],
    source_urls: PROFESSIONAL_SOURCES,
  },
  {
    service_key: 'nominee_shareholder',
    label: 'Acting as, or arranging for someone to act as, a nominee shareholder for a client',
    professions: ['trust_company_service_provider', 'accountant', 'lawyer'],
    rule_reference: `${TABLE_6}, item 8`,
    triggers_registration: true,
    exemptions: [],
    thresholds: [],
    source_urls: PROFESSIONAL_SOURCES,
  },
  {
    service_key: 'registered_office_address',
    label: 'Providing a registered office or principal place of business address for a company, trust or other arrangement',
    professions: ['trust_company_service_provider', 'accountant', 'lawyer'],
    rule_reference: `${TABLE_6}, item 9`,
    triggers_registration: true,
    exemptions: [],
    thresholds: [],
    source_urls: PROFESSIONAL_SOURCES,
  },
  {
    service_key: 'financial_planning_advice',
    label: "Financial planning that carries out the plan: setting up an SMSF or other structure, or placing investments with the client's money",
    professions: ['accountant'],
    rule_reference: `${TABLE_6}, items 3 and 6 (for a business without an Australian financial services licence)`,
    triggers_registration: true,
    exemptions: [
      {
        exemption_key: 'afsl_holder_existing_regime',
        description:
          'An Australian financial services licensee already provides financial planning as a designated service under the existing regime (s 6(2), table 1, item 54: arranging for a client to receive a designated service), so it is not a new Tranche 2 trigger.',
        applies_when: 'is_afsl_holder',
        source_url: ACT_URL,
      },
    ],
    thresholds: [],
    source_urls: PROFESSIONAL_SOURCES,
  },
  // ── Dealers in precious metals, stones and products: table 2 (s 6(3)) ─────────────────────────
  {
    service_key: 'precious_metals_cash_transactions',
    label: 'Buying or selling precious metals, stones or products for A$10,000 or more paid in physical currency or virtual assets',
    professions: ['precious_metals_dealer'],
    rule_reference: 'AML/CTF Act 2006 s 6(3), table 2, item 2',
    triggers_registration: true,
    exemptions: [],
    thresholds: [
      {
        amount_aud: 10000,
        description:
          'Total of A$10,000 or more in physical currency, virtual assets or both, in one transaction or in transactions that are or appear to be linked.',
      },
    ],
    source_urls: [PRECIOUS_GOODS_URL, ACT_URL, AMENDMENT_ACT_URL],
  },
  // ── Common services that are NOT designated ───────────────────────────────────────────────────
  notDesignated('tax_return_preparation', 'Preparing and lodging tax returns', ['accountant']),
  notDesignated('bookkeeping', 'Bookkeeping and payroll', ['accountant']),
  notDesignated('audit_assurance', 'Financial statement audit and assurance', ['accountant']),
  notDesignated('general_legal_advice', 'Legal advice that does not plan or carry out a designated transaction for the client', ['lawyer']),
  notDesignated('litigation_services', 'Litigation and dispute resolution', ['lawyer']),
  notDesignated(
    'corporate_compliance_lodgements',
    'Routine company lodgements (annual review, registers) without acting as an officer or providing an address',
    ['trust_company_service_provider', 'accountant'],
  ),
  notDesignated(
    'property_management_leasing',
    'Property management and ordinary leasing (brokering an ownership-like long lease can count as a real estate transfer)',
    ['real_estate_agent'],
  ),
  notDesignated('property_appraisal', 'Property appraisals and market valuations', ['real_estate_agent']),
  notDesignated(
    'precious_goods_non_cash_sales',
    'Buying or selling precious goods paid only by card, bank transfer or cheque (no physical currency or virtual assets)',
    ['precious_metals_dealer'],
  ),
  notDesignated(
    'precious_goods_cash_under_threshold',
    'Buying or selling precious goods for physical currency under A$10,000, not linked to other transactions',
    ['precious_metals_dealer'],
  ),
  notDesignated('jewellery_repairs_valuations', 'Jewellery repairs, cleaning and insurance valuations', ['precious_metals_dealer']),
]);

/** Every key the check accepts, for compile-time checks of key lists elsewhere (risk calibration, tests). */
export type ServiceKey = (typeof DESIGNATED_SERVICES)[number]['service_key'];
