/**
 * ABN Lookup answers kept in PostgreSQL (`abn_lookup_responses`), so the same ABN is not fetched twice
 * within the cache window, and a score can say when its registration was read.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from '../../db/sql';
import type { AbnLookupClient } from '../../sources/abn-lookup/client';
import type { AbnLookupRecord } from '../../sources/abn-lookup/map';

const HOUR_MS = 3_600_000;

/** The stored answer for `abn`, however old, or null. */
export async function storedAbnLookup(em: EntityManager, abn: string): Promise<{ record: AbnLookupRecord; fetchedAt: string } | null> {
  const [row] = await sql<{ response: AbnLookupRecord; fetched_at: Date }[]>(em, 'select response, fetched_at from abn_lookup_responses where abn = ?', [abn]);
  return row ? { record: row.response, fetchedAt: new Date(row.fetched_at).toISOString() } : null;
}

/** The stored answer when fetched within `cacheHours`; otherwise a fresh one from the service, stored. */
export async function lookupAbnCached(
  em: EntityManager,
  client: Pick<AbnLookupClient, 'abnDetails'>,
  abn: string,
  options: { now: Date; cacheHours: number },
): Promise<{ record: AbnLookupRecord; fetchedAt: string; fromCache: boolean }> {
  const stored = await storedAbnLookup(em, abn);
  if (stored && options.now.getTime() - new Date(stored.fetchedAt).getTime() < options.cacheHours * HOUR_MS) return { ...stored, fromCache: true };
  const record = await client.abnDetails(abn);
  const fetchedAt = options.now.toISOString();
  await sql(
    em,
    `insert into abn_lookup_responses (abn, found, response, fetched_at) values (?, ?, ?::jsonb, ?)
     on conflict (abn) do update set found = excluded.found, response = excluded.response, fetched_at = excluded.fetched_at`,
    [abn, record.found, JSON.stringify(record), fetchedAt],
  );
  return { record, fetchedAt, fromCache: false };
}
