/**
 * Who is calling: the registration behind a verified token, re-read on every request so that a revoked
 * or expired registration is refused at once, even while its token has not expired yet.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { isPlan, planLimits, type Plan } from './plans';
import { sql } from '../../db/sql';

export interface Caller {
  clientId: string;
  accountId: string;
  scopes: string[];
  plan: Plan;
  requestsPerMinute: number;
  batchEntities: number;
  /** Registration expiry; null for a registration that never expires. */
  expiresAt: Date | null;
}

export type CallerLookup = { state: 'active'; caller: Caller } | { state: 'revoked' | 'expired'; caller: Caller } | { state: 'unknown' };

interface CallerRow {
  client_id: string;
  account_id: string;
  scopes: string[];
  expires_at: Date | null;
  revoked_at: Date | null;
  plan: string;
  custom_requests_per_minute: number | null;
}

/** One indexed join on the hot path of every authenticated request. */
export async function findCaller(em: EntityManager, clientId: string, now = new Date()): Promise<CallerLookup> {
  const rows = await sql<CallerRow[]>(em, 
    `select c.client_id, c.account_id, c.scopes, c.expires_at, c.revoked_at, a.plan, a.custom_requests_per_minute
       from client_registrations c join accounts a on a.id = c.account_id
      where c.client_id = ?`,
    [clientId],
  );
  const row = rows[0];
  if (!row || !isPlan(row.plan)) return { state: 'unknown' };
  const limits = planLimits(row.plan, row.custom_requests_per_minute);
  const caller: Caller = {
    clientId: row.client_id,
    accountId: row.account_id,
    scopes: row.scopes,
    plan: row.plan,
    requestsPerMinute: limits.requestsPerMinute,
    batchEntities: limits.batchEntities,
    expiresAt: row.expires_at ? new Date(row.expires_at) : null,
  };
  if (row.revoked_at) return { state: 'revoked', caller };
  if (caller.expiresAt && caller.expiresAt.getTime() <= now.getTime()) return { state: 'expired', caller };
  return { state: 'active', caller };
}
