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
import { findScanBody } from '../screening/scan.store';
import { eventAnchor, headAnchor } from './audit-anchor';
import { sealAuditEvent, type StoredAuditEvent } from './audit-chain';
import { caseCreatedData } from './case-record-check';
import { findCaseRow, insertAuditEvent, insertCase, readActiveRulings, readAuditLog, recordCaseDecision, type CaseRow } from './case.store';
import { recordRulings, rulingEventData, rulingSubject } from './case-rulings';
import type { CaseDecision, CaseReportView } from './case-report.view';
import { CaseVerification, reportChainIsWhole } from './case-verification';
import { caseReportView, caseResponse, type CaseResponse } from './case-views';

export interface CaseOwner {
  accountId: string;
  /** The authenticated client acting; recorded on every audit event it causes. */
  clientId?: string;
}

/** A point where a test waits, to land a decision between the reads of a case and of its log. */
export interface CaseReadHooks {
  betweenReads?: () => Promise<void>;
}

const CASE_NOT_FOUND = 'Case not found';

/** The response the case's scan stored, if the scan is the owner's. */
async function storedScan(em: EntityManager, owner: CaseOwner, scanId: string): Promise<ScanResponse> {
  const row = await findScanBody(em, scanId);
  if (!row || row.account_id !== owner.accountId) throw new NotFoundError('Scan not found');
  return JSON.parse(row.response_body) as ScanResponse;
}

/** Milliseconds precision, as stored (timestamptz(3)) and as hashed. */
const nowIso = () => new Date().toISOString();

export class CaseService {
  /** `rulingsChanged` hears of an account's rulings written by this process, once committed (ruled-customers.ts). */
  constructor(
    private readonly anchorKey: Buffer,
    private readonly hooks: CaseReadHooks = {},
    private readonly rulingsChanged: (accountId: string) => void = () => {},
  ) {
    this.verification = new CaseVerification(anchorKey);
  }

  private readonly verification: CaseVerification;

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
      await insertCase(tx, {
        id: caseId,
        accountId: owner.accountId,
        scanId: input.scanId,
        reviewer: input.reviewer,
        headHash: event.hash,
        headAnchor: headAnchor(this.anchorKey, caseId, 1, event.hash),
        createdAt,
      });
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
    return caseResponse(row, log, scan, this.verification.problems(row, log, rulings).length === 0);
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
      await recordCaseDecision(tx, caseId, {
        decision: input.decision,
        notes: input.notes,
        sequence: event.sequence,
        headHash: event.hash,
        headAnchor: headAnchor(this.anchorKey, caseId, event.sequence, event.hash),
        at,
      });
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
    return caseReportView(row, log, scan, nowIso(), this.verification.reportProblems(row, log, rulings));
  }

  /** Whether the report's own events form an unbroken chain (the part a reader can check from the report alone). */
  chainIsWhole(view: CaseReportView): boolean {
    return reportChainIsWhole(view);
  }

  private async owned(em: EntityManager, owner: CaseOwner, caseId: string): Promise<CaseRow> {
    const row = await findCaseRow(em, caseId);
    if (!row || row.account_id !== owner.accountId) throw new NotFoundError(CASE_NOT_FOUND);
    return row;
  }
}
