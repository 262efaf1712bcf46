/**
 * The one shape every watchlist loader maps to. Loaders for DFAT, UN, OFAC and OpenSanctions each
 * parse their own published format and emit these; the matching index, list versions, diffs and scan
 * match records all read this shape and nothing source-specific.
 */

/** What kind of list the record came from: sanctions rank above PEP in risk scoring. */
export type ListKind = 'sanctions' | 'pep' | 'other';

/** What was listed. */
export type EntityKind = 'person' | 'organisation' | 'vessel' | 'other';

/** Stable identifiers of the sources we load; OpenSanctions datasets are `opensanctions:<dataset>`. */
export type SourceId = 'dfat' | 'un' | 'ofac' | `opensanctions:${string}` | (string & {});

/** A name under which the entity is listed. */
export interface ListedName {
  name: string;
  /** `primary` is the listed name; `alias` any a.k.a./f.k.a.; `original_script` the name in its own script. */
  type: 'primary' | 'alias' | 'former' | 'original_script';
  /** As published: DFAT/UN "good/low quality", OFAC "strong/weak"; `unknown` when not said. */
  strength: 'strong' | 'weak' | 'unknown';
  /** `latin` when the name is written in Latin letters, otherwise the script name or `other`. */
  script: 'latin' | 'arabic' | 'cyrillic' | 'cjk' | 'other';
}

/**
 * A date of birth as published: lists publish exact dates, year only, year-month, or ranges
 * ("circa 1965", "between 1960 and 1965"). `raw` keeps the published text for explanations.
 */
export type DateOfBirth =
  | { kind: 'exact'; date: string; raw: string } // YYYY-MM-DD
  | { kind: 'year_month'; year: number; month: number; raw: string }
  | { kind: 'year'; year: number; raw: string }
  | { kind: 'range'; fromYear: number; toYear: number; raw: string };

export interface Identifier {
  /** e.g. passport, national_id, imo, registration, swift, tax_id. */
  type: string;
  value: string;
  /** ISO 3166-1 alpha-2 of the issuer when known. */
  country?: string | null;
}

/**
 * A public position that makes a listed person politically exposed: a seat in a legislature for one
 * term (`membership`), or an office such as minister, Speaker or ambassador (`office`). Dates are as
 * published: `YYYY-MM-DD`, `YYYY-MM` or `YYYY`; an end of null means not ended as far as the source knows.
 */
export interface ListedPosition {
  /** e.g. `Member of the House of Representatives`, `President of the Senate`, `Minister for Foreign Affairs`. */
  title: string;
  /** The body the position belongs to, e.g. `House of Representatives, Parliament of Australia`; null when not published. */
  body: string | null;
  /** Electorate or state/territory the seat represents; null for offices. */
  area: string | null;
  /** Party or group the member sat for; null when not published or while holding a neutral office. */
  party: string | null;
  /** Parliamentary term (`45` for the 45th Parliament) of a membership; null for offices. */
  term: number | null;
  startDate: string | null;
  endDate: string | null;
  kind: 'membership' | 'office';
}

export interface ListedEntity {
  source: SourceId;
  /** The source's own reference (DFAT reference, UN reference number, OFAC ent_num, OpenSanctions id). */
  sourceId: string;
  listKind: ListKind;
  kind: EntityKind;
  primaryName: string;
  /** Every other name: aliases, former names and original-script names. Never contains the primary. */
  aliases: ListedName[];
  datesOfBirth: DateOfBirth[];
  placesOfBirth: string[];
  /** Nationalities or citizenships as ISO 3166-1 alpha-2 where they resolve; unresolved text kept as given. */
  nationalities: string[];
  /** Countries of address, operation or registration (ISO alpha-2 where they resolve). */
  countries: string[];
  gender: 'M' | 'F' | null;
  /** Programmes, regimes or committees (OFAC programme, UN committee, DFAT instrument/committee). */
  programmes: string[];
  /** Date first listed (YYYY-MM-DD) where published. */
  listedOn: string | null;
  /** DFAT's control date or another "as at" date, where published. */
  controlDate: string | null;
  remarks: string | null;
  identifiers: Identifier[];
  /**
   * PEP lists only: the positions that make the person politically exposed. Absent (not an empty
   * array) on sanctions lists, so their stored content hashes did not change when the field was added.
   */
  positions?: ListedPosition[];
}

/** A row or record a parser could not use: reported with its location, never silently dropped. */
export interface ParseProblem {
  /** e.g. `sheet 1 row 42`, `line 1031`, `INDIVIDUAL[17] (REFERENCE_NUMBER QDi.123)`. */
  location: string;
  message: string;
}

/** What a streaming parser yields: an entity, or a problem with a row. */
export type ParseEvent = { entity: ListedEntity } | { problem: ParseProblem };

/** Thrown when a whole file is not the format the parser expects (wrong file, wrong layout). */
export class UnexpectedFormatError extends Error {
  constructor(
    readonly source: string,
    detail: string,
  ) {
    super(`${source}: not the expected format: ${detail}`);
    this.name = 'UnexpectedFormatError';
  }
}
