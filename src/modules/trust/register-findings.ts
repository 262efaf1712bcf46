/**
 * What the public registers said about one ABN, gathered before scoring: the input of the pure Trust
 * Score (trust-score.ts). Each part comes from one kind of register; `sources` says how fresh each
 * register's data was and which were never loaded or could not be reached. A register record is
 * *counted* only when evidence links it to the entity (an identifier, or a person's name plus a fact
 * both sides carry); a record that meets the entity by name alone is a *possible match* that needs
 * confirmation, kept apart so no sentence reads it as a finding.
 */

export interface SourceFreshness {
  /** e.g. `abr`, `asic_companies`, `asic_banned_persons`, `austrac_enforcement`, `asic_notices`, `sanctions`. */
  source: string;
  /** ISO 8601 time of the last successful refresh; null when never loaded (or not reachable). */
  lastRefreshed: string | null;
  /** How old the source may be before it counts as stale. */
  cadenceHours: number;
}

/** A source the score could not consult for this entity, with why (listed in `incomplete_sources`). */
export interface UncheckedSource {
  source: string;
  why: string;
}

/** A register record that meets the entity by a name only, and why it was not counted. */
export interface PossibleMatch {
  register: string;
  name: string;
  /** The name of ours it met: the registered name, the hint, a director named in the request. */
  matched_name: string;
  category: string;
  start_date: string | null;
  end_date: string | null;
  current: boolean;
  /** What else the record says that could confirm or rule it out (locality, document number, ACN, ...). */
  record: Record<string, string | null>;
  url: string | null;
  reason_not_counted: string;
  /** False when the record itself names another entity (a different ACN or ABN): listed, never deducted. */
  unresolved: boolean;
}

export interface CountedBanning {
  name: string;
  register: 'banned and disqualified persons' | 'banned and disqualified organisations';
  category: string;
  current: boolean;
  until: string | null;
  /** The evidence that links the record to the entity, in words ("ACN 004 085 616", "document number #0042"). */
  evidence: string;
}

export interface RegisterFindings {
  abn: string;
  tranche2Profession: boolean;
  registration: {
    /** `unchecked`: neither the extract nor the ABN Lookup web service could say (never read as "unknown"). */
    outcome: 'found' | 'not_found' | 'unchecked';
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
    /** The company's ACN checked against the banned organisations register, when there is one. */
    acnChecked: string | null;
    /** The persons checked against the banned persons register (directors named, a sole trader's own name). */
    personsChecked: string[];
    counted: CountedBanning[];
    possibleMatches: PossibleMatch[];
  };
  austrac: {
    enforcementActions: { title: string; date: string | null; evidence: string }[];
    possibleMatches: PossibleMatch[];
  };
  sanctions: { namesChecked: string[]; unscreenableHint: boolean; matches: { nameChecked: string; name: string; source: string; score: number; listKind: string }[] };
  /** Notices count by ACN (or ABN); a notice meeting a name only is a possible match, never deducted. */
  court: { notices: { kind: string; date: string | null; current: boolean }[]; possibleMatches: PossibleMatch[] };
  sources: SourceFreshness[];
  /** Sources this score could not consult (a web service down, a register the service has no feed for). */
  unchecked: UncheckedSource[];
}
