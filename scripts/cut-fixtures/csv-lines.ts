import { parse } from 'csv-parse/sync';

/** A CSV record with the exact text it was published as (quoting kept), without its line ending. */
export interface RawRecord {
  fields: string[];
  raw: string;
}

/** Parses CSV keeping each record's raw text, so a cut writes back byte-identical rows. */
export function rawRecords(text: string): RawRecord[] {
  const records = parse(text, { raw: true, relax_column_count: true, relax_quotes: true, skip_empty_lines: true }) as unknown as Array<{
    record: string[];
    raw: string;
  }>;
  return records.map(({ record, raw }) => ({ fields: record, raw: raw.replace(/\r?\n?$/, '') }));
}

/** The records joined with the file's own line ending, ending with one. */
export function joinRecords(records: readonly RawRecord[], eol: string): string {
  return records.map((record) => `${record.raw}${eol}`).join('');
}
