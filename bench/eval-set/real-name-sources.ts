import { readdir, readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import { parseListFile } from '../../src/sources/registry';
import { atoCompanyNames } from '../unlisted-names';
import { sharedDataPath } from '../support/shared-data';

/**
 * Real names of people and organisations that are not on the sanctions lists, read as published:
 * ASIC's registers (banned persons, financial advisers, liquidators, representatives; banned
 * organisations and licensees), the ATO tax transparency companies and ACNC charities, and the
 * Australian federal parliamentarians of EveryPolitician with their labels in many scripts.
 */
export interface RealName {
  name: string;
  /** Where it was published, e.g. `asic_banned_persons`, `everypolitician`. */
  source: string;
  /** The same person or organisation across variants (EveryPolitician id, or the name itself). */
  identity: string;
  given?: string[];
  surname?: string;
}

/** The EveryPolitician folder of the shared data (Australian federal parliamentarians). */
export const everyPoliticianFolder = () => sharedDataPath('lists', 'pep', 'everypolitician-au');
const TERM_FILE = /^term-\d+\.csv$/;

async function table(path: string): Promise<Array<Record<string, string>>> {
  const text = (await readFile(path, 'utf8')).replace(/^\uFEFF/, '');
  const delimiter = (text.split('\n', 1)[0] ?? '').includes('\t') ? '\t' : ',';
  return parse(text, { columns: true, delimiter, skip_empty_lines: true, relax_quotes: true, relax_column_count: true }) as Array<Record<string, string>>;
}

/** ASIC writes people "SURNAME, GIVEN NAMES"; the representatives register "Surname, Given". */
function personFromRegister(raw: string, source: string): RealName | null {
  const name = raw.trim().replace(/\s+/g, ' ');
  if (name === '') return null;
  const comma = name.indexOf(',');
  if (comma < 0) return { name, source, identity: `${source}|${name}` };
  const surname = name.slice(0, comma).trim();
  const given = name.slice(comma + 1).trim().split(' ').filter((g) => g !== '');
  if (surname === '' || given.length === 0) return null;
  return { name, source, identity: `${source}|${name}`, given, surname };
}

export async function registerPeople(): Promise<RealName[]> {
  const sources: Array<[string, string]> = [
    ['asic_banned_persons.csv', 'BD_PER_NAME'],
    ['asic_financial_advisers.csv', 'ADV_NAME'],
    ['asic_liquidator.csv', 'LIQ_NAME'],
    ['asic_afs_auth_rep.csv', 'AFS_REP_NAME'],
  ];
  const people: RealName[] = [];
  for (const [file, column] of sources) {
    for (const row of await table(sharedDataPath('registers', file))) {
      const person = personFromRegister(row[column] ?? '', file.replace(/\.csv$/, ''));
      // The representatives register mixes people ("John, Nicole") and companies ("… PTY LTD").
      if (person && !/\b(PTY|LTD|LIMITED|TRUST|SERVICES|GROUP|FINANCIAL|INSURANCE)\b/i.test(person.name)) people.push(person);
    }
  }
  return people;
}

export async function registerOrganisations(): Promise<RealName[]> {
  const names: RealName[] = (await atoCompanyNames()).map((name) => ({ name, source: 'ato_company', identity: `ato|${name}` }));
  const sources: Array<[string, string, string]> = [
    ['acnc_register_head.csv', 'Charity_Legal_Name', 'acnc_charity'],
    ['asic_banned_orgs.csv', 'BD_ORG_NAME', 'asic_banned_org'],
    ['asic_afs_licensee.csv', 'AFS_LIC_NAME', 'asic_licensee'],
    ['asic_credit_licensee.csv', 'CRED_LIC_NAME', 'asic_licensee'],
  ];
  for (const [file, column, source] of sources) {
    for (const row of await table(sharedDataPath('registers', file))) {
      const name = (row[column] ?? '').trim();
      if (name !== '') names.push({ name, source, identity: `${source}|${name}` });
    }
  }
  return names;
}

/**
 * Every name variant of every parliamentarian (`names.csv` of both chambers: Latin spellings and
 * Cyrillic, Greek, Arabic, Hebrew, Han, Hangul… labels), and from the term files their name as
 * given and surname ("sort_name" is "Surname, Given").
 */
export async function everyPoliticianNames(folder = everyPoliticianFolder()): Promise<RealName[]> {
  const names: RealName[] = [];
  const seen = new Set<string>();
  for (const chamber of ['Representatives', 'Senate']) {
    const files = await readdir(`${folder}/${chamber}`);
    for (const file of files.filter((f) => TERM_FILE.test(f)).sort()) {
      for (const row of await table(`${folder}/${chamber}/${file}`)) {
        const id = row.id ?? '';
        const [surname, given] = (row.sort_name ?? '').split(',').map((p) => p.trim());
        if (!id || !row.name || seen.has(`${id}|${row.name}`)) continue;
        seen.add(`${id}|${row.name}`);
        names.push({ name: row.name, source: 'everypolitician', identity: `ep|${id}`, ...(surname && given ? { surname, given: given.split(/\s+/) } : {}) });
      }
    }
    for (const row of await table(`${folder}/${chamber}/names.csv`)) {
      const id = row.id ?? '';
      if (!id || !row.name || seen.has(`${id}|${row.name}`)) continue;
      seen.add(`${id}|${row.name}`);
      names.push({ name: row.name, source: 'everypolitician', identity: `ep|${id}` });
    }
  }
  return names;
}

/**
 * The identities (`ep|<id>`) of the parliamentarians the PEP list holds: the people the project's own
 * loader makes entities of (`src/sources/everypolitician`, from the term files), as the index has them.
 */
export async function termPoliticians(folder = everyPoliticianFolder()): Promise<Set<string>> {
  const identities = new Set<string>();
  for await (const event of parseListFile({ source: 'everypolitician', path: folder })) {
    if ('entity' in event) identities.add(`ep|${event.entity.sourceId}`);
  }
  return identities;
}
