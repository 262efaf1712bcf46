/**
 * Loading a file of AusTender OCDS release packages into `austender_contracts`: one row per release
 * (an amendment is a release of its own, with the notice's CN id), upserted in batches inside the
 * load's transaction, each row naming the load that last wrote it. Windows overlap from one run to the
 * next, so a release seen again is updated, never duplicated. A file with no readable contract fails
 * the load: an empty answer must not read as a successful refresh.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { parseAustenderFile } from '../../sources/austender/parse';
import type { AustenderContract } from '../../sources/austender/release';
import { batchedWriter, type RegisterWriter } from './register-file.store';
import { bulkInsert } from '../../db/bulk-insert';

const BATCH = 500;

/** The agency name as compared by queries: lower case, whitespace collapsed. */
export function agencyKey(agency: string | null): string | null {
  if (agency === null) return null;
  const key = agency.toLowerCase().replace(/\s+/g, ' ').trim();
  return key === '' ? null : key;
}

async function upsert(em: EntityManager, loadId: string, contracts: AustenderContract[]): Promise<void> {
  // The same release can come twice in one file (it was modified while the window was being paged);
  // one statement may not update a row twice, so the last copy read wins.
  const byRelease = new Map(contracts.map((c) => [c.releaseId, c]));
  const rows = [...byRelease.values()].map((c) => ({
    release_id: c.releaseId,
    cn_id: c.cnId,
    agency: c.agency,
    agency_key: agencyKey(c.agency),
    supplier_name: c.supplierName,
    supplier_abn: c.supplierAbn,
    title: c.title,
    value_aud: c.valueAud,
    published_at: c.publishedAt,
    start_date: c.startDate,
    end_date: c.endDate,
    release: c.release,
  }));
  await bulkInsert(em, 'austender_contracts', {
    release_id: 'text', cn_id: 'text', agency: 'text', agency_key: 'text', supplier_name: 'text', supplier_abn: 'text', title: 'text',
    value_aud: 'numeric', published_at: 'timestamptz', start_date: 'date', end_date: 'date', release: 'jsonb',
  }, rows, {
    same: { load_id: loadId },
    onConflict: { key: ['release_id'], replaceTheRest: true },
  });
}

/** Writes a file of release packages (one package, or NDJSON of pages) in batches of upserts. */
export const writeAustenderReleases: RegisterWriter = batchedWriter({
  source: 'austender',
  parse: parseAustenderFile,
  record: (event) => ('contract' in event ? event.contract : null),
  size: BATCH,
  flush: (tx, loadId, _first, batch) => upsert(tx, loadId, batch),
  requireRecords: true,
});
