/**
 * Everything a case report shows, built from the case, its scan's stored response and its audit log
 * (case-views.ts). The integrity hash and the PDF are both pure functions of this view.
 */
import type { StoredAuditEvent } from './audit-chain';

export type CaseDecision = 'pending' | 'true_match' | 'false_positive';

export interface CaseReportMatch {
  matched_name: string;
  primary_name: string;
  source: string;
  listed_entity_id: string;
  list_kind: string;
  score: number;
  match_kind: string;
  /** Readable text rendered from the scan's structured explanation; shown in the PDF, not hashed. */
  explanation: string;
  programmes: string[];
  dates_of_birth: string[];
  nationalities: string[];
}

export interface CaseReportView {
  case: {
    case_id: string;
    scan_id: string;
    reviewer: string;
    decision: CaseDecision;
    decision_notes: string | null;
    created_at: string;
    updated_at: string;
  };
  scan_summary: {
    entity_name: string;
    entity_type: 'person' | 'organisation';
    risk_level: string;
    risk_score: number;
    match_count: number;
    scanned_at: string;
  };
  risk_factors: string[];
  recommendation: string;
  /** From the scan's stored response (never re-read from the current list version). */
  matches: CaseReportMatch[];
  /** Ordered by sequence. */
  audit_log: StoredAuditEvent[];
  /** When this report was produced; shown, not hashed, so the same case always hashes the same. */
  generated_at: string;
  /**
   * What the service found checking the log against the case's head and the anchor key, and the case
   * record against the log (case-record-check.ts), which the report alone cannot (the head, the key and
   * the rulings in force are not in it); shown beside the chain check, not hashed.
   */
  record_problems?: string[];
}
