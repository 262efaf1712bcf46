/**
 * The integrity hash printed in the footer of every page of a case report: SHA-256 of the canonical JSON
 * of the case's decision record. The service serves the same canonical JSON (GET
 * /v1/cases/{id}/report.json), so anyone can hash it, compare with the PDF and read what was certified.
 *
 * What is hashed is the record, not the presentation: the case fields, the scan summary, the risk
 * factors and recommendation, the structured matches and every audit event with its chain hashes. Left
 * out, so that the same case always hashes the same: `generated_at` (changes on every download) and each
 * match's free-text `explanation` (text rendered from the scan's structured explanation, whose wording
 * may improve between releases without the case changing). Fields are picked by name, so extra
 * properties on the view never leak in. See docs/case-reports.md.
 */
import { canonicalJson, sha256 } from '../../integrity/canonical-json';
import type { CaseReportMatch, CaseReportView } from './case-report.view';

export type { CaseReportView, CaseReportMatch, CaseDecision } from './case-report.view';

/**
 * Names the shape below; a change to what is hashed gets a new version, never a silent change. v2 adds
 * each event's `client_id` (when it has one), which its chain hash covers: without it a reader could
 * not recompute an event's hash from report.json alone. v1 reports (no `client_id`) stay checkable as v1.
 */
export const CASE_INTEGRITY_FORMAT = 'case-report-integrity/v2';

/** The object whose canonical JSON is hashed (and served as report.json). */
export function caseIntegrityDocument(view: CaseReportView) {
  const { case: c, scan_summary: s } = view;
  return {
    format: CASE_INTEGRITY_FORMAT,
    case: {
      case_id: c.case_id,
      scan_id: c.scan_id,
      reviewer: c.reviewer,
      decision: c.decision,
      decision_notes: c.decision_notes,
      created_at: c.created_at,
      updated_at: c.updated_at,
    },
    scan_summary: {
      entity_name: s.entity_name,
      entity_type: s.entity_type,
      risk_level: s.risk_level,
      risk_score: s.risk_score,
      match_count: s.match_count,
      scanned_at: s.scanned_at,
    },
    risk_factors: [...view.risk_factors],
    recommendation: view.recommendation,
    matches: view.matches.map(hashedMatch).sort(byListedEntity),
    audit_log: [...view.audit_log]
      .sort((a, b) => a.sequence - b.sequence)
      .map((e) => ({
        case_id: e.case_id,
        sequence: e.sequence,
        event_type: e.event_type,
        actor: e.actor,
        event_data: e.event_data,
        created_at: e.created_at,
        ...(e.client_id ? { client_id: e.client_id } : {}),
        previous_hash: e.previous_hash,
        hash: e.hash,
      })),
  };
}

export type CaseIntegrityDocument = ReturnType<typeof caseIntegrityDocument>;

/** The exact text that is hashed: canonical JSON (keys sorted at every level, no whitespace), UTF-8. */
export function caseIntegrityJson(view: CaseReportView): string {
  return canonicalJson(caseIntegrityDocument(view));
}

/** SHA-256 hex (64 lower-case characters) of {@link caseIntegrityJson}. */
export function caseIntegrityHash(view: CaseReportView): string {
  return sha256(caseIntegrityJson(view));
}

/**
 * A match without its explanation text. Lists are sorted and matches ordered by listed entity, because
 * their order carries no meaning and a hash must not depend on how a query happened to return them.
 */
function hashedMatch(m: CaseReportMatch) {
  return {
    matched_name: m.matched_name,
    primary_name: m.primary_name,
    source: m.source,
    listed_entity_id: m.listed_entity_id,
    list_kind: m.list_kind,
    score: m.score,
    match_kind: m.match_kind,
    programmes: [...m.programmes].sort(),
    dates_of_birth: [...m.dates_of_birth].sort(),
    nationalities: [...m.nationalities].sort(),
  };
}

function byListedEntity(a: ReturnType<typeof hashedMatch>, b: ReturnType<typeof hashedMatch>): number {
  const ka = [a.source, a.listed_entity_id, a.matched_name];
  const kb = [b.source, b.listed_entity_id, b.matched_name];
  for (let i = 0; i < ka.length; i++) if (ka[i]! !== kb[i]!) return ka[i]! < kb[i]! ? -1 : 1;
  return 0;
}
