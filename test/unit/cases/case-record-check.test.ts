import { describe, expect, it } from 'vitest';
import { auditEventHash, hashedAuditContent, sealAuditEvent } from '../../../src/modules/cases/audit-chain';
import { caseCreatedData, caseRecordProblems, type CaseRecordFields } from '../../../src/modules/cases/case-record-check';

const CASE = '7d0f5c2e-3b9a-4c1d-8e6f-2a4b6c8d0e1f';
const SCAN = '0b8e1d2c-5a4f-4e3b-9c7d-6f1e2d3c4b5a';
const ACCOUNT = '11111111-2222-4333-8444-555555555555';

function log(firstData: Record<string, unknown>) {
  const first = sealAuditEvent({ case_id: CASE, sequence: 1, event_type: 'case_created', actor: 'ann', event_data: firstData, created_at: '2025-03-04T01:02:03.000Z', client_id: 'c1' }, null);
  const second = sealAuditEvent(
    { case_id: CASE, sequence: 2, event_type: 'decision_logged', actor: 'bob', event_data: { previous_decision: 'pending', decision: 'false_positive', notes: 'n', cleared_matches: ['DFAT-1'] }, created_at: '2025-03-04T01:03:03.000Z' },
    first,
  );
  return [first, second];
}

const row = (overrides: Partial<CaseRecordFields> = {}): CaseRecordFields => ({
  id: CASE, account_id: ACCOUNT, scan_id: SCAN, reviewer: 'ann', decision: 'false_positive', decision_notes: 'n', event_count: 2,
  created_at: new Date('2025-03-04T01:02:03.000Z'), updated_at: '2025-03-04T01:03:03.000Z', ...overrides,
});

describe('the case row against its chain', () => {
  it('seals exactly what it hashes: one list of fields for the seal and the verifier', () => {
    const [first] = log(caseCreatedData({ reviewer: 'ann', scanId: SCAN, accountId: ACCOUNT }));
    const { hash, ...stored } = first!;
    expect(stored).toEqual(hashedAuditContent(first!, null));
    expect(auditEventHash(first!, null)).toBe(hash);
  });

  it('finds nothing when the row is what the log says, rulings included', () => {
    const events = log(caseCreatedData({ reviewer: 'ann', scanId: SCAN, accountId: ACCOUNT }));
    expect(caseRecordProblems(row(), events, [{ listed_entity_id: 'DFAT-1', ruling: 'false_positive', audit_sequence: 2 }])).toEqual([]);
  });

  it('names every field that differs', () => {
    const events = log(caseCreatedData({ reviewer: 'ann', scanId: SCAN, accountId: ACCOUNT }));
    const problems = caseRecordProblems(row({ decision: 'true_match', scan_id: 'other', reviewer: 'mallory', event_count: 1, updated_at: '2025-03-04T01:02:03.000Z' }), events, []);
    expect(problems).toEqual([
      `the case record's scan_id ("other") differs from the scan event 1 committed to ("${SCAN}")`,
      `the case record's reviewer ("mallory") differs from the reviewer event 1 recorded ("ann")`,
      `the case record's decision ("true_match") differs from the audit log's latest decision ("false_positive")`,
      `the case record's updated_at ("2025-03-04T01:02:03.000Z") differs from the time of the last event ("2025-03-04T01:03:03.000Z")`,
      `the case record's event count (1) differs from the number of events in the log (2)`,
      "the latest decision's false_positive ruling on DFAT-1 is not in force (revoked or removed outside a decision)",
    ]);
  });

  it('does not vouch for the scan and account of a case opened before event 1 committed to them', () => {
    expect(caseRecordProblems(row(), log({ reviewer: 'ann' }))).toEqual([
      "event 1: does not commit to the case's scan and account (opened before cases recorded them), so neither can be verified",
    ]);
  });
});
