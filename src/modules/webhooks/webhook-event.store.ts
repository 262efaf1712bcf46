/**
 * Webhook events and their delivery attempts in PostgreSQL. An event is created once per subject (a
 * job's `batch.completed` can never be created twice) with the exact body every attempt will send.
 */
import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from '../../db/sql';

export interface WebhookEvent {
  id: string;
  accountId: string;
  clientId: string;
  eventType: string;
  subjectId: string;
  targetUrl: string;
  body: string;
  status: 'pending' | 'delivered' | 'failed';
}

export interface AttemptRecord {
  attempt: number;
  attemptedAt: string;
  statusCode: number | null;
  latencyMs: number | null;
  outcome: 'delivered' | 'retry' | 'permanent_failure';
  error: string | null;
}

/** The body of every event: `{event, timestamp, data}`, timestamp ISO 8601 with fractional seconds. */
export function eventBody(eventType: string, data: Record<string, unknown>, at: Date): string {
  return JSON.stringify({ event: eventType, timestamp: at.toISOString(), data });
}

interface EventRow {
  id: string;
  account_id: string;
  client_id: string;
  event_type: string;
  subject_id: string;
  target_url: string;
  body: string;
  status: WebhookEvent['status'];
}

const toEvent = (r: EventRow): WebhookEvent => ({
  id: r.id,
  accountId: r.account_id,
  clientId: r.client_id,
  eventType: r.event_type,
  subjectId: r.subject_id,
  targetUrl: r.target_url,
  body: r.body,
  status: r.status,
});

/** Creates the event for (type, subject), or returns the one already created. */
export async function createWebhookEvent(
  em: EntityManager,
  input: { accountId: string; clientId: string; eventType: string; subjectId: string; targetUrl: string; data: Record<string, unknown> },
): Promise<WebhookEvent> {
  const now = new Date();
  await sql(
    em,
    `insert into webhook_events (id, account_id, client_id, event_type, subject_id, target_url, body, status, created_at)
     values (?, ?, ?, ?, ?, ?, ?, 'pending', ?) on conflict (event_type, subject_id) do nothing`,
    [randomUUID(), input.accountId, input.clientId, input.eventType, input.subjectId, input.targetUrl, eventBody(input.eventType, input.data, now), now.toISOString()],
  );
  const [row] = await sql<EventRow[]>(em, 'select * from webhook_events where event_type = ? and subject_id = ?', [input.eventType, input.subjectId]);
  return toEvent(row!);
}

export async function findWebhookEvent(em: EntityManager, eventId: string): Promise<WebhookEvent | undefined> {
  const [row] = await sql<EventRow[]>(em, 'select * from webhook_events where id = ?', [eventId]);
  return row ? toEvent(row) : undefined;
}

/** Records an attempt; a retried activity re-recording the same attempt number keeps the first record. */
export async function recordAttempt(em: EntityManager, eventId: string, attempt: AttemptRecord): Promise<void> {
  await sql(
    em,
    `insert into webhook_attempts (event_id, attempt, attempted_at, status_code, latency_ms, outcome, error) values (?, ?, ?, ?, ?, ?, ?)
     on conflict (event_id, attempt) do nothing`,
    [eventId, attempt.attempt, attempt.attemptedAt, attempt.statusCode, attempt.latencyMs, attempt.outcome, attempt.error],
  );
}

export async function finishWebhookEvent(em: EntityManager, eventId: string, status: 'delivered' | 'failed'): Promise<void> {
  await sql(em, `update webhook_events set status = ?, finished_at = now() where id = ? and status = 'pending'`, [status, eventId]);
}

/**
 * Events still pending well after creation: their delivery workflow may never have started, or may have
 * failed. Up to `limit` of them, those recovery looked at longest ago first (and marked as looked at),
 * so a backlog still retrying normally cannot hide a newer stranded event from every run.
 */
export async function strandedWebhookEvents(em: EntityManager, olderThanSeconds: number, limit: number): Promise<string[]> {
  const rows = await sql<{ id: string }[]>(
    em,
    `update webhook_events set recovery_checked_at = clock_timestamp() where id in (
       select id from webhook_events where status = 'pending' and created_at < now() - make_interval(secs => ?)
        order by recovery_checked_at nulls first, created_at limit ? for update skip locked)
     returning id`,
    [olderThanSeconds, limit],
  );
  return rows.map((row) => row.id);
}
