import { cleanValue } from '../common/clean-text';
import { type CsvRecord, readCsvRecords } from '../common/csv-records';
import type { ListInput } from '../common/list-input';
import { type ParseEvent, type ParseProblem, type SourceId, UnexpectedFormatError } from '../listed-entity';
import { mapOfacEntry } from './map';

/** The SDN file and, optionally, its ALT.CSV aliases and ADD.CSV addresses. */
export interface OfacListFiles {
  sdn: ListInput;
  alt?: ListInput;
  add?: ListInput;
}

export interface ParseOfacOptions {
  source?: SourceId;
}

interface JoinFile {
  label: 'ALT' | 'ADD';
  columns: number;
  rows: Map<string, CsvRecord[]>;
}

const SDN_COLUMNS = 12;
const SDN_TYPES = new Set(['individual', 'vessel', 'aircraft', '']);
const ENT_NUM = /^\d+$/;

/**
 * Streams OFAC's SDN.CSV (no header row) and yields one entity per entry, joined on ent_num with
 * the ALT.CSV and ADD.CSV rows, which are read into memory first (they are a few MB). ALT and ADD
 * rows whose ent_num has no SDN entry — common when the files come from different days — are
 * reported as problems after the entities, never silently dropped.
 */
export async function* parseOfacList(files: OfacListFiles, options: ParseOfacOptions = {}): AsyncIterable<ParseEvent> {
  const source = options.source ?? 'ofac';
  const problems: ParseProblem[] = [];
  const joins: JoinFile[] = [];
  if (files.alt !== undefined) joins.push(await readJoinFile(files.alt, 'ALT', 5, source, problems));
  if (files.add !== undefined) joins.push(await readJoinFile(files.add, 'ADD', 6, source, problems));
  const [alts, adds] = [joins.find((j) => j.label === 'ALT')?.rows, joins.find((j) => j.label === 'ADD')?.rows];
  const seen = new Set<string>();
  let first = true;
  for await (const record of readCsvRecords(files.sdn, source)) {
    const location = `SDN line ${record.line}`;
    const [entNum, name, type] = record.fields.map((field) => cleanValue(field));
    if (first) {
      first = false;
      if (record.fields.length !== SDN_COLUMNS || !ENT_NUM.test(entNum ?? '') || !SDN_TYPES.has(type?.toLowerCase() ?? '')) {
        throw new UnexpectedFormatError(source, `${location} is not an SDN.CSV row (${record.fields.length} columns)`);
      }
      yield* problems.map((problem) => ({ problem }));
    }
    if (record.fields.length !== SDN_COLUMNS) {
      yield { problem: { location, message: `${record.fields.length} columns, expected ${SDN_COLUMNS}` } };
      continue;
    }
    if (!ENT_NUM.test(entNum ?? '')) {
      yield { problem: { location, message: `ent_num "${entNum ?? ''}" is not a number` } };
      continue;
    }
    if (name === null) {
      yield { problem: { location, message: `ent_num ${entNum} has no SDN_Name` } };
      continue;
    }
    seen.add(entNum!);
    const joined = (rows: Map<string, CsvRecord[]> | undefined) => (rows?.get(entNum!) ?? []).map((row) => row.fields);
    const mapped = mapOfacEntry(record.fields, joined(alts), joined(adds), source);
    for (const message of mapped.problems) yield { problem: { location: `${location} (ent_num ${entNum})`, message } };
    if (mapped.entity) yield { entity: mapped.entity };
  }
  if (first) throw new UnexpectedFormatError(source, 'the SDN file has no rows');
  for (const join of joins) {
    for (const [entNum, rows] of join.rows) {
      if (seen.has(entNum)) continue;
      for (const row of rows) {
        yield { problem: { location: `${join.label} line ${row.line}`, message: `ent_num ${entNum} has no SDN entry` } };
      }
    }
  }
}

/** Reads ALT.CSV or ADD.CSV into rows by ent_num; short rows become problems, a wrong file an error. */
async function readJoinFile(
  input: ListInput,
  label: JoinFile['label'],
  columns: number,
  source: string,
  problems: ParseProblem[],
): Promise<JoinFile> {
  const rows = new Map<string, CsvRecord[]>();
  let first = true;
  for await (const record of readCsvRecords(input, source)) {
    const entNum = cleanValue(record.fields[0]) ?? '';
    const valid = record.fields.length === columns && ENT_NUM.test(entNum) && ENT_NUM.test(cleanValue(record.fields[1]) ?? '');
    if (first && !valid) {
      throw new UnexpectedFormatError(source, `${label} line ${record.line} is not a ${label}.CSV row (${record.fields.length} columns)`);
    }
    first = false;
    if (!valid) {
      problems.push({ location: `${label} line ${record.line}`, message: `not a ${label}.CSV row (${record.fields.length} columns)` });
      continue;
    }
    const list = rows.get(entNum);
    if (list) list.push(record);
    else rows.set(entNum, [record]);
  }
  return { label, columns, rows };
}
