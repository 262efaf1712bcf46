/**
 * Compliance cases: opened from a scan of the caller's account, decided any number of times, each step
 * appended to a hash-chained audit log. Decisions on one case are serialised by a row lock, so the log's
 * order is the order in which decisions took effect.
 */
import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { NotFoundError } from '../../errors';
import type { ScanResponse } from '../screening/scan-response';
import { sealAuditEvent, verifyAuditChain, type StoredAuditEvent } from './audit-chain';
import { findCaseRow, insertAuditEvent, readAuditLog, type CaseRow } from './case-records';
import type { CaseDecision, CaseReportView } from './case-report.view';
import { sql } from '../../db/sql';

export interface CaseOwner {
  accountId: string;
}

export interface CaseResponse {
  case_id: string;
  scan_id: string;
  reviewer: string;
  decision: CaseDecision;
  decision_notes: string | null;
  scan_summary: CaseReportView['scan_summary'];
  audit_log: (Omit<StoredAuditEvent, 'case_id'>)[];
  audit_chain_valid: boolean;
  created_at: string;
  updated_at: string;
}

const CASE_NOT_FOUND = 'Case not found';

async function storedScan(em: EntityManager, owner: CaseOwner, scanId: string): Promise<ScanResponse> {
  const [row] = await sql<{ response_body: string; account_id: string }[]>(em, 'select response_body, account_id from scans where id = ?', [scanId]);
  if (!row || row.account_id !== owner.accountId) throw new NotFoundError('Scan not found');
  return JSON.parse(row.response_body) as ScanResponse;
}

function scanSummary(scan: ScanResponse): CaseReportView['scan_summary'] {
  return {
    entity_name: scan.entity_name,
    entity_type: scan.entity_type,
    risk_level: scan.risk_assessment.risk_level,
    risk_score: scan.risk_assessment.risk_score,
    match_count: scan.scan_result.match_count,
    scanned_at: scan.created_at,
  };
}

/** Milliseconds precision, as stored (timestamptz(3)) and as hashed. */
const nowIso = () => new Date().toISOString();

export class CaseService {
  async create(em: EntityManager, owner: CaseOwner, input: { scanId: string; reviewer: string }): Promise<CaseResponse> {
    await storedScan(em, owner, input.scanId);
    const caseId = randomUUID();
    const createdAt = nowIso();
    const event = sealAuditEvent({ case_id: caseId, sequence: 1, event_type: 'case_created', actor: input.reviewer, event_data: { reviewer: input.reviewer }, created_at: createdAt }, null);
    await em.transactional(async (tx) => {
      await sql(tx, 
        `insert into cases (id, account_id, scan_id, reviewer, decision, decision_notes, event_count, head_hash, created_at, updated_at)
         values (?, ?, ?, ?, 'pending', null, 1, ?, ?, ?)`,
        [caseId, owner.accountId, input.scanId, input.reviewer, event.hash, createdAt, createdAt],
      );
      await insertAuditEvent(tx, event);
    });
    return this.get(em, owner, caseId);
  }

  async get(em: EntityManager, owner: CaseOwner, caseId: string): Promise<CaseResponse> {
    const row = await this.owned(em, owner, caseId);
    const log = await readAuditLog(em, caseId);
    const scan = await storedScan(em, owner, row.scan_id);
    return {
      case_id: row.id,
      scan_id: row.scan_id,
      reviewer: row.reviewer,
      decision: row.decision,
      decision_notes: row.decision_notes,
      scan_summary: scanSummary(scan),
      audit_log: log.map(({ case_id: _caseId, ...event }) => event),
      audit_chain_valid: verifyAuditChain(caseId, log, { headHash: row.head_hash }).valid,
      created_at: new Date(row.created_at).toISOString(),
      updated_at: new Date(row.updated_at).toISOString(),
    };
  }

  /** Logs a ruling: any decision from any state; the case follows the latest one. */
  async decide(em: EntityManager, owner: CaseOwner, caseId: string, input: { decision: CaseDecision; reviewer: string; notes: string | null }): Promise<CaseResponse> {
    await em.transactional(async (tx) => {
      const row = await findCaseRow(tx, caseId, { forUpdate: true });
      if (!row || row.account_id !== owner.accountId) throw new NotFoundError(CASE_NOT_FOUND);
      const [previous] = await readAuditLog(tx, caseId, row.event_count);
      const at = nowIso();
      const event = sealAuditEvent(
        {
          case_id: caseId,
          sequence: row.event_count + 1,
          event_type: 'decision_logged',
          actor: input.reviewer,
          event_data: { previous_decision: row.decision, decision: input.decision, notes: input.notes },
          created_at: at,
        },
        previous ?? null,
      );
      await insertAuditEvent(tx, event);
      await sql(tx, 'update cases set decision = ?, decision_notes = ?, event_count = ?, head_hash = ?, updated_at = ? where id = ?', [
        input.decision,
        input.notes,
        event.sequence,
        event.hash,
        at,
        caseId,
      ]);
    });
    return this.get(em, owner, caseId);
  }

  /** Everything the PDF and the report.json show, from the stored scan (never the current lists). */
  async reportView(em: EntityManager, owner: CaseOwner, caseId: string): Promise<CaseReportView> {
    const row = await this.owned(em, owner, caseId);
    const scan = await storedScan(em, owner, row.scan_id);
    return {
      case: {
        case_id: row.id,
        scan_id: row.scan_id,
        reviewer: row.reviewer,
        decision: row.decision,
        decision_notes: row.decision_notes,
        created_at: new Date(row.created_at).toISOString(),
        updated_at: new Date(row.updated_at).toISOString(),
      },
      scan_summary: scanSummary(scan),
      risk_factors: scan.risk_assessment.risk_factors,
      recommendation: scan.risk_assessment.recommendation,
      matches: scan.scan_result.matches.map((m) => ({
        matched_name: m.matched_name,
        primary_name: m.primary_name,
        source: m.source,
        listed_entity_id: m.listed_entity_id,
        list_kind: m.list_kind,
        score: m.score,
        match_kind: m.match_kind,
        explanation: m.explanation.summary,
        programmes: m.programmes,
        dates_of_birth: m.dates_of_birth,
        nationalities: m.nationalities,
      })),
      audit_log: await readAuditLog(em, caseId),
      generated_at: nowIso(),
    };
  }

  private async owned(em: EntityManager, owner: CaseOwner, caseId: string): Promise<CaseRow> {
    const row = await findCaseRow(em, caseId);
    if (!row || row.account_id !== owner.accountId) throw new NotFoundError(CASE_NOT_FOUND);
    return row;
  }
}
