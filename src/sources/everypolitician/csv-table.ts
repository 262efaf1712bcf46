/**
 * EveryPolitician's CSV files have a header row and name their columns; a file is read into rows by
 * column name, each with its location (`Senate/term-45.csv line 12`) for problems. A file missing a
 * column the loader needs is the wrong layout (EveryPolitician's early scrapes had 13 columns), not a
 * file with bad rows.
 */
import { readCsvRecords } from '../common/csv-records';
import { type ParseProblem, UnexpectedFormatError } from '../listed-entity';
import { SOURCE } from './layout';

export interface CsvRow {
  values: Readonly<Record<string, string>>;
  location: string;
}

/** Columns each file must have (more are allowed and ignored). */
export const REQUIRED_COLUMNS = {
  term: ['id', 'name', 'group', 'area', 'chamber', 'term', 'start_date', 'end_date', 'gender', 'wikidata'],
  names: ['name', 'id'],
  positions: ['id', 'name', 'position', 'start_date', 'end_date'],
} as const;

/** Every row of one file; rows with the wrong number of fields become problems. */
export async function readCsvTable(path: string, label: string, required: readonly string[], problems: ParseProblem[]): Promise<CsvRow[]> {
  let header: string[] | null = null;
  const rows: CsvRow[] = [];
  for await (const record of readCsvRecords(path, SOURCE)) {
    if (header === null) {
      header = record.fields.map((field) => field.trim().toLowerCase());
      const missing = required.filter((column) => !header!.includes(column));
      if (missing.length > 0) throw new UnexpectedFormatError(SOURCE, `${label} has no ${missing.join(', ')} column`);
      continue;
    }
    const location = `${label} line ${record.line}`;
    if (record.fields.length !== header.length) {
      problems.push({ location, message: `${record.fields.length} columns, expected ${header.length}` });
      continue;
    }
    const values: Record<string, string> = {};
    header.forEach((column, i) => (values[column] = record.fields[i] ?? ''));
    rows.push({ values, location });
  }
  if (header === null) throw new UnexpectedFormatError(SOURCE, `${label} is empty`);
  return rows;
}
