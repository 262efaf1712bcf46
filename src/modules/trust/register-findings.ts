/**
 * What the public registers said about one ABN, gathered before scoring: the input of the pure Trust
 * Score (trust-score.ts). Each part comes from one kind of register; `sources` says how fresh each
 * register's data was and which were never loaded.
 */

export interface SourceFreshness {
  /** e.g. `abr`, `asic_companies`, `asic_banned`, `austrac_enforcement`, `asic_notices`, `sanctions`. */
  source: string;
  /** ISO 8601 time of the last successful refresh; null when never loaded. */
  lastRefreshed: string | null;
  /** How often the source is expected to be refreshed. */
  cadenceHours: number;
}

export interface RegisterFindings {
  abn: string;
  tranche2Profession: boolean;
  registration: {
    found: boolean;
    abnStatus: 'active' | 'cancelled' | null;
    abnStatusFrom: string | null;
    gstRegistered: boolean | null;
    /** Whole years since the ABN was registered; null when unknown. */
    yearsRegistered: number | null;
    /** ASIC company status code (REGD, DRGD, EXAD, SOFF, ...), for companies. */
    asicStatus: string | null;
  };
  directorship: { disqualified: { name: string; register: 'banned and disqualified persons' | 'banned and disqualified organisations' }[] };
  austrac: { enforcementActions: { title: string; date: string }[]; reportingEntity: boolean | null };
  sanctions: { nameChecked: string | null; matches: { name: string; source: string; score: number; listKind: string }[] };
  court: { notices: { kind: string; date: string; current: boolean }[] };
  sources: SourceFreshness[];
}
