/**
 * Loading a file of AusTender OCDS release packages into `austender_contracts`: one row per release
 * (an amendment is a release of its own, with the notice's CN id), upserted in batches inside the
 * load's transaction, each row naming the load that last wrote it. Windows overlap from one run to the
 * next, so a release seen again is updated, never duplicated. A file with no readable contract fails
 * the load: an empty answer must not read as a successful refresh.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from '../../db/sql';
import { parseAustenderFile } from '../../sources/austender/parse';
import type { AustenderContract } from '../../sources/austender/release';
import { batchedWriter, type RegisterWriter } from './register-store';

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
  await sql(
    em,
    `insert into austender_contracts (release_id, cn_id, agency, agency_key, supplier_name, supplier_abn, title, value_aud, published_at, start_date, end_date, release, load_id)
     select x.release_id, x.cn_id, x.agency, x.agency_key, x.supplier_name, x.supplier_abn, x.title, x.value_aud, x.published_at, x.start_date, x.end_date, x.release, ?
       from jsonb_to_recordset(?::jsonb) as x(release_id text, cn_id text, agency text, agency_key text, supplier_name text, supplier_abn text, title text,
            value_aud numeric, published_at timestamptz, start_date date, end_date date, release jsonb)
     on conflict (release_id) do update set cn_id = excluded.cn_id, agency = excluded.agency, agency_key = excluded.agency_key,
       supplier_name = excluded.supplier_name, supplier_abn = excluded.supplier_abn, title = excluded.title, value_aud = excluded.value_aud,
       published_at = excluded.published_at, start_date = excluded.start_date, end_date = excluded.end_date, release = excluded.release,
       load_id = excluded.load_id`,
    [loadId, JSON.stringify(rows)],
  );
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
