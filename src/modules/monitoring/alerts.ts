/** Listing an account's monitoring alerts (stored whether or not a webhook target exists). */
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from '../../db/sql';

export async function listAlerts(em: EntityManager, accountId: string, page: { limit: number; offset: number; enrolmentId?: string }) {
  const rows = await sql<
    { id: string; enrolment_id: string; sweep_key: string; scan_id: string | null; previous_scan_id: string; new_matches: unknown[]; removed_matches: string[]; list_versions: unknown[]; webhook_event_id: string | null; created_at: Date }[]
  >(
    em,
    `select * from monitoring_alerts where account_id = ? ${page.enrolmentId ? 'and enrolment_id = ?' : ''} order by created_at desc, id limit ? offset ?`,
    [accountId, ...(page.enrolmentId ? [page.enrolmentId] : []), page.limit, page.offset],
  );
  return rows.map((r) => ({
    alert_id: r.id,
    enrolment_id: r.enrolment_id,
    sweep: r.sweep_key,
    scan_id: r.scan_id,
    previous_scan_id: r.previous_scan_id,
    new_matches: r.new_matches,
    removed_matches: r.removed_matches,
    list_versions: r.list_versions,
    webhook_event_id: r.webhook_event_id,
    created_at: new Date(r.created_at).toISOString(),
  }));
}
