import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import type { ListedEntity } from '../../src/sources/listed-entity';
import { sharedDataPath } from '../support/shared-data';

/**
 * One record of one list as published, indexed by us (DFAT, UN, OFAC) or not (the UK list and the
 * OpenSanctions Ukraine war file, which publish their own spellings and original-script names of many
 * of the same people). Only what linking and labelling need: names, years of birth, the UN reference
 * and identifier numbers.
 */
export interface PublishedRecord {
  /** `dfat:…`, `un:…`, `ofac:…` (the matcher's entity ids), `uk:…`, `os:…`. */
  id: string;
  indexed: boolean;
  kind: 'person' | 'organisation' | 'vessel' | 'other';
  names: PublishedName[];
  birthYears: Set<number>;
  unReference: string | null;
  /** Passport, national id, IMO, tax and registration numbers: upper-case letters and digits only. */
  identifiers: Set<string>;
  nationalities: string[];
}

export interface PublishedName {
  name: string;
  /** As the list labels it: primary, alias, original_script, primary_variation… */
  type: string;
  /** The list calls it low quality / weak: never used as a query. */
  weak: boolean;
  /** Structured parts when the list publishes them (UK) or the case convention shows them. */
  given?: string[];
  surname?: string;
}

/** DFAT's "Listing Information" opens with the UN reference of a UN listing ("TAi.002. Title…"). */
const UN_REFERENCE = /^\s*([A-Z]{2}[ie]\.\d{3})\b/;
const LINKING_IDENTIFIERS = new Set(['passport', 'national_id', 'imo', 'tax_id', 'registration', 'lei', 'swift']);

export function identifierKey(value: string): string | null {
  const key = value.toUpperCase().replace(/[^A-Z0-9]/g, '');
  return key.length >= 6 && /\d/.test(key) ? key : null;
}

/** An indexed entity as the loaders produce it (the same parse the pipeline runs). */
export function recordOfListed(entity: ListedEntity): PublishedRecord {
  const names: PublishedName[] = [
    { name: entity.primaryName, type: 'primary', weak: false, ...casedParts(entity.primaryName) },
    ...entity.aliases.map((alias) => ({ name: alias.name, type: alias.type, weak: alias.strength === 'weak', ...casedParts(alias.name) })),
  ];
  const unReference = entity.source === 'un' ? entity.sourceId : entity.source === 'dfat' ? (UN_REFERENCE.exec(entity.remarks ?? '')?.[1] ?? null) : null;
  const identifiers = new Set<string>();
  for (const identifier of entity.identifiers) {
    const key = LINKING_IDENTIFIERS.has(identifier.type) ? identifierKey(identifier.value) : null;
    if (key) identifiers.add(key);
  }
  const birthYears = new Set<number>();
  for (const dob of entity.datesOfBirth) {
    if (dob.kind === 'exact') birthYears.add(Number(dob.date.slice(0, 4)));
    else if (dob.kind === 'range') for (let y = dob.fromYear; y <= dob.toYear && y - dob.fromYear < 20; y++) birthYears.add(y);
    else birthYears.add(dob.year);
  }
  return {
    id: `${entity.source}:${entity.sourceId}`,
    indexed: true,
    kind: entity.kind,
    names,
    birthYears,
    unReference,
    identifiers,
    nationalities: entity.nationalities,
  };
}

/**
 * DFAT and OFAC write a person's surname in capitals inside a mixed-case name ("Paulo ELCORO
 * AYASTUY"): the capitalised run is the surname, the words before it the given names.
 */
function casedParts(name: string): Pick<PublishedName, 'given' | 'surname'> {
  const words = name.split(/\s+/).filter((w) => w !== '');
  const upper = words.map((w) => /\p{Lu}/u.test(w) && w === w.toUpperCase() && /\p{L}{2}/u.test(w));
  if (upper.every(Boolean) || !upper.some(Boolean)) return {};
  const first = upper.indexOf(true);
  if (first === 0 || upper.slice(first).some((u) => !u)) return {};
  return { given: words.slice(0, first), surname: words.slice(first).join(' ') };
}

function csv(text: string): Array<Record<string, string>> {
  return parse(text.replace(/^\uFEFF/, ''), { columns: true, skip_empty_lines: true, relax_quotes: true }) as Array<Record<string, string>>;
}

/** The UK Sanctions List tables (`lists/uk`): its own spellings, name variations and name parts. */
export async function ukRecords(folder = sharedDataPath('lists/uk')): Promise<PublishedRecord[]> {
  const subjects = csv(await readFile(`${folder}/subjects.csv`, 'utf8'));
  const records = new Map<string, PublishedRecord>();
  for (const subject of subjects) {
    const kind = subject.subject_type === 'individual' ? 'person' : subject.subject_type === 'ship' ? 'vessel' : 'organisation';
    records.set(subject.unique_id!, {
      id: `uk:${subject.unique_id}`,
      indexed: false,
      kind,
      names: [],
      birthYears: new Set(),
      unReference: subject.un_reference_number?.trim() || null,
      identifiers: new Set(),
      nationalities: [],
    });
  }
  for (const row of csv(await readFile(`${folder}/subject_names.csv`, 'utf8'))) {
    const record = records.get(row.unique_id!);
    if (!record || !row.full_name?.trim()) continue;
    const given = [row.name_1, row.name_2, row.name_3, row.name_4, row.name_5].map((p) => p?.trim() ?? '').filter((p) => p !== '');
    const surname = row.name_6?.trim() ?? '';
    const parts = record.kind === 'person' && given.length > 0 && surname !== '' ? { given, surname } : {};
    record.names.push({ name: row.full_name.trim(), type: row.name_type ?? 'alias', weak: row.alias_strength === 'low_quality_aka', ...parts });
  }
  for (const row of csv(await readFile(`${folder}/subject_dobs.csv`, 'utf8'))) {
    const year = Number(row.year);
    if (Number.isInteger(year) && year > 1880) records.get(row.unique_id!)?.birthYears.add(year);
  }
  for (const row of csv(await readFile(`${folder}/subject_identifiers.csv`, 'utf8'))) {
    const key = identifierKey(row.raw_value ?? '');
    if (key) records.get(row.unique_id!)?.identifiers.add(key);
  }
  return [...records.values()].filter((r) => r.names.length > 0);
}

/** The OpenSanctions Ukraine war targets file: Latin and Cyrillic names of Russian and Belarusian targets. */
export async function openSanctionsRecords(path = sharedDataPath('lists/opensanctions/ua_war_sanctions-targets.simple-2026-03-13.csv')): Promise<PublishedRecord[]> {
  const rows = csv(await readFile(path, 'utf8'));
  return rows.map((row) => {
    const kind = row.schema === 'Person' ? 'person' : row.schema === 'Vessel' ? 'vessel' : 'organisation';
    const split = (value: string | undefined) => (value ?? '').split(';').map((v) => v.trim()).filter((v) => v !== '');
    const birthYears = new Set(split(row.birth_date).map((d) => Number(d.slice(0, 4))).filter((y) => y > 1880));
    const identifiers = new Set(split(row.identifiers).map(identifierKey).filter((k): k is string => k !== null));
    return {
      id: `os:${row.id}`,
      indexed: false,
      kind,
      names: [row.name ?? '', ...split(row.aliases)].filter((n) => n.trim() !== '').map((name, at) => ({ name, type: at === 0 ? 'primary' : 'alias', weak: false })),
      birthYears,
      unReference: null,
      identifiers,
      nationalities: split(row.countries).map((c) => c.toUpperCase()),
    } satisfies PublishedRecord;
  });
}
