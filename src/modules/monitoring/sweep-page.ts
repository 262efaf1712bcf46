/**
 * One page of a monitoring sweep: re-screen active enrolments (in id order, after a cursor) with their
 * original scan inputs against the current lists, and compare with the matches already known. New
 * matches produce a new permanent scan, an alert and (with a webhook target) a `monitoring.alert`
 * event; matches gone from the lists are recorded too, without a webhook. Everything is keyed by the
 * sweep, so a page retried after a crash alerts each enrolment at most once; and the page's result is
 * read back from the alerts this sweep holds for the page's enrolments, not from what this attempt
 * raised, so a retry hands over every event an earlier attempt committed but never returned.
 */
import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from '../../db/sql';
import type { MatchRecord } from '../screening/match-record';
import type { ScanRequest } from '../screening/scan-request.schema';
import type { Screening } from '../screening/screening';
import { createWebhookEvent } from '../webhooks/webhook-events';

export interface SweepPageResult {
  processed: number;
  alerts: number;
  /** `monitoring.alert` events to deliver. */
  webhookEventIds: string[];
  /** Id of the last enrolment seen; null when the sweep is done. */
  nextCursor: string | null;
}

interface EnrolmentToSweep {
  id: string;
  account_id: string;
  client_id: string;
  entity_name: string;
  entity_type: string;
  webhook_url: string | null;
  known_matches: string[];
  last_scan_id: string;
  request: ScanRequest;
}

/** `onProgress` is called after each enrolment (the activity heartbeats with it). */
export async function sweepPage(
  em: EntityManager,
  screening: Screening,
  input: { sweepKey: string; after: string | null; pageSize: number },
  onProgress: (done: number) => void = () => {},
): Promise<SweepPageResult> {
  await screening.index.rebuild(); // the sweep must see the list version that started it
  const page = await sql<EnrolmentToSweep[]>(
    em,
    `select e.id, e.account_id, e.client_id, e.entity_name, e.entity_type, e.webhook_url, e.known_matches, e.last_scan_id, s.request
       from monitoring_enrolments e join scans s on s.id = e.scan_id
      where e.active and (?::uuid is null or e.id > ?::uuid) order by e.id limit ?`,
    [input.after, input.after, input.pageSize],
  );
  const nextCursor = page.length === input.pageSize ? page.at(-1)!.id : null;
  const versions = screening.index.current().versions.map((v) => ({ source: v.source, version: v.versionNumber, version_id: v.versionId }));
  for (const enrolment of page) {
    const current = await screening.scans.evaluate(em, enrolment.request);
    const currentIds = new Set(current.scan_result.matches.map((m) => m.listed_entity_id));
    const known = new Set(enrolment.known_matches);
    const added = [...currentIds].filter((id) => !known.has(id));
    const removed = [...known].filter((id) => !currentIds.has(id));
    if (added.length === 0 && removed.length === 0) {
      onProgress(page.indexOf(enrolment) + 1);
      continue;
    }
    await raiseAlert(em, screening, enrolment, input.sweepKey, added, removed, versions);
    onProgress(page.indexOf(enrolment) + 1);
  }
  return { processed: page.length, ...(await pageAlerts(em, input.sweepKey, page.map((e) => e.id))), nextCursor };
}

/** The alerts this sweep holds for these enrolments, and their webhook events, whichever attempt raised them. */
async function pageAlerts(em: EntityManager, sweepKey: string, enrolmentIds: string[]): Promise<{ alerts: number; webhookEventIds: string[] }> {
  if (enrolmentIds.length === 0) return { alerts: 0, webhookEventIds: [] };
  const rows = await sql<{ webhook_event_id: string | null }[]>(
    em,
    `select webhook_event_id from monitoring_alerts where sweep_key = ? and enrolment_id = any(?::uuid[]) order by enrolment_id`,
    [sweepKey, `{${enrolmentIds.join(',')}}`],
  );
  return { alerts: rows.length, webhookEventIds: rows.flatMap((row) => (row.webhook_event_id ? [row.webhook_event_id] : [])) };
}

async function raiseAlert(
  em: EntityManager,
  screening: Screening,
  enrolment: EnrolmentToSweep,
  sweepKey: string,
  added: string[],
  removed: string[],
  versions: object[],
): Promise<{ raised: boolean; webhookEventId: string | null }> {
  let newMatches: MatchRecord[] = [];
  let scanId: string | null = null;
  if (added.length) {
    const scan = await screening.scans.create(em, {
      owner: { accountId: enrolment.account_id, clientId: enrolment.client_id },
      request: enrolment.request,
      idempotencyKey: `monitoring:${sweepKey}:${enrolment.id}`,
      origin: 'monitoring',
    });
    scanId = scan.scanId;
    newMatches = scan.response.scan_result.matches.filter((m) => added.includes(m.listed_entity_id));
  }
  return em.transactional(async (tx) => {
    const alertId = randomUUID();
    const inserted = await sql<{ id: string }[]>(
      tx,
      `insert into monitoring_alerts (id, enrolment_id, account_id, sweep_key, scan_id, previous_scan_id, new_matches, removed_matches, list_versions, created_at)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) on conflict (enrolment_id, sweep_key) do nothing returning id`,
      [alertId, enrolment.id, enrolment.account_id, sweepKey, scanId, enrolment.last_scan_id, JSON.stringify(newMatches), JSON.stringify(removed), JSON.stringify(versions), new Date().toISOString()],
    );
    if (!inserted[0]) {
      const [existing] = await sql<{ webhook_event_id: string | null }[]>(tx, 'select webhook_event_id from monitoring_alerts where enrolment_id = ? and sweep_key = ?', [enrolment.id, sweepKey]);
      return { raised: false, webhookEventId: existing?.webhook_event_id ?? null };
    }
    const knownNow = [...enrolment.known_matches.filter((id) => !removed.includes(id)), ...added];
    await sql(tx, 'update monitoring_enrolments set known_matches = ?, last_scan_id = coalesce(?, last_scan_id) where id = ?', [JSON.stringify(knownNow), scanId, enrolment.id]);
    if (!enrolment.webhook_url || newMatches.length === 0) return { raised: true, webhookEventId: null };
    const event = await createWebhookEvent(tx, {
      accountId: enrolment.account_id,
      clientId: enrolment.client_id,
      eventType: 'monitoring.alert',
      subjectId: alertId,
      targetUrl: enrolment.webhook_url,
      data: {
        enrolment_id: enrolment.id,
        scan_id: scanId,
        previous_scan_id: enrolment.last_scan_id,
        entity_name: enrolment.entity_name,
        entity_type: enrolment.entity_type,
        new_matches: newMatches,
        ...(removed.length ? { removed_matches: removed } : {}),
        list_versions: versions,
      },
    });
    await sql(tx, 'update monitoring_alerts set webhook_event_id = ? where id = ?', [event.id, alertId]);
    return { raised: true, webhookEventId: event.id };
  });
}
