import { cleanText, cleanValue } from '../common/clean-text';
import { countriesFromText, resolveCountry } from '../common/country';
import { circaOf, parseDatesOfBirth, rangeOf } from '../common/date-of-birth';
import { ListedEntityBuilder } from '../common/listed-entity-builder';
import type { DateOfBirth, ListedEntity, ListedName, SourceId } from '../listed-entity';
import { childElement, childElements, childText, type XmlElement } from '../common/xml-records';

export interface UnMapResult {
  entity: ListedEntity | null;
  problems: string[];
}

const NAME_PARTS = ['FIRST_NAME', 'SECOND_NAME', 'THIRD_NAME', 'FOURTH_NAME'];

const ALIAS_QUALITY: Record<string, readonly [ListedName['type'], ListedName['strength']]> = {
  good: ['alias', 'strong'],
  low: ['alias', 'weak'],
  'a.k.a.': ['alias', 'unknown'],
  'f.k.a.': ['former', 'unknown'],
};

/**
 * One UN INDIVIDUAL or ENTITY record as an entity. The UN splits a name over FIRST_NAME..FOURTH_NAME
 * (joined in order), grades individual aliases Good/Low (strong/weak) and marks entity aliases
 * a.k.a./f.k.a.; dates of birth are structured (EXACT / APPROXIMATELY / BETWEEN) with free-text
 * NOTEs that sometimes carry the only date there is.
 */
export function mapUnRecord(record: XmlElement, source: SourceId): UnMapResult {
  const problems: string[] = [];
  const isIndividual = record.name === 'INDIVIDUAL';
  const reference = cleanText(childText(record, 'REFERENCE_NUMBER'));
  const name = NAME_PARTS.map((part) => cleanText(childText(record, part))).filter(Boolean).join(' ');
  if (reference === null) return { entity: null, problems: ['record has no REFERENCE_NUMBER'] };
  if (name === '') return { entity: null, problems: ['record has no name'] };

  const entity = new ListedEntityBuilder(source, reference, isIndividual ? 'person' : 'organisation', 'sanctions');
  entity.setPrimaryName(name);
  entity.addName(childText(record, 'NAME_ORIGINAL_SCRIPT'), 'original_script', 'unknown');
  const gender = cleanText(childText(record, 'GENDER'))?.toLowerCase();
  entity.gender = gender === 'male' ? 'M' : gender === 'female' ? 'F' : null;
  entity.addProgramme(childText(record, 'UN_LIST_TYPE'));
  entity.listedOn = isoDay(childText(record, 'LISTED_ON'));
  entity.controlDate = lastUpdated(record);
  entity.remarks = childText(record, 'COMMENTS1');

  for (const alias of childElements(record, isIndividual ? 'INDIVIDUAL_ALIAS' : 'ENTITY_ALIAS')) {
    const [type, strength] = ALIAS_QUALITY[cleanText(childText(alias, 'QUALITY'))?.toLowerCase() ?? ''] ?? ['alias', 'unknown'];
    entity.addName(childText(alias, 'ALIAS_NAME'), type, strength);
    const aliasDate = cleanValue(childText(alias, 'DATE_OF_BIRTH'));
    if (aliasDate) addDates(entity, parseDatesOfBirth(aliasDate), problems);
    entity.addPlaceOfBirth(joinParts(alias, ['CITY_OF_BIRTH', 'COUNTRY_OF_BIRTH']));
  }
  for (const dob of childElements(record, 'INDIVIDUAL_DATE_OF_BIRTH')) addDates(entity, unDatesOfBirth(dob), problems);
  for (const place of childElements(record, 'INDIVIDUAL_PLACE_OF_BIRTH')) {
    entity.addPlaceOfBirth(joinParts(place, ['CITY', 'STATE_PROVINCE', 'COUNTRY']));
  }
  for (const nationality of childElements(record, 'NATIONALITY')) {
    for (const value of childElements(nationality, 'VALUE')) countriesFromText(value.text).forEach((c) => entity.addNationality(c));
  }
  for (const address of childElements(record, isIndividual ? 'INDIVIDUAL_ADDRESS' : 'ENTITY_ADDRESS')) {
    countriesFromText(childText(address, 'COUNTRY')).forEach((country) => entity.addCountry(country));
  }
  for (const document of childElements(record, 'INDIVIDUAL_DOCUMENT')) {
    const issuer = cleanValue(childText(document, 'ISSUING_COUNTRY')) ?? cleanValue(childText(document, 'COUNTRY_OF_ISSUE'));
    entity.addIdentifier(documentType(childText(document, 'TYPE_OF_DOCUMENT')), childText(document, 'NUMBER'), resolveCountry(issuer));
  }
  return { entity: entity.build(), problems };
}

function addDates(entity: ListedEntityBuilder, found: { dates: DateOfBirth[]; problems: string[] }, problems: string[]): void {
  found.dates.forEach((dob) => entity.addDateOfBirth(dob));
  problems.push(...found.problems.map((problem) => `date of birth: ${problem}`));
}

/** One INDIVIDUAL_DATE_OF_BIRTH: a DATE, a YEAR, a FROM_YEAR..TO_YEAR range, or only a NOTE. */
export function unDatesOfBirth(element: XmlElement): { dates: DateOfBirth[]; problems: string[] } {
  const type = cleanText(childText(element, 'TYPE_OF_DATE'))?.toUpperCase() ?? 'EXACT';
  const date = cleanValue(childText(element, 'DATE'));
  const year = cleanValue(childText(element, 'YEAR'));
  const from = cleanValue(childText(element, 'FROM_YEAR'));
  const to = cleanValue(childText(element, 'TO_YEAR'));
  const note = cleanValue(childText(element, 'NOTE'));
  const approximately = type === 'APPROXIMATELY';
  if (from !== null && to !== null) return { dates: [rangeOf(Number(from), Number(to), `between ${from} and ${to}`)], problems: [] };
  const published = date ?? (year !== null && note !== null ? `${note} ${year}` : year);
  if (published === null) {
    return note === null ? { dates: [], problems: [] } : parseDatesOfBirth(approximately ? `approximately ${note}` : note);
  }
  const parsed = parseDatesOfBirth(published);
  const [first] = parsed.dates;
  if (!first || !approximately) return parsed;
  const firstYear = first.kind === 'exact' ? Number(first.date.slice(0, 4)) : first.kind === 'range' ? null : first.year;
  return firstYear === null ? parsed : { dates: [circaOf(firstYear, `approximately ${published}`)], problems: [] };
}

function joinParts(element: XmlElement, names: string[]): string | null {
  const parts = names.map((name) => cleanValue(childText(element, name))).filter((part): part is string => part !== null);
  return parts.length > 0 ? parts.join(', ') : null;
}

function isoDay(text: string): string | null {
  const match = /^\s*(\d{4}-\d{2}-\d{2})/.exec(text);
  return match ? match[1]! : null;
}

/** The latest LAST_DAY_UPDATED value: the UN's "as at" date for the record. */
function lastUpdated(record: XmlElement): string | null {
  const updated = childElement(record, 'LAST_DAY_UPDATED');
  const days = (updated ? childElements(updated, 'VALUE') : []).map((value) => isoDay(value.text)).filter(Boolean) as string[];
  return days.sort().at(-1) ?? null;
}

function documentType(published: string): string {
  const type = cleanText(published)?.toLowerCase() ?? '';
  if (/pass(e)?port|pasaporte/.test(type)) return 'passport';
  if (/national identification|national id/.test(type)) return 'national_id';
  return type.replace(/[^a-z0-9]+/g, '_').replace(/^_|_$/g, '') || 'document';
}
