/**
 * ASIC's data.gov.au files as rows keyed by their header. ASIC publishes some registers comma-separated
 * and others tab-separated (the banned organisations file is tab-separated under the same naming as the
 * comma-separated persons file), so the delimiter is read from the header line, and the columns are
 * found by name: a file without a register's required columns is the wrong file, refused whole.
 */
import { open } from 'node:fs/promises';
import { readCsvRecords } from '../common/csv-records';
import { UnexpectedFormatError } from '../listed-entity';

export interface HeaderedRow {
  /** Field by upper-cased, trimmed header name; missing trailing fields read as ''. */
  get(column: string): string;
  line: number;
  width: number;
}

async function firstLine(path: string): Promise<string> {
  const file = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(8_192);
    const { bytesRead } = await file.read(buffer, 0, buffer.length, 0);
    return buffer.subarray(0, bytesRead).toString('utf8').split(/\r?\n/)[0] ?? '';
  } finally {
    await file.close();
  }
}

/** Tab when the header holds a tab, otherwise comma. */
async function detectDelimiter(path: string): Promise<'\t' | ','> {
  return (await firstLine(path)).includes('\t') ? '\t' : ',';
}

/**
 * Rows after the header. `required` columns must all be in the header (else {@link UnexpectedFormatError});
 * a row too short to hold every required column yields `{ short }` so the caller reports it as a problem.
 */
export async function* readHeaderedRows(path: string, source: string, required: string[]): AsyncIterable<{ row: HeaderedRow } | { short: { line: number; width: number } }> {
  const delimiter = await detectDelimiter(path);
  let columns: Map<string, number> | null = null;
  let needed = 0;
  for await (const record of readCsvRecords(path, source, delimiter)) {
    if (columns === null) {
      const names = record.fields.map((f) => f.replace(/^\uFEFF/, '').trim().toUpperCase());
      const missing = required.filter((c) => !names.includes(c));
      if (missing.length) throw new UnexpectedFormatError(source, `the header lacks ${missing.join(', ')}`);
      columns = new Map(names.map((n, i) => [n, i]));
      needed = Math.max(...required.map((c) => names.indexOf(c))) + 1;
      continue;
    }
    const index = columns;
    if (record.fields.length < needed) {
      yield { short: { line: record.line, width: record.fields.length } };
      continue;
    }
    yield { row: { get: (column) => (record.fields[index.get(column) ?? -1] ?? '').trim(), line: record.line, width: record.fields.length } };
  }
  if (columns === null) throw new UnexpectedFormatError(source, 'the file is empty');
}
