/**
 * Re-screening one enrolment in full, as every kind of monitoring pass does (a sweep's page, a changed
 * list's candidates, a full re-screen's page): its original scan request against the current lists,
 * compared with the matches already known. New matches produce a new permanent scan, an alert and (with
 * a webhook target) a `monitoring.alert` event; known matches gone from the lists are recorded too,
 * without a webhook. Everything is keyed by the pass (`sweepKey`), so a retried page alerts each
 * enrolment at most once.
 */
import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from '../../db/sql';
import { customerKeyOf } from '../screening/cleared-customer';
import type { ScanMatch } from '../screening/cleared-matches';
import type { ScanRequest } from '../screening/scan-request.schema';
import type { Screening } from '../screening/screening';
import { createWebhookEvent } from '../webhooks/webhook-event.store';
import { knownAfter, recordSuppressions, sweepDifference, type SweepOutcome } from './sweep-rulings';

export interface EnrolmentToSweep {
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

/** The columns `EnrolmentToSweep` reads, for `from monitoring_enrolments e join scans s on s.id = e.scan_id`. */
export const ENROLMENT_TO_SWEEP_COLUMNS = 'e.id, e.account_id, e.client_id, e.entity_name, e.entity_type, e.webhook_url, e.known_matches, e.last_scan_id, s.request';

/** What one pass shares across its enrolments. */
export interface RescreenPass {
  sweepKey: string;
  /** The list versions screened against, as alerts name them. */
  versions: object[];
  /**
   * Entity ids first listed by the version that started the pass. A customer that still "knows" one
   * knew it before it was delisted (a delisting raises nothing), so its relisting is new again.
   */
  relisted?: ReadonlySet<string>;
}

/** Enrolments re-screened at once: screening is in memory, but each reads its scan and may write an alert. */
export const DEFAULT_SWEEP_CONCURRENCY = 4;

/** Runs `work` over `items` with at most `limit` in flight. */
export async function forEachWithConcurrency<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}

/** The list versions of the screening index as an alert names them. */
export function screenedVersions(screening: Screening): object[] {
  return screening.index.current().versions.map((v) => ({ source: v.source, version: v.versionNumber, version_id: v.versionId }));
}

const forgetting = (known: string[], relisted: ReadonlySet<string> | undefined) => (relisted?.size ? known.filter((id) => !relisted.has(id)) : known);

/** Re-screens one enrolment and raises its alert when its matches changed. */
export async function rescreenEnrolment(em: EntityManager, screening: Screening, enrolment: EnrolmentToSweep, pass: RescreenPass): Promise<void> {
  // Rulings remembered for the enrolment, or for its customer, apply: cleared, unchanged matches are set aside.
  const scope = { accountId: enrolment.account_id, customerKey: customerKeyOf(enrolment.request), enrolmentId: enrolment.id };
  const current = await screening.scans.evaluate(em, enrolment.request, undefined, scope);
  const outcome: SweepOutcome = { shown: current.scan_result.matches, suppressed: current.scan_result.suppressed_matches };
  await recordSuppressions(em, enrolment.id, pass.sweepKey, outcome.suppressed);
  if ((await sweepDifference(em, enrolment.id, forgetting(enrolment.known_matches, pass.relisted), outcome)).changed) {
    await raiseAlert(em, screening, enrolment, pass, outcome);
  }
}

/** The alerts this pass holds for these enrolments, and their webhook events, whichever attempt raised them. */
export async function alertsOfPass(em: EntityManager, sweepKey: string, enrolmentIds: string[]): Promise<{ alerts: number; webhookEventIds: string[] }> {
  if (enrolmentIds.length === 0) return { alerts: 0, webhookEventIds: [] };
  const rows = await sql<{ webhook_event_id: string | null }[]>(
    em,
    `select webhook_event_id from monitoring_alerts where sweep_key = ? and enrolment_id = any(?::uuid[]) order by enrolment_id`,
    [sweepKey, `{${enrolmentIds.join(',')}}`],
  );
  return { alerts: rows.length, webhookEventIds: rows.flatMap((row) => (row.webhook_event_id ? [row.webhook_event_id] : [])) };
}

/**
 * Raises the alert for one enrolment, comparing under a row lock with the matches known *now*: passes of
 * different sources run at once, and two of them that both saw a new match must not both alert on it.
 */
async function raiseAlert(em: EntityManager, screening: Screening, enrolment: EnrolmentToSweep, pass: RescreenPass, outcome: SweepOutcome): Promise<void> {
  const { sweepKey, versions } = pass;
  let scan: { scanId: string; matches: ScanMatch[] } | null = null;
  if ((await sweepDifference(em, enrolment.id, forgetting(enrolment.known_matches, pass.relisted), outcome)).added.length) {
    const created = await screening.scans.create(em, {
      owner: { accountId: enrolment.account_id, clientId: enrolment.client_id },
      request: enrolment.request,
      idempotencyKey: `monitoring:${sweepKey}:${enrolment.id}`,
      origin: 'monitoring',
      enrolmentId: enrolment.id,
    });
    scan = { scanId: created.scanId, matches: created.response.scan_result.matches };
  }
  await em.transactional(async (tx) => {
    const [locked] = await sql<{ known_matches: string[]; last_scan_id: string }[]>(tx, 'select known_matches, last_scan_id from monitoring_enrolments where id = ? for update', [enrolment.id]);
    if (!locked) return;
    const known = forgetting(locked.known_matches, pass.relisted);
    const { added, removed, changed } = await sweepDifference(tx, enrolment.id, known, outcome);
    if (!changed) return; // another pass recorded this difference first
    const newMatches = scan ? scan.matches.filter((m) => added.includes(m.listed_entity_id)) : [];
    const scanId = added.length ? (scan?.scanId ?? null) : null;
    const alertId = randomUUID();
    const inserted = await sql<{ id: string }[]>(
      tx,
      `insert into monitoring_alerts (id, enrolment_id, account_id, sweep_key, scan_id, previous_scan_id, new_matches, removed_matches, list_versions, created_at)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) on conflict (enrolment_id, sweep_key) do nothing returning id`,
      [alertId, enrolment.id, enrolment.account_id, sweepKey, scanId, locked.last_scan_id, JSON.stringify(newMatches), JSON.stringify(removed), JSON.stringify(versions), new Date().toISOString()],
    );
    if (!inserted[0]) return; // raised by an earlier attempt of this pass
    await sql(tx, 'update monitoring_enrolments set known_matches = ?, last_scan_id = coalesce(?, last_scan_id) where id = ?', [JSON.stringify(knownAfter(known, outcome)), scanId, enrolment.id]);
    if (!enrolment.webhook_url || newMatches.length === 0) return;
    const event = await createWebhookEvent(tx, {
      accountId: enrolment.account_id,
      clientId: enrolment.client_id,
      eventType: 'monitoring.alert',
      subjectId: alertId,
      targetUrl: enrolment.webhook_url,
      data: {
        enrolment_id: enrolment.id,
        scan_id: scanId,
        previous_scan_id: locked.last_scan_id,
        entity_name: enrolment.entity_name,
        entity_type: enrolment.entity_type,
        new_matches: newMatches,
        ...(removed.length ? { removed_matches: removed } : {}),
        list_versions: versions,
      },
    });
    await sql(tx, 'update monitoring_alerts set webhook_event_id = ? where id = ?', [event.id, alertId]);
  });
}
