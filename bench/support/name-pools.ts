/**
 * How real names are made, measured on the shared data: per writing system, the given names and
 * surnames people on the lists, the UK list, the EveryPolitician register and the ASIC registers carry
 * (each occurrence counted, so drawing from a pool follows the real frequencies), how many given
 * names they have and how many aliases; and for organisations, the words of real company, charity and
 * listed-entity names and the legal forms around them. The generator (`../generated-entities.ts`)
 * draws from these and nothing else. Names are split with plain whitespace and a few layout rules,
 * never with the matcher's tokeniser, so the generated population does not echo the matcher's view.
 */
import type { ListedEntity } from '../../src/sources/listed-entity';
import { parseListFile } from '../../src/sources/registry';
import { atoCompanyNames } from '../unlisted-names';
import { sharedDataPath } from './shared-data';
import { columnOf, rowsOf } from './register-rows';

/** Writing systems the pools are kept apart by (`other` collects the rest). */
export const SCRIPTS = ['latin', 'arabic', 'cyrillic', 'han', 'hangul', 'hebrew', 'greek', 'other'] as const;
export type Script = (typeof SCRIPTS)[number];

export interface PersonPool {
  /** Every given name occurrence (repeats kept: the pool is the distribution). */
  given: string[];
  surnames: string[];
  /** Given-name counts of the real names, one entry per name. */
  givenCounts: number[];
  /** Whether the script's names are written without spaces (Han, Hangul): surname then given, joined. */
  unspaced: boolean;
}

export interface OrganisationPool {
  /** Words of real organisation names other than legal forms, every occurrence. */
  words: string[];
  /** The body of every real name (its words without the legal form): the templates names are made on. */
  bodies: string[][];
  /** Legal forms as written ("PTY LTD", "LLC", "ООО"), with where they stood; '' when a name had none. */
  legalForms: { text: string; leading: boolean }[];
}

export interface NamePools {
  persons: Partial<Record<Script, PersonPool>>;
  organisations: Partial<Record<Script, OrganisationPool>>;
  /** Script of every real person name (primary or alias), one entry each: which script to write in. */
  personScripts: Script[];
  organisationScripts: Script[];
  /** Scripts of the real non-Latin aliases (original-script names), to write a second-script alias in. */
  aliasScripts: Script[];
  /** Alias counts of real persons and organisations, one entry per listed entity. */
  personAliasCounts: number[];
  organisationAliasCounts: number[];
  /** Share of listed persons among listed persons and organisations. */
  personShare: number;
  /** Birth years of listed persons, every published year. */
  birthYears: number[];
  /** Nationalities (persons) and countries (organisations) as published, every occurrence. */
  nationalities: string[];
  countries: string[];
}

/** The writing system of a name: that of its first letter. */
export function scriptOf(name: string): Script {
  const letter = /\p{L}/u.exec(name)?.[0];
  if (letter === undefined) return 'other';
  if (/\p{Script=Latin}/u.test(letter)) return 'latin';
  if (/\p{Script=Arabic}/u.test(letter)) return 'arabic';
  if (/\p{Script=Cyrillic}/u.test(letter)) return 'cyrillic';
  if (/\p{Script=Han}/u.test(letter)) return 'han';
  if (/\p{Script=Hangul}/u.test(letter)) return 'hangul';
  if (/\p{Script=Hebrew}/u.test(letter)) return 'hebrew';
  if (/\p{Script=Greek}/u.test(letter)) return 'greek';
  return 'other';
}

/** Legal-form words as registers and lists write them, Latin and Cyrillic, with or without dots. */
const LEGAL_FORM_WORD =
  /^(?:pty\.?|ltd\.?|limited|proprietary|llc|l\.l\.c\.|inc\.?|incorporated|co\.?|corp\.?|corporation|company|gmbh|ag|s\.?a\.?|s\.?a\.?s\.?|s\.?r\.?l\.?|b\.?v\.?|n\.?v\.?|plc|jsc|ojsc|cjsc|pjsc|ooo|oao|zao|pao|fze|fzco|fzc|l\.?p\.?|llp|sdn\.?|bhd\.?|ооо|оао|зао|пао|ао|тоо|ук)$/iu;

/** Splits a person's name into given names and surname by its layout (comma, capitals, unspaced scripts). */
export function splitPerson(name: string, script: Script): { given: string[]; surname: string } | null {
  const clean = name.replace(/\s+/g, ' ').trim();
  if (clean === '') return null;
  if ((script === 'han' || script === 'hangul') && !clean.includes(' ')) {
    const letters = [...clean];
    if (letters.length < 2 || letters.length > 4) return null;
    return { surname: letters[0]!, given: [letters.slice(1).join('')] };
  }
  const comma = clean.indexOf(',');
  if (comma > 0) {
    const surname = clean.slice(0, comma).trim();
    const given = clean.slice(comma + 1).trim().split(' ').filter((w) => w !== '');
    return given.length > 0 && surname !== '' ? { given, surname } : null;
  }
  const words = clean.split(' ');
  if (words.length < 2) return null;
  // DFAT, UN and OFAC write the family name in capitals after mixed-case given names.
  const capitals = words.filter((w) => /\p{Lu}{2,}/u.test(w) && w === w.toUpperCase());
  if (capitals.length > 0 && capitals.length < words.length) {
    return { given: words.filter((w) => !capitals.includes(w)), surname: capitals.join(' ') };
  }
  return { given: words.slice(0, -1), surname: words[words.length - 1]! };
}

/** Splits an organisation's name into its body words and the legal form before or after them. */
export function splitOrganisation(name: string): { words: string[]; legalForm: { text: string; leading: boolean } } {
  const words = name.replace(/\s+/g, ' ').trim().split(' ').filter((w) => w !== '');
  let end = words.length;
  while (end > 1 && LEGAL_FORM_WORD.test(words[end - 1]!.replace(/[(),]/g, ''))) end--;
  if (end < words.length) return { words: words.slice(0, end), legalForm: { text: words.slice(end).join(' '), leading: false } };
  let start = 0;
  while (start < words.length - 1 && LEGAL_FORM_WORD.test(words[start]!.replace(/[(),"«»]/g, ''))) start++;
  return { words: words.slice(start), legalForm: { text: words.slice(0, start).join(' '), leading: start > 0 } };
}

/** Reads every source and measures the pools; `listed` are the already-parsed DFAT, UN and OFAC entities. */
export async function measureNamePools(listed: readonly ListedEntity[]): Promise<NamePools> {
  const pools = emptyPools();
  const entities = [...listed];
  for await (const event of parseListFile({
    source: 'opensanctions:ua_war_sanctions',
    path: sharedDataPath('lists/opensanctions/ua_war_sanctions-targets.simple-2026-03-13.csv'),
  })) {
    if ('entity' in event) entities.push(event.entity);
  }
  let persons = 0;
  let organisations = 0;
  for (const entity of entities) {
    const names = [entity.primaryName, ...entity.aliases.map((a) => a.name)];
    if (entity.kind === 'person') {
      persons++;
      pools.personAliasCounts.push(entity.aliases.length);
      for (const name of names) addPerson(pools, name);
      for (const dob of entity.datesOfBirth) pools.birthYears.push(birthYearOf(dob));
      pools.nationalities.push(...entity.nationalities);
    } else if (entity.kind === 'organisation') {
      organisations++;
      pools.organisationAliasCounts.push(entity.aliases.length);
      for (const name of names) addOrganisation(pools, name);
      pools.countries.push(...entity.countries);
    }
    for (const alias of entity.aliases) if (alias.script !== 'latin') pools.aliasScripts.push(scriptOf(alias.name));
  }
  pools.personShare = persons / Math.max(1, persons + organisations);
  for (const name of await otherPeople()) addPerson(pools, name);
  for (const name of await otherOrganisations()) addOrganisation(pools, name);
  return pools;
}

function emptyPools(): NamePools {
  return {
    persons: {},
    organisations: {},
    personScripts: [],
    organisationScripts: [],
    aliasScripts: [],
    personAliasCounts: [],
    organisationAliasCounts: [],
    personShare: 0.5,
    birthYears: [],
    nationalities: [],
    countries: [],
  };
}

function addPerson(pools: NamePools, name: string): void {
  const script = scriptOf(name);
  const parts = splitPerson(name, script);
  if (!parts) return;
  const pool = (pools.persons[script] ??= { given: [], surnames: [], givenCounts: [], unspaced: script === 'han' || script === 'hangul' });
  pools.personScripts.push(script);
  pool.given.push(...parts.given);
  pool.surnames.push(parts.surname);
  pool.givenCounts.push(parts.given.length);
}

function addOrganisation(pools: NamePools, name: string): void {
  const script = scriptOf(name);
  const { words, legalForm } = splitOrganisation(name);
  if (words.length === 0) return;
  const pool = (pools.organisations[script] ??= { words: [], bodies: [], legalForms: [] });
  pools.organisationScripts.push(script);
  pool.words.push(...words);
  pool.bodies.push(words.slice(0, 8));
  pool.legalForms.push(legalForm);
}

function birthYearOf(dob: ListedEntity['datesOfBirth'][number]): number {
  switch (dob.kind) {
    case 'exact':
      return Number(dob.date.slice(0, 4));
    case 'range':
      return dob.fromYear;
    default:
      return dob.year;
  }
}

/** Australian parliamentarians in every script EveryPolitician records, UK-listed individuals, ASIC-registered people. */
async function otherPeople(): Promise<string[]> {
  const people: string[] = [];
  for (const chamber of ['Representatives', 'Senate']) {
    people.push(...(await columnOf(sharedDataPath(`lists/pep/everypolitician-au/${chamber}/names.csv`), 'name')));
  }
  const ukIndividuals = new Set(
    (await rowsOf(sharedDataPath('lists/uk/subjects.csv'))).filter((row) => row.subject_type === 'individual').map((row) => row.unique_id),
  );
  for (const row of await rowsOf(sharedDataPath('lists/uk/subject_names.csv'))) {
    if (ukIndividuals.has(row.unique_id) && row.full_name) people.push(row.full_name);
  }
  people.push(...(await columnOf(sharedDataPath('registers/asic_banned_persons.csv'), 'BD_PER_NAME')));
  people.push(...(await columnOf(sharedDataPath('registers/asic_financial_advisers.csv'), 'ADV_NAME')));
  people.push(...(await columnOf(sharedDataPath('registers/asic_liquidator.csv'), 'LIQ_NAME')));
  return people;
}

/** ATO transparency companies, ACNC charities and ASIC-licensed, authorised and banned organisations. */
async function otherOrganisations(): Promise<string[]> {
  return [
    ...(await atoCompanyNames()),
    ...(await columnOf(sharedDataPath('registers/acnc_register_head.csv'), 'Charity_Legal_Name')),
    ...(await columnOf(sharedDataPath('registers/asic_afs_licensee.csv'), 'AFS_LIC_NAME')),
    ...(await columnOf(sharedDataPath('registers/asic_afs_auth_rep.csv'), 'AFS_REP_NAME')),
    ...(await columnOf(sharedDataPath('registers/asic_credit_licensee.csv'), 'CRED_LIC_NAME')),
    ...(await columnOf(sharedDataPath('registers/asic_banned_orgs.csv'), 'BD_ORG_NAME')),
  ];
}
