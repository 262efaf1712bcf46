import { basename, dirname } from 'node:path';
import { createInterface } from 'node:readline';
import { readCsvRecords } from '../common/csv-records';
import { type ListInput, openListInput } from '../common/list-input';
import { type ListKind, type ParseEvent, UnexpectedFormatError } from '../listed-entity';
import { type FtmEntity, mapFtmEntity, mapSimpleRow, type SimpleRow } from './map';

export interface ParseOpenSanctionsOptions {
  /** The dataset name (`ua_war_sanctions`, `peps`); the source id is `opensanctions:<dataset>`. */
  dataset?: string;
  /** Declares the whole export a kind of list, e.g. `pep` for a PEP dataset's simple CSV. */
  listKind?: ListKind;
}

const SIMPLE_COLUMNS = ['id', 'schema', 'name', 'aliases', 'birth_date', 'countries', 'identifiers', 'dataset'];

/** Schemas a screener matches against when an export does not say which entities are targets. */
const SCREENABLE = new Set(['Person', 'Organization', 'Company', 'LegalEntity', 'PublicBody', 'Vessel', 'Airplane']);

/**
 * Streams an OpenSanctions `targets.simple.csv` export: one entity per row, `;`-separated values.
 * Every row of this export is a target; without a declared kind they are sanctions targets.
 */
export async function* parseOpenSanctionsSimpleCsv(input: ListInput, options: ParseOpenSanctionsOptions = {}): AsyncIterable<ParseEvent> {
  let header: string[] | null = null;
  let dataset = options.dataset ?? datasetFromPath(input);
  for await (const record of readCsvRecords(input, `opensanctions:${dataset ?? 'unknown'}`)) {
    if (header === null) {
      header = record.fields.map((field) => field.trim().toLowerCase());
      const missing = SIMPLE_COLUMNS.filter((column) => !header!.includes(column));
      if (missing.length > 0) {
        throw new UnexpectedFormatError(`opensanctions:${dataset ?? 'unknown'}`, `not targets.simple.csv: no ${missing.join(', ')} column`);
      }
      continue;
    }
    const row: Record<string, string> = {};
    header.forEach((column, i) => (row[column] = record.fields[i] ?? ''));
    dataset ??= slug(row.dataset ?? '') || 'unknown';
    const location = `line ${record.line}`;
    if (record.fields.length !== header.length) {
      yield { problem: { location, message: `${record.fields.length} columns, expected ${header.length}` } };
      continue;
    }
    const { entity, problems } = mapSimpleRow(row as SimpleRow, `opensanctions:${dataset}`, options.listKind ?? 'sanctions');
    for (const message of problems) yield { problem: { location, message } };
    if (entity) yield { entity };
  }
  if (header === null) throw new UnexpectedFormatError(`opensanctions:${dataset ?? 'unknown'}`, 'the file is empty');
}

/**
 * Streams an OpenSanctions `entities.ftm.json` export (one FollowTheMoney entity per line). The
 * export is a graph: besides the people, companies and vessels it holds Sanction, Address,
 * Ownership, Family, Occupancy, Position, Passport... entities that describe or link the targets.
 * Only targets are screened — entities marked `target: true`, or, in exports without that flag,
 * entities of a screenable schema — and everything else is skipped without a problem; the targets
 * already carry the names, dates, countries and identifiers a screener matches on.
 */
export async function* parseOpenSanctionsFtm(input: ListInput, options: ParseOpenSanctionsOptions = {}): AsyncIterable<ParseEvent> {
  let dataset = options.dataset ?? datasetFromPath(input);
  const stream = openListInput(input);
  const lines = createInterface({ input: stream, crlfDelay: Infinity });
  let lineNumber = 0;
  let entities = 0;
  try {
    for await (const line of lines) {
      lineNumber++;
      if (line.trim() === '') continue;
      const ftm = readFtmLine(line);
      if (typeof ftm === 'string') {
        if (entities === 0) throw new UnexpectedFormatError(`opensanctions:${dataset ?? 'unknown'}`, `line ${lineNumber} ${ftm}`);
        yield { problem: { location: `line ${lineNumber}`, message: ftm } };
        continue;
      }
      entities++;
      dataset ??= ftm.datasets?.length === 1 ? ftm.datasets[0]! : 'default';
      if (ftm.target === false || (ftm.target === undefined && !SCREENABLE.has(ftm.schema))) continue;
      const { entity, problems } = mapFtmEntity(ftm, `opensanctions:${dataset}`, options.listKind);
      for (const message of problems) yield { problem: { location: `line ${lineNumber} (${ftm.id})`, message } };
      if (entity) yield { entity };
    }
  } finally {
    lines.close();
    stream.destroy();
  }
  if (entities === 0) throw new UnexpectedFormatError(`opensanctions:${dataset ?? 'unknown'}`, 'the file has no entities');
}

/** The entity on one line, or why the line is not one. */
function readFtmLine(line: string): FtmEntity | string {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return 'is not JSON';
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'is not a JSON object';
  const entity = value as Partial<FtmEntity>;
  if (typeof entity.id !== 'string' || typeof entity.schema !== 'string') return 'has no id or schema';
  if (typeof entity.properties !== 'object' || entity.properties === null) return 'has no properties';
  return entity as FtmEntity;
}

/**
 * The dataset a downloaded file belongs to, from its name: `ua_war_sanctions-targets.simple-2026-03-13.csv`
 * → `ua_war_sanctions`; `…/datasets/latest/peps/entities.ftm.json` → `peps`.
 */
export function datasetFromPath(input: ListInput): string | undefined {
  if (typeof input !== 'string') return undefined;
  const name = basename(input);
  const prefixed = /^(.+?)[-_.](?:targets\.simple|targets\.nested|entities\.ftm)\b/.exec(name);
  if (prefixed) return prefixed[1];
  if (/^(?:targets\.simple|targets\.nested|entities\.ftm)\b/.test(name)) {
    const folder = basename(dirname(input));
    return folder && folder !== '.' ? folder : undefined;
  }
  return undefined;
}

function slug(title: string): string {
  return title.trim().toLowerCase().replace(/[^a-z0-9]+/g, '_').replace(/^_|_$/g, '');
}
