import { parse } from 'csv-parse';
import { type ListInput, openListInput } from './list-input';
import { UnexpectedFormatError } from '../listed-entity';

/** One CSV record with the line it ends on, for problem locations. */
export interface CsvRecord {
  fields: string[];
  line: number;
}

/**
 * Streams CSV records as arrays of fields. Column counts are not enforced here (callers report a
 * short row as a problem instead of losing the file), stray quotes inside fields are tolerated,
 * and records holding only control characters are dropped: OFAC's files end with a DOS end-of-file
 * byte (0x1A) on a line of its own. CSV that cannot be parsed at all before the first record is
 * {@link UnexpectedFormatError}; a break later on throws, since a partial list must not pass as whole.
 */
export async function* readCsvRecords(input: ListInput, source: string, delimiter = ','): AsyncIterable<CsvRecord> {
  const bytes = openListInput(input);
  const parser = bytes.pipe(
    parse({ bom: true, delimiter, info: true, relax_column_count: true, relax_quotes: true, skip_empty_lines: true }),
  );
  bytes.on('error', (error) => parser.destroy(error)); // pipe() does not forward a read error
  let records = 0;
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      if (record.every(isBlankOrControl)) continue;
      records++;
      yield { fields: record, line: info.lines };
    }
  } catch (error) {
    const { code, message } = error as NodeJS.ErrnoException;
    if (!code?.startsWith('CSV_')) throw error; // a read error, not the file's content
    if (records === 0) throw new UnexpectedFormatError(source, `not readable CSV (${message})`);
    throw new Error(`${source}: CSV breaks after ${records} records: ${message}`, { cause: error });
  } finally {
    parser.destroy();
    bytes.destroy();
  }
}

function isBlankOrControl(field: string): boolean {
  return [...field].every((char) => char.charCodeAt(0) <= 0x20);
}
