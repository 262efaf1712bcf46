/**
 * Cases and their audit logs in PostgreSQL: the case row as each step leaves it (its head naming the
 * newest event), the sealed events, and what the service and the report read back.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import type { StoredAuditEvent } from './audit-chain';
import type { ActiveRuling, CaseRecordFields } from './case-record-check';
import type { CaseDecision } from './case-report.view';
import { sql } from '../../db/sql';

/** A case row as stored: the fields its chain vouches for, plus the chain's head and anchor. */
export interface CaseRow extends CaseRecordFields {
  head_hash: string;
  head_anchor: string | null;
  created_at: Date;
  updated_at: Date;
}

interface AuditRow {
  case_id: string;
  sequence: number;
  event_type: string;
  actor: string;
  event_data: Record<string, unknown> | null;
  created_at: Date;
  previous_hash: string | null;
  hash: string;
  client_id: string | null;
  anchor: string | null;
}

export async function findCaseRow(em: EntityManager, caseId: string, options: { forUpdate?: boolean } = {}): Promise<CaseRow | undefined> {
  const [row] = await sql<CaseRow[]>(em, `select * from cases where id = ?${options.forUpdate ? ' for update' : ''}`, [caseId]);
  return row;
}

export async function readAuditLog(em: EntityManager, caseId: string, fromSequence = 1): Promise<StoredAuditEvent[]> {
  const rows = await sql<AuditRow[]>(em, 'select * from case_audit_events where case_id = ? and sequence >= ? order by sequence', [caseId, fromSequence]);
  return rows.map((row) => ({
    case_id: row.case_id,
    sequence: row.sequence,
    event_type: row.event_type,
    actor: row.actor,
    event_data: row.event_data,
    created_at: new Date(row.created_at).toISOString(),
    ...(row.client_id ? { client_id: row.client_id } : {}),
    previous_hash: row.previous_hash,
    hash: row.hash,
    anchor: row.anchor,
  }));
}

/** Stores a sealed event with its anchor. */
export async function insertAuditEvent(em: EntityManager, event: StoredAuditEvent & { anchor: string }): Promise<void> {
  await sql(em,
    `insert into case_audit_events (case_id, sequence, event_type, actor, event_data, created_at, previous_hash, hash, client_id, anchor) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [event.case_id, event.sequence, event.event_type, event.actor, event.event_data === null ? null : JSON.stringify(event.event_data), event.created_at, event.previous_hash, event.hash,
      event.client_id ?? null, event.anchor],
  );
}

/** The case's remembered rulings still in force, to compare with its latest decision (case-record-check.ts). */
export async function readActiveRulings(em: EntityManager, caseId: string): Promise<ActiveRuling[]> {
  return sql<ActiveRuling[]>(em, 'select listed_entity_id, ruling, audit_sequence from match_rulings where case_id = ? and revoked_at is null order by listed_entity_id', [caseId]);
}

/** Opens a case: pending, its one event (`case_created`) its head. */
export async function insertCase(
  em: EntityManager,
  c: { id: string; accountId: string; scanId: string; reviewer: string; headHash: string; headAnchor: string; createdAt: string },
): Promise<void> {
  await sql(em,
    `insert into cases (id, account_id, scan_id, reviewer, decision, decision_notes, event_count, head_hash, head_anchor, created_at, updated_at)
         values (?, ?, ?, ?, 'pending', null, 1, ?, ?, ?, ?)`,
    [c.id, c.accountId, c.scanId, c.reviewer, c.headHash, c.headAnchor, c.createdAt, c.createdAt],
  );
}

/** The case follows a decision logged as event `sequence`, which becomes its head. */
export async function recordCaseDecision(
  em: EntityManager,
  caseId: string,
  d: { decision: CaseDecision; notes: string | null; sequence: number; headHash: string; headAnchor: string; at: string },
): Promise<void> {
  await sql(em, 'update cases set decision = ?, decision_notes = ?, event_count = ?, head_hash = ?, head_anchor = ?, updated_at = ? where id = ?', [
    d.decision,
    d.notes,
    d.sequence,
    d.headHash,
    d.headAnchor,
    d.at,
    caseId,
  ]);
}
