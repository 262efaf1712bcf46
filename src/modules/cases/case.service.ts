/**
 * Compliance cases: opened from a scan of the caller's account, decided any number of times, each step
 * appended to a hash-chained audit log, anchored under a key outside the database and naming the
 * authenticated client. Decisions on one case are serialised by a row lock, so the log's order is the
 * order in which decisions took effect; a case and its log are read in one snapshot, so a decision
 * landing between the two reads can never show a half-updated case or certify a mixed state.
 */
import { randomUUID } from 'node:crypto';
import { IsolationLevel, type EntityManager } from '@mikro-orm/postgresql';
import { NotFoundError } from '../../errors';
import type { ScanResponse } from '../screening/scan-response';
import { anchorProblems, eventAnchor, headAnchor } from './audit-anchor';
import { sealAuditEvent, verifyAuditChain, type StoredAuditEvent } from './audit-chain';
import { caseCreatedData, caseRecordProblems, type ActiveRuling } from './case-record-check';
import { findCaseRow, insertAuditEvent, readActiveRulings, readAuditLog, type CaseRow } from './case.store';
import { recordRulings, rulingEventData, rulingSubject } from './case-rulings';
import type { CaseDecision, CaseReportView } from './case-report.view';
import { sql } from '../../db/sql';

export interface CaseOwner {
  accountId: string;
  /** The authenticated client acting; recorded on every audit event it causes. */
  clientId?: string;
}

/** A point where a test waits, to land a decision between the reads of a case and of its log. */
export interface CaseReadHooks {
  betweenReads?: () => Promise<void>;
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
  /** `rulingsChanged` hears of an account's rulings written by this process, once committed (ruled-customers.ts). */
  constructor(
    private readonly anchorKey: Buffer,
    private readonly hooks: CaseReadHooks = {},
    private readonly rulingsChanged: (accountId: string) => void = () => {},
  ) {}

  private anchored(event: StoredAuditEvent): StoredAuditEvent & { anchor: string } {
    return { ...event, anchor: eventAnchor(this.anchorKey, event) };
  }

  /** Reads in one REPEATABLE READ snapshot (read-only), so every row read agrees with every other. */
  private snapshot<T>(em: EntityManager, read: (tx: EntityManager) => Promise<T>): Promise<T> {
    return em.transactional((tx) => read(tx as EntityManager), { isolationLevel: IsolationLevel.REPEATABLE_READ, readOnly: true });
  }

  async create(em: EntityManager, owner: CaseOwner, input: { scanId: string; reviewer: string }): Promise<CaseResponse> {
    await storedScan(em, owner, input.scanId);
    const caseId = randomUUID();
    const createdAt = nowIso();
    const event = this.anchored(
      sealAuditEvent({ case_id: caseId, sequence: 1, event_type: 'case_created', actor: input.reviewer, event_data: caseCreatedData({ reviewer: input.reviewer, scanId: input.scanId, accountId: owner.accountId }), created_at: createdAt, client_id: owner.clientId ?? null }, null),
    );
    await em.transactional(async (tx) => {
      await sql(tx,
        `insert into cases (id, account_id, scan_id, reviewer, decision, decision_notes, event_count, head_hash, head_anchor, created_at, updated_at)
         values (?, ?, ?, ?, 'pending', null, 1, ?, ?, ?, ?)`,
        [caseId, owner.accountId, input.scanId, input.reviewer, event.hash, headAnchor(this.anchorKey, caseId, 1, event.hash), createdAt, createdAt],
      );
      await insertAuditEvent(tx, event);
    });
    return this.get(em, owner, caseId);
  }

  async get(em: EntityManager, owner: CaseOwner, caseId: string): Promise<CaseResponse> {
    const { row, log, scan, rulings } = await this.snapshot(em, async (tx) => {
      const row = await this.owned(tx, owner, caseId);
      await this.hooks.betweenReads?.();
      return { row, log: await readAuditLog(tx, caseId), scan: await storedScan(tx, owner, row.scan_id), rulings: await readActiveRulings(tx, caseId) };
    });
    return {
      case_id: row.id,
      scan_id: row.scan_id,
      reviewer: row.reviewer,
      decision: row.decision,
      decision_notes: row.decision_notes,
      scan_summary: scanSummary(scan),
      audit_log: log.map(({ case_id: _caseId, anchor: _anchor, ...event }) => event),
      audit_chain_valid: this.verify(row, log, rulings).length === 0,
      created_at: new Date(row.created_at).toISOString(),
      updated_at: new Date(row.updated_at).toISOString(),
    };
  }

  /**
   * Logs a ruling: any decision from any state; the case follows the latest one. The ruling is also
   * remembered per match of the case's scan (see case-rulings.ts), in the same transaction.
   */
  async decide(em: EntityManager, owner: CaseOwner, caseId: string, input: { decision: CaseDecision; reviewer: string; notes: string | null }): Promise<CaseResponse> {
    await em.transactional(async (tx) => {
      const row = await findCaseRow(tx, caseId, { forUpdate: true });
      if (!row || row.account_id !== owner.accountId) throw new NotFoundError(CASE_NOT_FOUND);
      const [previous] = await readAuditLog(tx, caseId, row.event_count);
      const subject = await rulingSubject(tx, owner.accountId, row.scan_id, input.decision);
      const at = nowIso();
      const event = this.anchored(
        sealAuditEvent(
          {
            case_id: caseId,
            sequence: row.event_count + 1,
            event_type: 'decision_logged',
            actor: input.reviewer,
            event_data: { previous_decision: row.decision, decision: input.decision, notes: input.notes, ...rulingEventData(input.decision, subject) },
            created_at: at,
            client_id: owner.clientId ?? null,
          },
          previous ?? null,
        ),
      );
      await insertAuditEvent(tx, event);
      await sql(tx, 'update cases set decision = ?, decision_notes = ?, event_count = ?, head_hash = ?, head_anchor = ?, updated_at = ? where id = ?', [
        input.decision,
        input.notes,
        event.sequence,
        event.hash,
        headAnchor(this.anchorKey, caseId, event.sequence, event.hash),
        at,
        caseId,
      ]);
      await recordRulings(tx, { accountId: owner.accountId, caseId, scanId: row.scan_id, decision: input.decision, reviewer: input.reviewer, at, sequence: event.sequence, subject });
    });
    this.rulingsChanged(owner.accountId);
    return this.get(em, owner, caseId);
  }

  /** Everything the PDF and the report.json show, from the stored scan (never the current lists). */
  async reportView(em: EntityManager, owner: CaseOwner, caseId: string): Promise<CaseReportView> {
    const { row, scan, log, rulings } = await this.snapshot(em, async (tx) => {
      const row = await this.owned(tx, owner, caseId);
      await this.hooks.betweenReads?.();
      return { row, scan: await storedScan(tx, owner, row.scan_id), log: await readAuditLog(tx, caseId), rulings: await readActiveRulings(tx, caseId) };
    });
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
      audit_log: log.map(({ anchor: _anchor, ...event }) => event),
      generated_at: nowIso(),
      record_problems: [...this.headAndAnchorProblems(row, log), ...caseRecordProblems(row, log, rulings)],
    };
  }

  /** Whether the report's own events form an unbroken chain (the part a reader can check from the report alone). */
  chainIsWhole(view: CaseReportView): boolean {
    return verifyAuditChain(view.case.case_id, [...view.audit_log].sort((a, b) => a.sequence - b.sequence)).valid;
  }

  /**
   * Every problem of the chain (hashes, order, head), of its anchors, and of the case row against the
   * chain (case-record-check.ts); none when the case is what its log says.
   */
  verify(row: CaseRow, log: StoredAuditEvent[], rulings?: ActiveRuling[]): string[] {
    return [...verifyAuditChain(row.id, log, { headHash: row.head_hash }).problems, ...this.anchorsOf(row, log), ...caseRecordProblems(row, log, rulings)];
  }

  /**
   * What a report cannot show its reader by itself: events cut off the end (the head) and anchors that
   * do not verify under our key (the case row against the chain is added beside it). The chain of the
   * events it prints, a reader checks from the report.
   */
  private headAndAnchorProblems(row: CaseRow, log: StoredAuditEvent[]): string[] {
    const { headProblem } = verifyAuditChain(row.id, log, { headHash: row.head_hash });
    return [...(headProblem ? [headProblem] : []), ...this.anchorsOf(row, log)];
  }

  private anchorsOf(row: CaseRow, log: StoredAuditEvent[]): string[] {
    return anchorProblems(this.anchorKey, row.id, log, { sequence: log.at(-1)?.sequence ?? 0, hash: row.head_hash, anchor: row.head_anchor });
  }

  private async owned(em: EntityManager, owner: CaseOwner, caseId: string): Promise<CaseRow> {
    const row = await findCaseRow(em, caseId);
    if (!row || row.account_id !== owner.accountId) throw new NotFoundError(CASE_NOT_FOUND);
    return row;
  }
}
