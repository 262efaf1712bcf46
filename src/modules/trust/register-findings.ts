/**
 * What the public registers said about one ABN, gathered before scoring: the input of the pure Trust
 * Score (trust-score.ts). Each part comes from one kind of register; `sources` says how fresh each
 * register's data was and which were never loaded or could not be reached.
 */

export interface SourceFreshness {
  /** e.g. `abr`, `asic_companies`, `asic_banned_persons`, `austrac_enforcement`, `asic_notices`, `sanctions`. */
  source: string;
  /** ISO 8601 time of the last successful refresh; null when never loaded (or not reachable). */
  lastRefreshed: string | null;
  /** How old the source may be before it counts as stale. */
  cadenceHours: number;
}

export interface RegisterFindings {
  abn: string;
  tranche2Profession: boolean;
  registration: {
    found: boolean;
    /** Where the registration came from: the bulk extract, or the ABN Lookup web service for an ABN missing from it. */
    foundIn: 'abr' | 'abn_lookup' | null;
    abnStatus: 'active' | 'cancelled' | null;
    abnStatusFrom: string | null;
    gstRegistered: boolean | null;
    /** Whole years since the ABN was registered; null when unknown. */
    yearsRegistered: number | null;
    /** ASIC company status code (REGD, DRGD, EXAD, SOFF, ...), for companies in the ASIC dataset. */
    asicStatus: string | null;
  };
  directorship: {
    /** A banning or disqualification naming the entity, its company or a person given as its director. */
    disqualified: { name: string; register: 'banned and disqualified persons' | 'banned and disqualified organisations'; category: string; current: boolean; until: string | null }[];
  };
  austrac: { enforcementActions: { title: string; date: string | null }[]; reportingEntity: boolean | null };
  sanctions: { nameChecked: string | null; matches: { name: string; source: string; score: number; listKind: string }[] };
  court: { notices: { kind: string; date: string | null; current: boolean }[] };
  sources: SourceFreshness[];
}
