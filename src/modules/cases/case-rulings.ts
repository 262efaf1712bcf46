/**
 * A case decision remembered per match, so the next screening of the same customer need not raise what
 * a reviewer already ruled on. `false_positive` clears every match the case's scan showed; `true_match`
 * confirms every match it showed or had set aside (a confirmed entity is never suppressed again for the
 * customer); `pending` rules nothing. Each decision first revokes what the case ruled before: the
 * case's latest ruling is the one in force. Written in the transaction of the decision's audit event,
 * with each entity's content hash in the version the reviewer saw, so a later change to the listed
 * entity brings the match back.
 */
import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from '../../db/sql';
import { NotFoundError } from '../../errors';
import { customerKeyOf } from '../screening/cleared-customer';
import { sourceIdOf } from '../screening/cleared-matches';
import type { MatchRecord } from '../screening/match-record';
import type { ScanRequest } from '../screening/scan-request.schema';
import type { ScanResponse } from '../screening/scan-response';
import type { CaseDecision } from './case-report.view';

/** The matches a decision on this scan rules on, and who the customer is. */
export interface RulingSubject {
  customerKey: string | null;
  matches: MatchRecord[];
}

/** Reads the case's scan (of the same account) and picks the matches the decision covers. */
export async function rulingSubject(em: EntityManager, accountId: string, scanId: string, decision: CaseDecision): Promise<RulingSubject> {
  const [scan] = await sql<{ request: ScanRequest; response_body: string }[]>(em, 'select request, response_body from scans where id = ? and account_id = ?', [scanId, accountId]);
  if (!scan) throw new NotFoundError('Scan not found');
  const result = (JSON.parse(scan.response_body) as ScanResponse).scan_result;
  const shown = decision === 'true_match' ? [...result.matches, ...(result.suppressed_matches ?? [])] : decision === 'false_positive' ? result.matches : [];
  const unique = new Map(shown.map((m) => [m.listed_entity_id, m]));
  return { customerKey: customerKeyOf(scan.request), matches: [...unique.values()] };
}

/** The monitoring enrolments this scan belongs to: enrolled from it, last re-screened to it, or alerted with it. */
async function enrolmentsOfScan(em: EntityManager, accountId: string, scanId: string): Promise<string[]> {
  const rows = await sql<{ id: string }[]>(
    em,
    `select id from monitoring_enrolments where account_id = ? and (scan_id = ? or last_scan_id = ?)
     union select enrolment_id from monitoring_alerts where account_id = ? and scan_id = ?`,
    [accountId, scanId, scanId, accountId, scanId],
  );
  return rows.map((row) => row.id);
}

/**
 * Revokes what this case ruled before and records the new ruling on each covered match; call inside the
 * decision's transaction, after the case row is locked.
 */
export async function recordRulings(
  tx: EntityManager,
  input: { accountId: string; caseId: string; scanId: string; decision: CaseDecision; reviewer: string; at: string; sequence: number; subject: RulingSubject },
): Promise<void> {
  await sql(tx, 'update match_rulings set revoked_at = ?, revoked_by_sequence = ? where case_id = ? and revoked_at is null', [input.at, input.sequence, input.caseId]);
  if (input.decision === 'pending' || input.subject.matches.length === 0) return;
  const enrolments = await enrolmentsOfScan(tx, input.accountId, input.scanId);
  const rows = input.subject.matches.map((m) => ({
    id: randomUUID(),
    listed_entity_id: m.listed_entity_id,
    list_version_id: m.list_version_id || null,
    list_version: m.list_version || null,
    source_id: sourceIdOf(m),
  }));
  await sql(
    tx,
    `insert into match_rulings (id, account_id, customer_key, enrolment_ids, listed_entity_id, ruling, list_version_id, list_version, content_hash,
       case_id, scan_id, audit_sequence, ruled_by, ruled_at)
     select x.id, ?, ?, ?::uuid[], x.listed_entity_id, ?, x.list_version_id, x.list_version, le.content_hash, ?, ?, ?, ?, ?
       from jsonb_to_recordset(?::jsonb) as x(id uuid, listed_entity_id text, list_version_id uuid, list_version integer, source_id text)
       left join listed_entities le on le.list_version_id = x.list_version_id and le.source_id = x.source_id`,
    [input.accountId, input.subject.customerKey, `{${enrolments.join(',')}}`, input.decision, input.caseId, input.scanId, input.sequence, input.reviewer, input.at, JSON.stringify(rows)],
  );
}

/** What the audit event records of the ruling: the listed entities cleared or confirmed (hashed into the chain). */
export function rulingEventData(decision: CaseDecision, subject: RulingSubject): Record<string, string[]> {
  if (decision === 'pending' || subject.matches.length === 0) return {};
  const ids = subject.matches.map((m) => m.listed_entity_id);
  return decision === 'false_positive' ? { cleared_matches: ids } : { confirmed_matches: ids };
}
