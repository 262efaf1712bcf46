/**
 * Reading the current version of the registers: who the ASIC company dataset, the banned and
 * disqualified registers, the published notices and AUSTRAC's lists name, by ACN, ABN or name key.
 * The Trust Score and the feed endpoints both ask here, so a feed answer and a score agree.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from '../../db/sql';
import type { AsicCompany } from '../../sources/asic/company-record';
import type { RegisterEntry } from '../../sources/registers/register-entry';
import { registerNameKey } from '../../sources/registers/name-key';

/** What to look for: any ACN, ABN or name (compared by {@link registerNameKey}) that matches. */
export interface RegisterKeys {
  acns: string[];
  abns: string[];
  names: string[];
}

/** A register entry of the current version, with where it came from and which key found it. */
export interface EntryHit extends RegisterEntry {
  source: string;
  version: number;
  /** Which key found it: an identifier is certain, a name is the register's exact words after normalising. */
  matchedBy: 'acn' | 'abn' | 'name';
}

/** A row of the ASIC company dataset as stored. */
export type CompanyRow = AsicCompany;

const day = (d: Date | string | null) => (d === null ? null : typeof d === 'string' ? d.slice(0, 10) : d.toISOString().slice(0, 10));
const unique = (values: string[]) => [...new Set(values.filter(Boolean))];
const keysOf = (names: string[]) => unique(names.map(registerNameKey));

/** The look-up keys in the form the columns hold them, or null when there is nothing to look up. */
function lookupKeys(keys: RegisterKeys): { nameKeys: string[]; acns: string[]; abns: string[] } | null {
  const found = { nameKeys: keysOf(keys.names), acns: unique(keys.acns), abns: unique(keys.abns) };
  return found.nameKeys.length || found.acns.length || found.abns.length ? found : null;
}

const hitOf = (r: Record<string, unknown>, acns: string[], abns: string[]): EntryHit => ({
  source: r.source as string,
  version: r.version_number as number,
  name: r.name as string,
  acn: (r.acn as string | null) ?? null,
  abn: (r.abn as string | null) ?? null,
  category: r.category as string,
  startDate: day(r.start_date as Date | null),
  endDate: day(r.end_date as Date | null),
  url: (r.url as string | null) ?? null,
  detail: r.detail as Record<string, string | null>,
  matchedBy: r.acn && acns.includes(r.acn as string) ? 'acn' : r.abn && abns.includes(r.abn as string) ? 'abn' : 'name',
});

/** Entries of the newest version of each of `sources` that match any key. */
export async function findEntries(em: EntityManager, sources: string[], keys: RegisterKeys): Promise<EntryHit[]> {
  const lookup = lookupKeys(keys);
  if (!lookup) return [];
  const { nameKeys, acns, abns } = lookup;
  // One index lookup per key kind (load_id, key), not one OR over the whole version: a version of
  // a register holds thousands of rows, and only a handful match.
  const rows = await sql<Record<string, unknown>[]>(
    em,
    `with current_load as (
       select distinct on (source) id, version_number from register_loads
        where status = 'succeeded' and source = any(?) order by source, version_number desc),
     hits as (
       select e.load_id, e.record_no from register_entries e join current_load c on e.load_id = c.id where e.acn = any(?)
       union select e.load_id, e.record_no from register_entries e join current_load c on e.load_id = c.id where e.abn = any(?)
       union select e.load_id, e.record_no from register_entries e join current_load c on e.load_id = c.id where e.name_key = any(?))
     select e.source, c.version_number, e.name, e.name_key, e.acn, e.abn, e.category, e.start_date, e.end_date, e.url, e.detail
       from hits h join register_entries e using (load_id, record_no) join current_load c on c.id = e.load_id
      order by e.source, e.start_date desc nulls last, e.record_no`,
    [sources, acns, abns, nameKeys],
  );
  return rows.map((r) => hitOf(r, acns, abns));
}

/** Every entry of the newest version of `source` (for small registers read whole, such as AUSTRAC's enforcement actions). */
export async function currentEntries(em: EntityManager, source: string): Promise<EntryHit[]> {
  const rows = await sql<Record<string, unknown>[]>(
    em,
    `with current_load as (select id, version_number from register_loads where status = 'succeeded' and source = ? order by version_number desc limit 1)
     select e.source, c.version_number, e.name, e.acn, e.abn, e.category, e.start_date, e.end_date, e.url, e.detail
       from register_entries e join current_load c on c.id = e.load_id order by e.record_no limit 5000`,
    [source],
  );
  return rows.map((r) => hitOf(r, [], []));
}

/**
 * Entries of *every* version of `source` that match any key, each record once with the version that
 * first saw it: a register published as a rolling page (ASIC's notices show only the latest) loses
 * nothing when an older record drops off the page. A record is the same across versions when its
 * kind, date, ACN and name are (not its link: a page may number its links by position).
 */
export async function findEntriesEverLoaded(em: EntityManager, source: string, keys: RegisterKeys): Promise<(EntryHit & { firstSeenVersion: number })[]> {
  const lookup = lookupKeys(keys);
  if (!lookup) return [];
  const { nameKeys, acns, abns } = lookup;
  // One index lookup per key kind (source, key), as findEntries does, then each record once.
  const rows = await sql<Record<string, unknown>[]>(
    em,
    `with hits as (
       select load_id, record_no from register_entries where source = ? and acn = any(?)
       union select load_id, record_no from register_entries where source = ? and abn = any(?)
       union select load_id, record_no from register_entries where source = ? and name_key = any(?))
     select distinct on (e.category, e.start_date, e.acn, e.name_key)
            e.source, l.version_number, e.name, e.acn, e.abn, e.category, e.start_date, e.end_date, e.url, e.detail
       from hits h join register_entries e using (load_id, record_no) join register_loads l on l.id = e.load_id
      where l.status = 'succeeded'
      order by e.category, e.start_date, e.acn, e.name_key, l.version_number
      limit 500`,
    [source, acns, source, abns, source, nameKeys],
  );
  return rows
    .map((r) => ({ ...hitOf(r, acns, abns), firstSeenVersion: r.version_number as number }))
    .sort((a, b) => (b.startDate ?? '').localeCompare(a.startDate ?? '') || a.firstSeenVersion - b.firstSeenVersion);
}

/** Rows of the ASIC company dataset for these ACNs or ABNs (every name, current first), or by name when no identifier is given. */
export async function findCompanies(em: EntityManager, keys: RegisterKeys): Promise<CompanyRow[]> {
  const acns = unique(keys.acns);
  const abns = unique(keys.abns);
  const byName = !acns.length && !abns.length;
  const nameKeys = byName ? keysOf(keys.names) : [];
  if (!acns.length && !abns.length && !nameKeys.length) return [];
  // The companies first, then every name row of each by its key (two index lookups; one query joining
  // the table to itself can fall back to reading all of it).
  const companies = await sql<{ acn: string }[]>(em, `select distinct acn from asic_companies where acn = any(?) or abn = any(?) or name_key = any(?) limit 50`, [acns, abns, nameKeys]);
  if (!companies.length) return [];
  const rows = await sql<Record<string, unknown>[]>(
    em,
    `select acn, name, current_name, type, class, sub_class, status, registered_on, deregistered_on, abn from asic_companies
      where acn = any(?) order by acn, current_name desc, name limit 200`,
    [companies.map((c) => c.acn)],
  );
  return rows.map((r) => ({
    acn: r.acn as string,
    name: r.name as string,
    currentName: r.current_name as boolean,
    type: (r.type as string | null) ?? null,
    class: (r.class as string | null) ?? null,
    subClass: (r.sub_class as string | null) ?? null,
    status: r.status as string,
    registeredOn: day(r.registered_on as Date | null),
    deregisteredOn: day(r.deregistered_on as Date | null),
    abn: (r.abn as string | null) ?? null,
  }));
}
