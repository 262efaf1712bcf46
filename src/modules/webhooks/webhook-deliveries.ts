/** Listing an account's webhook events with every attempt, so a client can see exactly what was sent when. */
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from '../../db/sql';

export interface DeliveryView {
  event_id: string;
  event: string;
  subject_id: string;
  target_url: string;
  status: 'pending' | 'delivered' | 'failed';
  created_at: string;
  finished_at: string | null;
  attempts: { attempt: number; attempted_at: string; status_code: number | null; latency_ms: number | null; outcome: string; error: string | null }[];
}

export async function listDeliveries(
  em: EntityManager,
  accountId: string,
  filter: { subjectId?: string; limit: number; offset: number },
): Promise<{ deliveries: DeliveryView[]; total: number; limit: number; offset: number }> {
  const where = filter.subjectId ? 'account_id = ? and subject_id = ?' : 'account_id = ?';
  const params = filter.subjectId ? [accountId, filter.subjectId] : [accountId];
  const [count] = await sql<{ n: number }[]>(em, `select count(*)::int as n from webhook_events where ${where}`, params);
  const events = await sql<{ id: string; event_type: string; subject_id: string; target_url: string; status: DeliveryView['status']; created_at: Date; finished_at: Date | null }[]>(
    em,
    `select id, event_type, subject_id, target_url, status, created_at, finished_at from webhook_events where ${where} order by created_at desc, id limit ? offset ?`,
    [...params, filter.limit, filter.offset],
  );
  const attempts = events.length
    ? await sql<{ event_id: string; attempt: number; attempted_at: Date; status_code: number | null; latency_ms: number | null; outcome: string; error: string | null }[]>(
        em,
        `select * from webhook_attempts where event_id in (${events.map(() => '?').join(',')}) order by attempt`,
        events.map((e) => e.id),
      )
    : [];
  return {
    deliveries: events.map((e) => ({
      event_id: e.id,
      event: e.event_type,
      subject_id: e.subject_id,
      target_url: e.target_url,
      status: e.status,
      created_at: new Date(e.created_at).toISOString(),
      finished_at: e.finished_at ? new Date(e.finished_at).toISOString() : null,
      attempts: attempts
        .filter((a) => a.event_id === e.id)
        .map((a) => ({ attempt: a.attempt, attempted_at: new Date(a.attempted_at).toISOString(), status_code: a.status_code, latency_ms: a.latency_ms, outcome: a.outcome, error: a.error })),
    })),
    total: count?.n ?? 0,
    limit: filter.limit,
    offset: filter.offset,
  };
}
