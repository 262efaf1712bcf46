/**
 * Writing ASIC's company dataset into `asic_companies` (one row per ACN and name, upserted in batches:
 * the full file is a few million rows, so versions are not copied whole; each row names the load that
 * last described it).
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from '../../db/sql';
import { parseAsicCompaniesFile } from '../../sources/asic/companies';
import type { AsicCompany } from '../../sources/asic/company-record';
import { registerNameKey } from '../../sources/registers/name-key';
import { batchedWriter, type RegisterWriter } from './register-store';

const BATCH = 2_000;

async function upsert(em: EntityManager, loadId: string, companies: AsicCompany[]): Promise<void> {
  const unique = new Map(companies.map((c) => [`${c.acn}\u0000${c.name}`, c])); // a repeated row in one batch would fail the upsert
  const rows = [...unique.values()].map((c) => ({
    acn: c.acn,
    name: c.name,
    name_key: registerNameKey(c.name),
    current_name: c.currentName,
    type: c.type,
    class: c.class,
    sub_class: c.subClass,
    status: c.status,
    registered_on: c.registeredOn,
    deregistered_on: c.deregisteredOn,
    abn: c.abn,
  }));
  await sql(
    em,
    `insert into asic_companies (acn, name, name_key, current_name, type, class, sub_class, status, registered_on, deregistered_on, abn, load_id)
     select x.acn, x.name, x.name_key, x.current_name, x.type, x.class, x.sub_class, x.status, x.registered_on, x.deregistered_on, x.abn, ?
       from jsonb_to_recordset(?::jsonb) as x(acn text, name text, name_key text, current_name boolean, type text, class text, sub_class text, status text,
            registered_on date, deregistered_on date, abn text)
     on conflict (acn, name) do update set name_key = excluded.name_key, current_name = excluded.current_name, type = excluded.type, class = excluded.class,
       sub_class = excluded.sub_class, status = excluded.status, registered_on = excluded.registered_on, deregistered_on = excluded.deregistered_on,
       abn = excluded.abn, load_id = excluded.load_id`,
    [loadId, JSON.stringify(rows)],
  );
}

export const writeAsicCompanies: RegisterWriter = batchedWriter({
  source: 'asic_companies',
  parse: parseAsicCompaniesFile,
  record: (event) => ('company' in event ? event.company : null),
  size: BATCH,
  flush: (tx, loadId, _first, batch) => upsert(tx, loadId, batch),
  requireRecords: true,
});
