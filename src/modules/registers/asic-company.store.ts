/**
 * Writing ASIC's company dataset into `asic_companies` (one row per ACN and name, upserted in batches:
 * the full file is a few million rows, so versions are not copied whole; each row names the load that
 * last described it).
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { parseAsicCompaniesFile } from '../../sources/asic/companies';
import type { AsicCompany } from '../../sources/asic/company-record';
import { registerNameKey } from '../../sources/registers/name-key';
import { batchedWriter, type RegisterWriter } from './register-file.store';
import { bulkInsert } from '../../db/bulk-insert';

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
  await bulkInsert(em, 'asic_companies', {
    acn: 'text', name: 'text', name_key: 'text', current_name: 'boolean', type: 'text', class: 'text', sub_class: 'text', status: 'text',
    registered_on: 'date', deregistered_on: 'date', abn: 'text',
  }, rows, {
    same: { load_id: loadId },
    onConflict: { key: ['acn', 'name'], replaceTheRest: true },
  });
}

export const writeAsicCompanies: RegisterWriter = batchedWriter({
  source: 'asic_companies',
  parse: parseAsicCompaniesFile,
  record: (event) => ('company' in event ? event.company : null),
  size: BATCH,
  flush: (tx, loadId, _first, batch) => upsert(tx, loadId, batch),
  requireRecords: true,
});
