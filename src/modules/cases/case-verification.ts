/**
 * Checking a stored case against what vouches for it: the hash chain of its audit log, the anchors
 * under the key held outside the database (audit-anchor.ts) and the case row against its chain
 * (case-record-check.ts). Apart from the service that writes cases: reading a case or its report needs
 * these checks and the anchor key, never the writes.
 */
import { anchorProblems } from './audit-anchor';
import { verifyAuditChain, type StoredAuditEvent } from './audit-chain';
import { caseRecordProblems, type ActiveRuling } from './case-record-check';
import type { CaseReportView } from './case-report.view';
import type { CaseRow } from './case.store';

/** Whether the report's own events form an unbroken chain (the part a reader can check from the report alone). */
export function reportChainIsWhole(view: CaseReportView): boolean {
  return verifyAuditChain(view.case.case_id, [...view.audit_log].sort((a, b) => a.sequence - b.sequence)).valid;
}

export class CaseVerification {
  constructor(private readonly anchorKey: Buffer) {}

  /**
   * Every problem of the chain (hashes, order, head), of its anchors, and of the case row against the
   * chain (case-record-check.ts); none when the case is what its log says.
   */
  problems(row: CaseRow, log: StoredAuditEvent[], rulings?: ActiveRuling[]): string[] {
    return [...verifyAuditChain(row.id, log, { headHash: row.head_hash }).problems, ...this.anchorsOf(row, log), ...caseRecordProblems(row, log, rulings)];
  }

  /**
   * What a report cannot show its reader by itself: events cut off the end (the head) and anchors that
   * do not verify under our key, then the case row against the chain. The chain of the events it
   * prints, a reader checks from the report.
   */
  reportProblems(row: CaseRow, log: StoredAuditEvent[], rulings: ActiveRuling[]): string[] {
    const { headProblem } = verifyAuditChain(row.id, log, { headHash: row.head_hash });
    return [...(headProblem ? [headProblem] : []), ...this.anchorsOf(row, log), ...caseRecordProblems(row, log, rulings)];
  }

  private anchorsOf(row: CaseRow, log: StoredAuditEvent[]): string[] {
    return anchorProblems(this.anchorKey, row.id, log, { sequence: log.at(-1)?.sequence ?? 0, hash: row.head_hash, anchor: row.head_anchor });
  }
}
