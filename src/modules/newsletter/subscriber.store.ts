/**
 * The newsletter's subscriber rows: one per normalised address. A sign-up upserts (the first source is
 * kept, the latest recorded, the revision counts sign-ups); the sync workflow reads the row it was
 * started for and records its outcome only on that revision, so a newer sign-up is never overwritten
 * by an older run.
 */
import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from '../../db/sql';

export type SyncStatus = 'pending' | 'synced' | 'failed' | 'not_configured';

/** How an address is stored and compared: trimmed, the whole address lower-cased. */
export function normaliseEmail(raw: string): string {
  return raw.trim().toLowerCase();
}

export interface UpsertedSubscriber {
  id: string;
  revision: number;
  /** False when the address was already subscribed (this sign-up updated the row). */
  created: boolean;
}

/**
 * Inserts the address, or records a new sign-up of it: the latest `source`, a new revision, and the
 * sync status this sign-up starts from (the previous run's attempts and error are cleared).
 * `email` must be normalised already.
 */
export async function upsertSubscriber(em: EntityManager, s: { email: string; source: string; syncStatus: 'pending' | 'not_configured' }): Promise<UpsertedSubscriber> {
  const [row] = await sql<{ id: string; revision: number; created: boolean }[]>(
    em,
    `insert into newsletter_subscribers (id, email, source, first_source, sync_status)
     values (?, ?, ?, ?, ?)
     on conflict (email) do update set
       source = excluded.source,
       revision = newsletter_subscribers.revision + 1,
       updated_at = clock_timestamp(),
       sync_status = excluded.sync_status,
       sync_attempts = 0,
       sync_error = null
     returning id, revision, (xmax = 0) as created`,
    [randomUUID(), s.email, s.source, s.source, s.syncStatus],
  );
  return { id: row!.id, revision: Number(row!.revision), created: Boolean(row!.created) };
}

/**
 * What one sync attempt sends, counting the attempt; null when the row is gone or a newer sign-up
 * superseded this revision (its own run syncs it).
 */
export async function claimSyncAttempt(em: EntityManager, id: string, revision: number): Promise<{ email: string; source: string } | null> {
  const [row] = await sql<{ email: string; source: string }[]>(
    em,
    `update newsletter_subscribers set sync_attempts = sync_attempts + 1
     where id = ? and revision = ? returning email, source`,
    [id, revision],
  );
  return row ?? null;
}

/** Records a sync run's outcome on its revision; false when a newer sign-up has superseded it. */
export async function recordSyncOutcome(
  em: EntityManager,
  o: { id: string; revision: number; status: Exclude<SyncStatus, 'pending'>; error: string | null },
): Promise<boolean> {
  const rows = await sql<{ id: string }[]>(
    em,
    `update newsletter_subscribers
     set sync_status = ?, sync_error = ?, synced_at = case when cast(? as boolean) then clock_timestamp() else synced_at end
     where id = ? and revision = ? returning id`,
    [o.status, o.error, o.status === 'synced', o.id, o.revision],
  );
  return rows.length > 0;
}
