import { excelSerialToIsoDate, isoDateFromDate } from '../common/calendar-date';
import { splitLettered } from '../common/clean-text';
import { countriesFromText, resolveCountry } from '../common/country';
import { dateOfBirthFromNumber, parseDatesOfBirth } from '../common/date-of-birth';
import { ListedEntityBuilder } from '../common/listed-entity-builder';
import type { EntityKind, ListedEntity, ListedName, SourceId } from '../listed-entity';
import { type DfatCell, dfatCellText } from './cell-value';
import type { DfatRow } from './row';

export interface DfatMapResult {
  entity: ListedEntity | null;
  problems: string[];
}

const KINDS: Record<string, EntityKind> = { individual: 'person', entity: 'organisation', vessel: 'vessel' };

const NAME_TYPES: Record<string, ListedName['type']> = {
  'primary name': 'primary',
  alias: 'alias',
  aka: 'alias',
  'original script': 'original_script',
  'formerly known as': 'former',
  'previously listed as': 'former',
};

const IMO_IN_TEXT = /\bIMO(?:\s*(?:number|no\.?))?[\s:#]*(\d{7})\b/i;

/**
 * One DFAT reference (the primary-name row, its aliases and original-script names) as one entity.
 * Row-level facts (dates of birth, citizenship, places) are repeated on every name row and merged.
 * DFAT's own slips are absorbed and reported: a reference without a "Primary Name" row takes its
 * first name as primary, a second primary becomes an alias, a row without a type takes the group's.
 */
export function mapDfatReference(baseReference: string, rows: DfatRow[], source: SourceId): DfatMapResult {
  const problems: string[] = [];
  const typeText = rows.map((row) => text(row.cells.type)?.toLowerCase()).find((type) => type !== undefined);
  const kind = (typeText && KINDS[typeText]) || 'other';
  if (kind === 'other') problems.push(`type "${typeText ?? ''}" is not Individual, Entity or Vessel`);
  const entity = new ListedEntityBuilder(source, baseReference, kind, 'sanctions');

  const primaries = rows.filter((row) => nameType(row) === 'primary');
  if (primaries.length === 0) {
    problems.push(`no "Primary Name" row; "${text(rows[0]!.cells.name)}" (${rows[0]!.reference}) is used as primary`);
    entity.setPrimaryName(text(rows[0]!.cells.name));
  }
  if (primaries.length > 1) problems.push(`${primaries.length} "Primary Name" rows; all but the first are kept as aliases`);
  const seenDates = new Set<string>();
  for (const row of rows) {
    const type = nameType(row);
    if (type === 'primary') entity.setPrimaryName(text(row.cells.name));
    else entity.addName(text(row.cells.name), type, strength(row.cells.aliasStrength));
    addDatesOfBirth(entity, row.cells.dateOfBirth ?? null, seenDates, problems);
    for (const place of splitLettered(text(row.cells.placeOfBirth) ?? '')) entity.addPlaceOfBirth(place);
    for (const country of countriesFromText(text(row.cells.citizenship))) entity.addNationality(country);
    for (const address of splitLettered(text(row.cells.address) ?? '')) {
      entity.addCountry(resolveCountry(address) ?? resolveCountry(address.split(',').pop()));
    }
    entity.addProgramme(text(row.cells.committees));
    entity.addProgramme(text(row.cells.instrument));
    const imo = row.cells.imoNumber ?? null;
    if (imo !== null) entity.addIdentifier('imo', String(imo));
    const information = text(row.cells.additionalInformation);
    const imoInText = information ? IMO_IN_TEXT.exec(information) : null;
    if (imoInText) entity.addIdentifier('imo', imoInText[1]);
    entity.remarks ??= information;
    entity.listedOn ??= listingDate(row.cells.listingInformation ?? null);
    entity.controlDate ??= calendarDate(row.cells.controlDate ?? null);
  }
  return { entity: entity.build(), problems };
}

function text(cell: DfatCell | undefined): string | null {
  return dfatCellText(cell ?? null);
}

function nameType(row: DfatRow): ListedName['type'] {
  return NAME_TYPES[text(row.cells.nameType)?.toLowerCase() ?? ''] ?? 'alias';
}

function strength(cell: DfatCell | undefined): ListedName['strength'] {
  const value = text(cell)?.toLowerCase();
  return value === 'strong' || value === 'weak' ? value : 'unknown';
}

function addDatesOfBirth(entity: ListedEntityBuilder, cell: DfatCell, seen: Set<string>, problems: string[]): void {
  if (cell === null || typeof cell === 'boolean') return;
  const key = cell instanceof Date ? cell.toISOString() : String(cell);
  if (seen.has(key)) return;
  seen.add(key);
  if (cell instanceof Date) {
    const date = isoDateFromDate(cell);
    if (date) entity.addDateOfBirth({ kind: 'exact', date, raw: date });
    return;
  }
  if (typeof cell === 'number') {
    const dob = dateOfBirthFromNumber(cell);
    if (dob) entity.addDateOfBirth(dob);
    else problems.push(`date of birth ${cell} is neither a year nor a date`);
    return;
  }
  const { dates, problems: dateProblems } = parseDatesOfBirth(cell);
  dates.forEach((dob) => entity.addDateOfBirth(dob));
  problems.push(...dateProblems.map((problem) => `date of birth: ${problem}`));
}

/** A date cell: an Excel serial (read without styles), a Date, or day-first text. */
function calendarDate(cell: DfatCell): string | null {
  if (cell === null || typeof cell === 'boolean') return null;
  if (typeof cell === 'number') return excelSerialToIsoDate(cell);
  if (cell instanceof Date) return isoDateFromDate(cell);
  const [first] = parseDatesOfBirth(cell).dates;
  return first?.kind === 'exact' ? first.date : null;
}

/** "Listed ... on 25 January 2001 (amended on ...)" → 2001-01-25: the first date after "on". */
function listingDate(cell: DfatCell): string | null {
  if (typeof cell !== 'string') return calendarDate(cell);
  for (const match of cell.matchAll(/\bon\s+/gi)) {
    const date = calendarDate(cell.slice(match.index + match[0].length, match.index + match[0].length + 24));
    if (date) return date;
  }
  return null;
}
