/**
 * Monitoring enrolments: a scanned entity the account wants re-screened whenever the lists change.
 * Enrolling the same scan twice returns the active enrolment; unenrolling deactivates (the record stays
 * for the audit trail).
 */
import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from '../../db/sql';
import { NotFoundError } from '../../errors';
import type { ScanResponse } from '../screening/scan-response';

export interface EnrolmentView {
  enrolment_id: string;
  account_id: string;
  scan_id: string;
  entity_name: string;
  entity_type: string;
  active: boolean;
  enrolled_at: string;
  webhook_url: string | null;
}

interface EnrolmentRow {
  id: string;
  account_id: string;
  scan_id: string;
  entity_name: string;
  entity_type: string;
  active: boolean;
  enrolled_at: Date;
  webhook_url: string | null;
}

const view = (r: EnrolmentRow): EnrolmentView => ({
  enrolment_id: r.id,
  account_id: r.account_id,
  scan_id: r.scan_id,
  entity_name: r.entity_name,
  entity_type: r.entity_type,
  active: r.active,
  enrolled_at: new Date(r.enrolled_at).toISOString(),
  webhook_url: r.webhook_url,
});

/** Enrols a scan of the caller's account; `created` is false when an active enrolment already existed. */
export async function enrol(
  em: EntityManager,
  owner: { accountId: string; clientId: string },
  input: { scanId: string; entityName: string; entityType: 'person' | 'organisation'; webhookUrl: string | null },
): Promise<{ enrolment: EnrolmentView; created: boolean }> {
  const [scan] = await sql<{ account_id: string; response_body: string }[]>(em, 'select account_id, response_body from scans where id = ?', [input.scanId]);
  if (!scan || scan.account_id !== owner.accountId) throw new NotFoundError('Scan not found');
  const known = (JSON.parse(scan.response_body) as ScanResponse).scan_result.matches.map((m) => m.listed_entity_id);
  const inserted = await sql<EnrolmentRow[]>(
    em,
    `insert into monitoring_enrolments (id, account_id, client_id, scan_id, entity_name, entity_type, webhook_url, active, known_matches, last_scan_id, enrolled_at)
     values (?, ?, ?, ?, ?, ?, ?, true, ?, ?, ?)
     on conflict (account_id, scan_id) where active do nothing
     returning *`,
    [randomUUID(), owner.accountId, owner.clientId, input.scanId, input.entityName, input.entityType, input.webhookUrl, JSON.stringify(known), input.scanId, new Date().toISOString()],
  );
  if (inserted[0]) return { enrolment: view(inserted[0]), created: true };
  const [existing] = await sql<EnrolmentRow[]>(em, 'select * from monitoring_enrolments where account_id = ? and scan_id = ? and active', [owner.accountId, input.scanId]);
  return { enrolment: view(existing!), created: false };
}

export async function listActiveEnrolments(em: EntityManager, accountId: string, page: { limit: number; offset: number }): Promise<EnrolmentView[]> {
  const rows = await sql<EnrolmentRow[]>(
    em,
    'select * from monitoring_enrolments where account_id = ? and active order by enrolled_at desc, id limit ? offset ?',
    [accountId, page.limit, page.offset],
  );
  return rows.map(view);
}

/** Deactivates an active enrolment of the caller's account; anything else is 404. */
export async function unenrol(em: EntityManager, accountId: string, enrolmentId: string): Promise<void> {
  const rows = await sql<{ id: string }[]>(
    em,
    'update monitoring_enrolments set active = false, deactivated_at = now() where id = ? and account_id = ? and active returning id',
    [enrolmentId, accountId],
  );
  if (rows.length === 0) throw new NotFoundError('Enrolment not found');
}
