/** Case report views for tests: a sealed audit chain of decisions, and realistic long names and notes. */
import { sealAuditEvent, type StoredAuditEvent } from '../../src/modules/cases/audit-chain';
import type { CaseDecision, CaseReportMatch, CaseReportView } from '../../src/modules/cases/case-report.view';

export const CASE_ID = '7d0f5c2e-3b9a-4c1d-8e6f-2a4b6c8d0e1f';
const SCAN_ID = '0b8e1d2c-5a4f-4e3b-9c7d-6f1e2d3c4b5a';
const START = Date.parse('2025-03-04T01:02:03.000Z');

export interface Ruling {
  decision: CaseDecision;
  reviewer: string;
  notes: string | null;
}

/** case_created followed by one decision_logged per ruling, a minute apart, each sealed onto the chain. */
export function auditLog(rulings: Ruling[], caseId = CASE_ID): StoredAuditEvent[] {
  const events: StoredAuditEvent[] = [];
  const at = (i: number) => new Date(START + i * 60_000).toISOString();
  events.push(
    sealAuditEvent(
      { case_id: caseId, sequence: 1, event_type: 'case_created', actor: 'analyst@example.com.au', event_data: { reviewer: 'analyst@example.com.au' }, created_at: at(0) },
      null,
    ),
  );
  let previous: CaseDecision = 'pending';
  rulings.forEach((ruling, i) => {
    const content = {
      case_id: caseId,
      sequence: i + 2,
      event_type: 'decision_logged',
      actor: ruling.reviewer,
      event_data: { decision: ruling.decision, previous_decision: previous, notes: ruling.notes },
      created_at: at(i + 1),
    };
    events.push(sealAuditEvent(content, events[events.length - 1]!));
    previous = ruling.decision;
  });
  return events;
}

/** `count` rulings cycling through the decisions, every fourth with a note: a long case (the report test and bench:report). */
export function manyRulings(count: number): Ruling[] {
  return Array.from({ length: count }, (_, i) => ({
    decision: (['true_match', 'false_positive', 'pending'] as const)[i % 3]!,
    reviewer: `reviewer${i}@example.com.au`,
    notes: i % 4 === 0 ? `Review ${i}: checked the date of birth and nationality against the listed entry.` : null,
  }));
}

export function match(overrides: Partial<CaseReportMatch> = {}): CaseReportMatch {
  return {
    matched_name: 'Ivan Petrovich Sidorov',
    primary_name: 'Ivan Petrovich Sidorov',
    source: 'dfat',
    listed_entity_id: 'DFAT-1234',
    list_kind: 'sanctions',
    score: 0.962,
    match_kind: 'exact',
    explanation: 'Every token of the query met a listed token exactly: ivan = ivan, petrovich = petrovich, sidorov = sidorov.',
    programmes: ['Russia'],
    dates_of_birth: ['1961-05-14'],
    nationalities: ['RU'],
    ...overrides,
  };
}

export function caseReportView(rulings: Ruling[] = [], overrides: Partial<CaseReportView> = {}): CaseReportView {
  const audit_log = auditLog(rulings);
  const last = rulings[rulings.length - 1];
  return {
    case: {
      case_id: CASE_ID,
      scan_id: SCAN_ID,
      reviewer: 'analyst@example.com.au',
      decision: last?.decision ?? 'pending',
      decision_notes: last?.notes ?? null,
      created_at: audit_log[0]!.created_at,
      updated_at: audit_log[audit_log.length - 1]!.created_at,
    },
    scan_summary: {
      entity_name: 'Ivan Petrovich Sidorov',
      entity_type: 'person',
      risk_level: 'high',
      risk_score: 68,
      match_count: 1,
      scanned_at: '2025-03-04T01:00:00.000Z',
    },
    risk_factors: ['Name matches an entry on the DFAT Consolidated List (score 0.96)', 'Listed under the Russia sanctions regime'],
    recommendation: 'Do not proceed until a compliance officer has reviewed the match against identity documents.',
    matches: [match()],
    audit_log,
    generated_at: '2025-03-05T09:30:00.000Z',
    ...overrides,
  };
}

const LONG_NAME =
  'Abd al-Rahman Muhammad Husayn Ahmad al-Sharif al-Qahtani al-Tamimi bin Khalid bin Abdulaziz Corporation for International Trading, Shipping and Logistics (Holdings) Proprietary Limited';

/** A report a reviewer might really see: long names, a long unbroken e-mail, multi-paragraph notes. */
export function realisticCaseReportView(): CaseReportView {
  const rulings: Ruling[] = [
    { decision: 'true_match', reviewer: 'first.reviewer@compliance.example.com.au', notes: 'Date of birth and nationality agree with the DFAT entry. Escalating.' },
    {
      decision: 'false_positive',
      reviewer: 'a.very.long.reviewer.name.that.goes.on.and.on@a-subsidiary-of-a-large-reporting-entity.example.com.au',
      notes:
        'Second review after the client supplied a certified passport copy (passport number withheld here; see the document management system, ref DMS-2025-000123).\n\n' +
        'The listed person was born in 1961 in Moscow; our client was born in 1987 in Adelaide and has held an Australian passport since 2005. ' +
        'The names agree only on the common given names. Supporting file: https://dms.example.com.au/documents/2025/03/very-long-document-identifier-without-any-spaces-0123456789abcdef0123456789abcdef. ' +
        'No further action; monitoring continues.',
    },
    { decision: 'true_match', reviewer: 'Head of Financial Crime Compliance (Acting)', notes: 'Overruled by the MLRO after the ownership chain review: the client acts for the listed entity.' },
  ];
  return caseReportView(rulings, {
    scan_summary: { entity_name: LONG_NAME, entity_type: 'organisation', risk_level: 'critical', risk_score: 91, match_count: 2, scanned_at: '2025-03-04T01:00:00.000Z' },
    matches: [
      match({
        matched_name: LONG_NAME,
        primary_name: 'Qahtani-Tamimi International Trading Shipping and Logistics Holdings',
        source: 'un',
        listed_entity_id: 'QDe.999',
        list_kind: 'sanctions',
        score: 0.87,
        match_kind: 'fuzzy',
        explanation:
          'Query tokens met listed tokens: abd = abd (exact), rahman = rahman (exact), qahtani ~ qahtany (phonetic, 0.93), tamimi = tamimi (exact). ' +
          'Organisation words (corporation, holdings, proprietary, limited) carry little weight. The listed entry has no tokens the query lacks beyond "international".',
        programmes: ['ISIL (Da\'esh) and Al-Qaida', 'UN Security Council Resolution 2253 (2015) sanctions list, entities and other groups'],
        dates_of_birth: [],
        nationalities: ['SA', 'AE', 'YE'],
      }),
      match({ matched_name: 'Иван Петрович Сидоров', primary_name: 'Sidorov, Ivan Petrovich', score: 0.74, match_kind: 'transliterated' }),
    ],
  });
}
