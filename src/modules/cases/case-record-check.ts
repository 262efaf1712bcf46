/**
 * A case is its chain. The case row is only a fast copy of what the audit log says (and the head the
 * anchor covers), so every field a case shows is compared with the chain before it is shown as
 * verified: the account, the scan and the reviewer the first event committed to, the decision and notes
 * of the latest decision, when it was opened and last updated, how many events it has, and the matches
 * the latest decision cleared or confirmed (the remembered rulings in force). Someone who can write the
 * row but not the log (the service's own database role) can therefore change what a case shows, but not
 * without the case reading `audit_chain_valid: false` and the report saying INVALID, naming the field.
 */
import type { StoredAuditEvent } from './audit-chain';
import type { CaseDecision } from './case-report.view';

/** What `case_created` records (hashed into event 1): who opened the case, for which account, on which scan. */
export interface CaseCreatedData {
  reviewer: string;
  scan_id: string;
  account_id: string;
  [key: string]: unknown;
}

export function caseCreatedData(input: { reviewer: string; scanId: string; accountId: string }): CaseCreatedData {
  return { reviewer: input.reviewer, scan_id: input.scanId, account_id: input.accountId };
}

/** The fields of a case row that the chain vouches for. */
export interface CaseRecordFields {
  id: string;
  account_id: string;
  scan_id: string;
  reviewer: string;
  decision: CaseDecision;
  decision_notes: string | null;
  event_count: number;
  created_at: Date | string;
  updated_at: Date | string;
}

/** A remembered ruling of the case still in force (match_rulings with `revoked_at` null). */
export interface ActiveRuling {
  listed_entity_id: string;
  ruling: string;
  audit_sequence: number;
}

const iso = (value: Date | string) => new Date(value).toISOString();
const show = (value: unknown) => (value === null || value === undefined ? 'none' : JSON.stringify(value));

/** What the chain says the case is; null fields where the log is empty. */
export function caseFromChain(log: StoredAuditEvent[]) {
  const first = log[0];
  const last = log.at(-1);
  const data = (first?.event_type === 'case_created' ? first.event_data : null) ?? {};
  const decided = [...log].reverse().find((e) => e.event_type === 'decision_logged');
  const decisionData = decided?.event_data ?? {};
  const matches = (key: string) => (Array.isArray(decisionData[key]) ? (decisionData[key] as string[]) : []);
  return {
    account_id: typeof data.account_id === 'string' ? data.account_id : null,
    scan_id: typeof data.scan_id === 'string' ? data.scan_id : null,
    reviewer: typeof data.reviewer === 'string' ? data.reviewer : null,
    decision: (decided ? decisionData.decision : 'pending') as string,
    decision_notes: (decided ? (decisionData.notes ?? null) : null) as string | null,
    created_at: first?.created_at ?? null,
    updated_at: last?.created_at ?? null,
    event_count: last?.sequence ?? 0,
    decided_at_sequence: decided?.sequence ?? null,
    cleared: decisionData.decision === 'false_positive' ? matches('cleared_matches') : [],
    confirmed: decisionData.decision === 'true_match' ? matches('confirmed_matches') : [],
  };
}

/**
 * One sentence per field of the row (and per ruling in force) that differs from the chain; empty when
 * the row is what the log says. `rulings` are the case's rulings in force; pass undefined to skip them.
 */
export function caseRecordProblems(row: CaseRecordFields, log: StoredAuditEvent[], rulings?: ActiveRuling[]): string[] {
  if (log.length === 0) return [];
  const chain = caseFromChain(log);
  const problems: string[] = [];
  const differs = (field: string, recorded: unknown, logged: unknown, where: string) => {
    if (recorded !== logged) problems.push(`the case record's ${field} (${show(recorded)}) differs from ${where} (${show(logged)})`);
  };
  if (chain.scan_id === null || chain.account_id === null) {
    problems.push("event 1: does not commit to the case's scan and account (opened before cases recorded them), so neither can be verified");
  } else {
    differs('account', row.account_id, chain.account_id, 'the account event 1 committed to');
    differs('scan_id', row.scan_id, chain.scan_id, 'the scan event 1 committed to');
  }
  differs('reviewer', row.reviewer, chain.reviewer, 'the reviewer event 1 recorded');
  differs('decision', row.decision, chain.decision, "the audit log's latest decision");
  differs('decision_notes', row.decision_notes, chain.decision_notes, "the latest decision's notes");
  differs('created_at', iso(row.created_at), chain.created_at, 'the time of event 1');
  differs('updated_at', iso(row.updated_at), chain.updated_at, 'the time of the last event');
  differs('event count', row.event_count, chain.event_count, 'the number of events in the log');
  if (rulings) problems.push(...rulingProblems(chain, rulings));
  return problems;
}

/** The rulings in force must be exactly the matches the latest decision cleared or confirmed, recorded by that decision. */
function rulingProblems(chain: ReturnType<typeof caseFromChain>, rulings: ActiveRuling[]): string[] {
  const expected = new Map<string, string>([...chain.cleared.map((id) => [id, 'false_positive'] as const), ...chain.confirmed.map((id) => [id, 'true_match'] as const)]);
  const problems: string[] = [];
  for (const r of rulings) {
    const ruled = expected.get(r.listed_entity_id);
    if (ruled !== r.ruling || r.audit_sequence !== chain.decided_at_sequence) {
      problems.push(`a ${r.ruling} ruling on ${r.listed_entity_id} (event ${r.audit_sequence}) is in force but the audit log's latest decision did not make it`);
    }
  }
  const inForce = new Set(rulings.map((r) => r.listed_entity_id));
  for (const [id, ruling] of expected) {
    if (!inForce.has(id)) problems.push(`the latest decision's ${ruling} ruling on ${id} is not in force (revoked or removed outside a decision)`);
  }
  return problems;
}
