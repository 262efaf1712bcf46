import { cleanValue } from '../common/clean-text';
import { resolveCountry } from '../common/country';
import { ListedEntityBuilder } from '../common/listed-entity-builder';
import type { EntityKind, ListedEntity, ListedName, SourceId } from '../listed-entity';
import { parseOfacRemarks } from './remarks';

/** An SDN.CSV row by column: ent_num, SDN_Name, SDN_Type, Program, Title, Call_Sign, Vess_type, Tonnage, GRT, Vess_flag, Vess_owner, Remarks. */
export type OfacSdnFields = readonly string[];
/** An ALT.CSV row: ent_num, alt_num, alt_type, alt_name, alt_remarks. */
export type OfacAltFields = readonly string[];
/** An ADD.CSV row: ent_num, add_num, address, city/state/postal, country, add_remarks. */
export type OfacAddressFields = readonly string[];

export interface OfacMapResult {
  entity: ListedEntity | null;
  problems: string[];
}

const KINDS: Record<string, EntityKind> = { individual: 'person', vessel: 'vessel', aircraft: 'other', '': 'organisation' };

const ALT_TYPES: Record<string, ListedName['type']> = { aka: 'alias', fka: 'former', nka: 'alias' };

/**
 * One SDN entry with its ALT.CSV aliases and ADD.CSV addresses. OFAC writes individuals as
 * "LAST, First" (and their aliases, weak ones included); they are turned to "First LAST" so every source
 * presents names in reading order. Aliases in ALT.CSV are strong; the quoted ones in Remarks weak.
 */
export function mapOfacEntry(
  sdn: OfacSdnFields,
  alts: readonly OfacAltFields[],
  addresses: readonly OfacAddressFields[],
  source: SourceId,
): OfacMapResult {
  const problems: string[] = [];
  const field = (index: number) => cleanValue(sdn[index]);
  const typeText = field(2)?.toLowerCase() ?? '';
  const kind = KINDS[typeText];
  if (kind === undefined) problems.push(`SDN_Type "${typeText}" is not individual, vessel, aircraft or empty`);
  const isPerson = kind === 'person';
  const entity = new ListedEntityBuilder(source, field(0) ?? '', kind ?? 'other', 'sanctions');
  entity.setPrimaryName(isPerson ? readingOrder(field(1)) : field(1));
  for (const programme of (field(3) ?? '').split(/\]\s*\[/)) entity.addProgramme(programme.replace(/^\[|\]$/g, ''));
  entity.addIdentifier('call_sign', field(5));
  const flag = field(9);
  if (flag) entity.addCountry(resolveCountry(flag) ?? flag);
  entity.remarks = field(11);

  const remarks = parseOfacRemarks(field(11));
  remarks.datesOfBirth.forEach((dob) => entity.addDateOfBirth(dob));
  remarks.placesOfBirth.forEach((place) => entity.addPlaceOfBirth(place));
  remarks.nationalities.forEach((country) => entity.addNationality(country));
  remarks.identifiers.forEach((id) => entity.addIdentifier(id.type, id.value, id.country ?? null));
  entity.gender = remarks.gender;
  problems.push(...remarks.problems);

  for (const alt of alts) {
    const name = cleanValue(alt[3]);
    entity.addName(isPerson ? readingOrder(name) : name, ALT_TYPES[cleanValue(alt[2])?.toLowerCase() ?? ''] ?? 'alias', 'strong');
  }
  remarks.weakNames.forEach(({ name, type }) => entity.addName(isPerson ? readingOrder(name) : name, type, 'weak'));
  for (const address of addresses) {
    const country = cleanValue(address[4]);
    if (country) entity.addCountry(resolveCountry(country) ?? country);
  }
  return { entity: entity.build(), problems };
}

/** "AL-ZAWAHIRI, Ayman" → "Ayman AL-ZAWAHIRI"; "DELOS REYES, Feliciano Semborio, Jr." → "Feliciano Semborio DELOS REYES Jr.". */
export function readingOrder(name: string | null): string | null {
  if (name === null) return null;
  const [last, first, ...rest] = name.split(/\s*,\s*/);
  if (!first) return name.trim();
  return [first, last, ...rest].join(' ').trim();
}
