/**
 * Every public register the service loads, with what it is, how often its Schedule runs and after how
 * long it counts as stale (its cadence, which the Trust Score's FRS sub-score reads) and whether the Trust Score reads
 * it. One table, so the CLI, the Schedules, `/health` and the methodology cannot disagree.
 */

export const REGISTER_SOURCES = [
  'abr',
  'asic_companies',
  'asic_banned_persons',
  'asic_banned_orgs',
  'asic_notices',
  'austrac_enforcement',
  'austrac_reporting_entities',
  'austender',
] as const;

export type RegisterSource = (typeof REGISTER_SOURCES)[number];

export interface RegisterSourceInfo {
  title: string;
  /** The layout `registers ingest --file` expects. */
  layout: string;
  cadenceHours: number;
  /** How often its Schedule runs (when a URL is configured): sooner than the cadence, so a late run is not yet stale. */
  everyHours: number;
  /** Read by the Trust Score (and so listed in `incomplete_sources` until loaded). */
  trust: boolean;
}

export const REGISTER_CATALOGUE: Record<RegisterSource, RegisterSourceInfo> = {
  abr: { title: 'ABR ABN Bulk Extract', layout: 'the bulk extract XML (Transfer / ABR records), or a published ZIP part holding several', cadenceHours: 192, everyHours: 168, trust: true },
  asic_companies: { title: 'ASIC company dataset', layout: 'the tab-separated COMPANY file (Company Name, ACN, Type, Class, Sub Class, Status, ...), or the ZIP it is published in', cadenceHours: 192, everyHours: 168, trust: true },
  asic_banned_persons: { title: 'ASIC banned and disqualified persons', layout: 'the data.gov.au CSV (REGISTER_NAME, BD_PER_NAME, BD_PER_TYPE, ...)', cadenceHours: 192, everyHours: 168, trust: true },
  asic_banned_orgs: { title: 'ASIC banned and disqualified organisations', layout: 'the data.gov.au file (REGISTER_NAME, BD_ORG_ACN, BD_ORG_NAME, ...)', cadenceHours: 192, everyHours: 168, trust: true },
  asic_notices: { title: 'ASIC published notices (insolvency and external administration)', layout: 'a saved notices page of publishednotices.asic.gov.au (HTML)', cadenceHours: 36, everyHours: 24, trust: true },
  austrac_enforcement: { title: 'AUSTRAC enforcement actions', layout: "a saved page of AUSTRAC's enforcement actions (HTML)", cadenceHours: 192, everyHours: 168, trust: true },
  austrac_reporting_entities: { title: 'AUSTRAC reporting entities (remittance and digital currency exchange registers)', layout: "a saved page of AUSTRAC's reporting entities list (HTML)", cadenceHours: 192, everyHours: 168, trust: false },
  austender: { title: 'AusTender contract notices (OCDS)', layout: 'OCDS release packages from the AusTender OCDS API (one JSON package, or one per line)', cadenceHours: 36, everyHours: 24, trust: false },
};

export function isRegisterSource(value: string): value is RegisterSource {
  return (REGISTER_SOURCES as readonly string[]).includes(value);
}
