import { cleanValue, splitValues } from '../common/clean-text';
import { countryFromCode } from '../common/country';
import { parseDatesOfBirth } from '../common/date-of-birth';
import { ListedEntityBuilder } from '../common/listed-entity-builder';
import type { EntityKind, ListedEntity, ListKind, SourceId } from '../listed-entity';
import { listKindFromTopics, strongerListKind } from './topics';

export interface OpenSanctionsMapResult {
  entity: ListedEntity | null;
  problems: string[];
}

/** A targets.simple.csv row by column name. */
export type SimpleRow = Readonly<Record<string, string | undefined>>;

/** A line of entities.ftm.json. */
export interface FtmEntity {
  id: string;
  schema: string;
  caption?: string;
  target?: boolean;
  properties: Record<string, unknown>;
  datasets?: string[];
  first_seen?: string;
  last_change?: string;
}

const KINDS: Record<string, EntityKind> = {
  Person: 'person',
  Organization: 'organisation',
  Company: 'organisation',
  LegalEntity: 'organisation',
  PublicBody: 'organisation',
  Vessel: 'vessel',
};

/** FtM identifier properties and our identifier types. */
const FTM_IDENTIFIERS: ReadonlyArray<readonly [string, string]> = [
  ['passportNumber', 'passport'],
  ['idNumber', 'national_id'],
  ['taxNumber', 'tax_id'],
  ['innCode', 'tax_id'],
  ['vatCode', 'tax_id'],
  ['registrationNumber', 'registration'],
  ['ogrnCode', 'registration'],
  ['imoNumber', 'imo'],
  ['mmsi', 'mmsi'],
  ['swiftBic', 'swift'],
  ['leiCode', 'lei'],
  ['callSign', 'call_sign'],
];

/** The kind of thing an FtM schema describes; schemas we do not model (Airplane...) are `other`. */
export function kindOfSchema(schema: string): EntityKind {
  return KINDS[schema] ?? 'other';
}

/**
 * One targets.simple.csv row. The simple export flattens FtM: `countries` mixes nationality and
 * jurisdiction (kept as countries, not claimed as nationalities), `identifiers` loses the kind of
 * number (only "IMO1234567" is recognisable), and there are no topics, so the list kind is the
 * caller's (sanctions unless declared otherwise).
 */
export function mapSimpleRow(row: SimpleRow, source: SourceId, listKind: ListKind): OpenSanctionsMapResult {
  const id = cleanValue(row.id);
  const name = cleanValue(row.name);
  if (id === null) return { entity: null, problems: ['row has no id'] };
  if (name === null) return { entity: null, problems: [`${id} has no name`] };
  const entity = new ListedEntityBuilder(source, id, kindOfSchema(cleanValue(row.schema) ?? ''), listKind);
  const problems: string[] = [];
  entity.setPrimaryName(name);
  splitValues(row.aliases).forEach((alias) => entity.addName(alias, 'alias', 'unknown'));
  for (const text of splitValues(row.birth_date)) addDates(entity, text, problems);
  splitValues(row.countries).forEach((code) => entity.addCountry(countryFromCode(code)));
  for (const identifier of splitValues(row.identifiers)) {
    const imo = /^IMO\s*(\d{7})$/i.exec(identifier);
    entity.addIdentifier(imo ? 'imo' : 'other', imo ? imo[1] : identifier);
  }
  splitValues(row.program_ids).forEach((programme) => entity.addProgramme(programme));
  entity.remarks = cleanValue(row.sanctions);
  entity.listedOn = isoDay(row.first_seen);
  entity.controlDate = isoDay(row.last_change);
  return { entity: entity.build(), problems };
}

/**
 * One FtM entity. Names come from `name` (the caption first), `alias`, `weakAlias` and
 * `previousName`; the list kind from `topics` (sanction → sanctions, PEP roles → pep), raised to
 * at least the kind the caller declared for the whole export.
 */
export function mapFtmEntity(ftm: FtmEntity, source: SourceId, declared: ListKind | undefined): OpenSanctionsMapResult {
  const values = (property: string) => ftmValues(ftm.properties[property]);
  const names = values('name');
  const primary = cleanValue(ftm.caption) ?? names[0] ?? null;
  if (primary === null) return { entity: null, problems: [`${ftm.id} has no name`] };
  const listKind = strongerListKind(declared ?? 'other', listKindFromTopics(values('topics')));
  const entity = new ListedEntityBuilder(source, ftm.id, kindOfSchema(ftm.schema), listKind);
  const problems: string[] = [];
  entity.setPrimaryName(primary);
  names.forEach((name) => entity.addName(name, 'alias', 'unknown'));
  values('alias').forEach((name) => entity.addName(name, 'alias', 'unknown'));
  values('weakAlias').forEach((name) => entity.addName(name, 'alias', 'weak'));
  values('previousName').forEach((name) => entity.addName(name, 'former', 'unknown'));
  for (const text of values('birthDate')) addDates(entity, text, problems);
  values('birthPlace').forEach((place) => entity.addPlaceOfBirth(place));
  [...values('nationality'), ...values('citizenship')].forEach((code) => entity.addNationality(countryFromCode(code)));
  for (const property of ['country', 'jurisdiction', 'mainCountry', 'flag']) {
    values(property).forEach((code) => entity.addCountry(countryFromCode(code)));
  }
  const gender = values('gender')[0]?.toLowerCase();
  entity.gender = gender === 'male' ? 'M' : gender === 'female' ? 'F' : null;
  for (const [property, type] of FTM_IDENTIFIERS) values(property).forEach((value) => entity.addIdentifier(type, value));
  [...values('programId'), ...values('program')].forEach((programme) => entity.addProgramme(programme));
  entity.remarks = values('notes')[0] ?? values('summary')[0] ?? null;
  entity.listedOn = isoDay(ftm.first_seen);
  entity.controlDate = isoDay(ftm.last_change);
  return { entity: entity.build(), problems };
}

function addDates(entity: ListedEntityBuilder, text: string, problems: string[]): void {
  const { dates, problems: found } = parseDatesOfBirth(text);
  dates.forEach((dob) => entity.addDateOfBirth(dob));
  problems.push(...found.map((problem) => `date of birth: ${problem}`));
}

/** FtM property values are arrays of strings; anything else is ignored rather than trusted. */
function ftmValues(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return value.map((item) => (typeof item === 'string' ? cleanValue(item) : null)).filter((item): item is string => item !== null);
}

function isoDay(value: string | undefined): string | null {
  const match = /^(\d{4}-\d{2}-\d{2})/.exec(value ?? '');
  return match ? match[1]! : null;
}
