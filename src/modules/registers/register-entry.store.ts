/**
 * Writing a small published register (banned persons, notices, enforcement actions, ...) into
 * `register_entries` as one version: every load keeps its own rows, numbered in file order.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from '../../db/sql';
import type { RegisterEntry, RegisterEvent } from '../../sources/registers/register-entry';
import { registerNameKey } from '../../sources/registers/name-key';
import { batchedWriter, type RegisterWriter } from './register-file.store';
import { bulkInsert } from '../../db/bulk-insert';

const BATCH = 1_000;

async function insert(em: EntityManager, source: string, loadId: string, first: number, entries: RegisterEntry[]): Promise<void> {
  const rows = entries.map((e, i) => ({
    record_no: first + i,
    name: e.name,
    name_key: registerNameKey(e.name),
    acn: e.acn,
    abn: e.abn,
    category: e.category,
    start_date: e.startDate,
    end_date: e.endDate,
    url: e.url,
    detail: e.detail,
  }));
  const columns = { record_no: 'int', name: 'text', name_key: 'text', acn: 'text', abn: 'text', category: 'text', start_date: 'date', end_date: 'date', url: 'text', detail: 'jsonb' };
  await bulkInsert(em, 'register_entries', columns, rows, { same: { load_id: loadId, source } });
}

/** A writer for `source` over a parser that yields {@link RegisterEvent}s. */
export function entriesWriter(source: string, parse: (path: string) => AsyncIterable<RegisterEvent>): RegisterWriter {
  return batchedWriter({
    source,
    parse,
    record: (event) => ('entry' in event ? event.entry : null),
    size: BATCH,
    flush: (tx, loadId, first, batch) => insert(tx, source, loadId, first, batch),
    requireRecords: true,
  });
}

/** The id of the newest version of `source`, or null when it was never loaded. */
export async function currentLoadId(em: EntityManager, source: string): Promise<string | null> {
  const [row] = await sql<{ id: string }[]>(em, `select id from register_loads where source = ? and status = 'succeeded' order by version_number desc limit 1`, [source]);
  return row?.id ?? null;
}
