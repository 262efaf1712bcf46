/**
 * ABN Lookup answers kept in PostgreSQL (`abn_lookup_responses`, one row per ABN), so the same ABN is
 * not fetched twice within the cache window, and a score can say when its registration was read.
 * The stored `response` is the mapped `AbnLookupRecord`, not the service's raw answer. "Not found" is
 * stored and cached like a found ABN; a refused GUID or an unreachable service throws from the client
 * and stores nothing.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from '../../db/sql';
import type { AbnLookupClient } from '../../sources/abn-lookup/client';
import type { AbnLookupRecord } from '../../sources/abn-lookup/map';

const HOUR_MS = 3_600_000;

export interface StoredAbnLookup {
  record: AbnLookupRecord;
  /** ISO 8601 instant the answer was fetched from the service. */
  fetchedAt: string;
}

const str = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/** A stored response read back defensively: rows written by an older shape get null/[] for what they lack. */
function recordOf(abn: string, found: boolean, response: unknown): AbnLookupRecord {
  const r = (response && typeof response === 'object' ? response : {}) as Record<string, unknown>;
  const status = r.status === 'active' || r.status === 'cancelled' ? r.status : null;
  return {
    abn,
    found,
    message: str(r.message),
    status,
    statusFrom: str(r.statusFrom),
    name: str(r.name),
    entityTypeCode: str(r.entityTypeCode),
    entityTypeName: str(r.entityTypeName),
    acn: str(r.acn),
    gstFrom: str(r.gstFrom),
    businessNames: Array.isArray(r.businessNames) ? r.businessNames.filter((n): n is string => typeof n === 'string') : [],
    state: str(r.state),
    postcode: str(r.postcode),
  };
}

/** The stored answer for `abn`, however old, or null when the service was never asked about it. */
export async function storedAbnLookup(em: EntityManager, abn: string): Promise<StoredAbnLookup | null> {
  const [row] = await sql<{ abn: string; found: boolean; response: unknown; fetched_at: Date | string }[]>(
    em,
    'select abn, found, response, fetched_at from abn_lookup_responses where abn = ?',
    [abn],
  );
  return row ? { record: recordOf(row.abn.trim(), row.found, row.response), fetchedAt: new Date(row.fetched_at).toISOString() } : null;
}

/**
 * The stored answer when it was fetched within `cacheHours` before `now`; otherwise a fresh one from
 * the service, stored (replacing the old one) with `now` as its fetch time.
 */
export async function lookupAbnCached(
  em: EntityManager,
  client: Pick<AbnLookupClient, 'abnDetails'>,
  abn: string,
  options: { now: Date; cacheHours: number },
): Promise<{ record: AbnLookupRecord; fetchedAt: string; fromCache: boolean }> {
  if (!/^\d{11}$/.test(abn)) throw new RangeError(`An ABN has 11 digits without spaces; got ${JSON.stringify(abn.slice(0, 20))}`);
  const stored = await storedAbnLookup(em, abn);
  if (stored) {
    const age = options.now.getTime() - new Date(stored.fetchedAt).getTime();
    if (age < options.cacheHours * HOUR_MS) return { ...stored, fromCache: true };
  }
  const fetched = await client.abnDetails(abn);
  const record: AbnLookupRecord = { ...fetched, abn };
  const fetchedAt = options.now.toISOString();
  // A concurrent lookup that stored a newer answer keeps it.
  await sql(
    em,
    `insert into abn_lookup_responses (abn, found, response, fetched_at) values (?, ?, ?::jsonb, ?)
     on conflict (abn) do update set found = excluded.found, response = excluded.response, fetched_at = excluded.fetched_at
      where abn_lookup_responses.fetched_at <= excluded.fetched_at`,
    [abn, record.found, JSON.stringify(record), fetchedAt],
  );
  return { record, fetchedAt, fromCache: false };
}
