/**
 * One record of a small published register (ASIC banned and disqualified persons and organisations,
 * ASIC published notices, AUSTRAC enforcement actions and reporting entities), in the one shape
 * `register_entries` stores: who it names (name, ACN, ABN), what it says (category, dates, the page
 * it came from) and the remaining published columns verbatim in `detail`.
 */
export interface RegisterEntry {
  /** The name as published (persons as "SURNAME, GIVEN NAMES" where the register writes them so). */
  name: string;
  /** 9 digits, or null when the register gives none (or gives one that is not 9 digits). */
  acn: string | null;
  /** 11 digits, or null. */
  abn: string | null;
  /** What kind of record it is, in the register's own words ("Banned Securities", "Winding up order"). */
  category: string;
  /** yyyy-mm-dd; when the ban, notice or action began or was published. */
  startDate: string | null;
  /** yyyy-mm-dd; when it ended, null while current or when the register does not say. */
  endDate: string | null;
  /** The page that publishes this record, for citing it. */
  url: string | null;
  /** Every other published column, kept as text. */
  detail: Record<string, string | null>;
}

/** What a register parser yields: a record, or a row it could not read (the load goes on without it). */
export type RegisterEvent = { entry: RegisterEntry } | { problem: { location: string; message: string } };
