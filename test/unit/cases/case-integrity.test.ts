import { describe, expect, it } from 'vitest';
import {
  CASE_INTEGRITY_FORMAT,
  caseIntegrityDocument,
  caseIntegrityHash,
  caseIntegrityJson,
  type CaseReportView,
} from '../../../src/modules/cases/case-integrity';
import { caseReportView, match } from '../../helpers/case-report-view.factory';

const view = caseReportView(
  [
    { decision: 'true_match', reviewer: 'first@example.com', notes: 'Date of birth agrees.' },
    { decision: 'false_positive', reviewer: 'second@example.com', notes: 'Different person.' },
  ],
  { matches: [match(), match({ listed_entity_id: 'DFAT-0042', matched_name: 'Ivan Sidorov', score: 0.81, programmes: ['Russia', 'Ukraine'] })] },
);

/** The same value with object keys in reverse order at every level. */
function reverseKeys<T>(value: T): T {
  if (Array.isArray(value)) return value.map(reverseKeys) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).reverse().map(([k, v]) => [k, reverseKeys(v)])) as T;
  }
  return value;
}

const changed = (edit: (v: CaseReportView) => void): CaseReportView => {
  const copy = structuredClone(view);
  edit(copy);
  return copy;
};

describe('the case integrity hash', () => {
  it('is 64 lower-case hex digits of SHA-256 over compact canonical JSON', () => {
    expect(caseIntegrityHash(view)).toMatch(/^[0-9a-f]{64}$/);
    const json = caseIntegrityJson(view);
    expect(JSON.parse(json)).toEqual(caseIntegrityDocument(view));
    expect(json).not.toMatch(/\n/);
    expect(json.startsWith('{"audit_log":[{"actor":')).toBe(true);
  });

  it('names its format so a future change to what is hashed is explicit', () => {
    expect(caseIntegrityDocument(view).format).toBe(CASE_INTEGRITY_FORMAT);
    expect(Object.keys(caseIntegrityDocument(view)).sort()).toEqual(['audit_log', 'case', 'format', 'matches', 'recommendation', 'risk_factors', 'scan_summary']);
  });

  it('does not depend on key order', () => {
    expect(caseIntegrityHash(reverseKeys(view))).toBe(caseIntegrityHash(view));
  });

  it('does not depend on the order matches and their lists arrive in', () => {
    const shuffled = changed((v) => {
      v.matches.reverse();
      for (const m of v.matches) m.programmes.reverse();
    });
    expect(caseIntegrityHash(shuffled)).toBe(caseIntegrityHash(view));
  });

  it('stays the same when only the generation time or a match explanation changes', () => {
    expect(caseIntegrityHash(changed((v) => (v.generated_at = '2030-01-01T00:00:00.000Z')))).toBe(caseIntegrityHash(view));
    expect(caseIntegrityHash(changed((v) => (v.matches[0]!.explanation = 'Reworded.')))).toBe(caseIntegrityHash(view));
  });

  it('ignores properties that are not part of the record', () => {
    const withExtras = changed((v) => Object.assign(v.case, { account_id: 'acc-1', internal_note: 'x' }));
    expect(caseIntegrityHash(withExtras)).toBe(caseIntegrityHash(view));
  });

  const edits: Record<string, (v: CaseReportView) => void> = {
    'case id': (v) => (v.case.case_id = 'another'),
    'scan id': (v) => (v.case.scan_id = 'another'),
    reviewer: (v) => (v.case.reviewer = 'someone@example.com'),
    decision: (v) => (v.case.decision = 'true_match'),
    'decision notes': (v) => (v.case.decision_notes = 'Edited.'),
    'decision notes set to null': (v) => (v.case.decision_notes = null),
    'created at': (v) => (v.case.created_at = '2025-03-04T01:02:03.001Z'),
    'updated at': (v) => (v.case.updated_at = '2025-03-04T01:02:03.001Z'),
    'entity name': (v) => (v.scan_summary.entity_name = 'Ivan Petrovich Sidorova'),
    'entity type': (v) => (v.scan_summary.entity_type = 'organisation'),
    'risk level': (v) => (v.scan_summary.risk_level = 'medium'),
    'risk score': (v) => (v.scan_summary.risk_score = 67),
    'match count': (v) => (v.scan_summary.match_count = 3),
    'scanned at': (v) => (v.scan_summary.scanned_at = '2025-03-04T01:00:00.001Z'),
    'a risk factor': (v) => v.risk_factors.push('Another factor'),
    recommendation: (v) => (v.recommendation = 'Proceed.'),
    'a match score': (v) => (v.matches[0]!.score = 0.5),
    'a match kind': (v) => (v.matches[0]!.match_kind = 'fuzzy'),
    'a listed entity id': (v) => (v.matches[1]!.listed_entity_id = 'DFAT-9999'),
    'a listed primary name': (v) => (v.matches[1]!.primary_name = 'Someone Else'),
    'a date of birth': (v) => v.matches[0]!.dates_of_birth.push('1970-01-01'),
    'a removed match': (v) => v.matches.pop(),
    'an audit event actor': (v) => (v.audit_log[1]!.actor = 'other@example.com'),
    'an audit event note': (v) => (v.audit_log[2]!.event_data = { ...v.audit_log[2]!.event_data, notes: 'Edited.' }),
    'an audit event hash': (v) => (v.audit_log[2]!.hash = '0'.repeat(64)),
    'a removed audit event': (v) => v.audit_log.pop(),
  };
  for (const [field, edit] of Object.entries(edits)) {
    it(`changes when the ${field} changes`, () => {
      expect(caseIntegrityHash(changed(edit))).not.toBe(caseIntegrityHash(view));
    });
  }
});
