/**
 * How a case is shown: the API's case response and the report's view, each built from one snapshot of
 * the case row, its audit log and its scan's stored response (never the current lists). Apart from
 * the service, which decides what is read and checked; these only give it its shape.
 */
import type { StoredAuditEvent } from './audit-chain';
import type { CaseDecision, CaseReportView } from './case-report.view';
import type { CaseRow } from './case.store';
import type { ScanResponse } from '../screening/scan-response';

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

/** The case as the API answers it; `chainValid` says whether it verified whole. */
export function caseResponse(row: CaseRow, log: StoredAuditEvent[], scan: ScanResponse, chainValid: boolean): CaseResponse {
  return {
    case_id: row.id,
    scan_id: row.scan_id,
    reviewer: row.reviewer,
    decision: row.decision,
    decision_notes: row.decision_notes,
    scan_summary: scanSummary(scan),
    audit_log: log.map(({ case_id: _caseId, anchor: _anchor, ...event }) => event),
    audit_chain_valid: chainValid,
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
  };
}

/** Everything the PDF and the report.json show, with the problems found in the case's record. */
export function caseReportView(row: CaseRow, log: StoredAuditEvent[], scan: ScanResponse, generatedAt: string, recordProblems: string[]): CaseReportView {
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
    generated_at: generatedAt,
    record_problems: recordProblems,
  };
}
