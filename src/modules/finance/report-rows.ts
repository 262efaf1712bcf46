/**
 * The finance reconciliation's report: the row shape (one CSV line), its columns in order, the fixed
 * issue texts finance filters on, and the builders that turn a ledger movement, matched or not, or an
 * unanswered provider fact into a row. Kept apart from the matching (reconciliation.ts) so the report's
 * format can be read and changed in one place without wading through how pairs are found.
 */
import { factAmount, reversalKey, type LedgerMovement, type OperatorLedgerMovement, type ProviderFact } from './movements';

/** `operator`: credits an operator granted or revoked (by agreement, goodwill), listed apart from purchases. */
export type ReportKind = 'grant' | 'reversal' | 'provider_only' | 'operator';

export interface ReportRow {
  kind: ReportKind;
  status: 'ok' | 'mismatch';
  issue: string;
  account_id: string | null;
  ledger_entry_id: string | null;
  ledger_created_at: string | null;
  provider_event_id: string | null;
  provider_session_id: string | null;
  payment_intent_id: string | null;
  charge_id: string | null;
  dispute_id: string | null;
  credits: number | null;
  inc_gst_cents: number | null;
  gst_cents: number | null;
  ex_gst_cents: number | null;
  provider_amount_cents: number | null;
  invoice_number: number | null;
  /** Operator rows: who moved the credits, and why. */
  actor: string | null;
  reason: string | null;
}

/** The CSV's columns, in order (every key of {@link ReportRow}). */
export const REPORT_COLUMNS: (keyof ReportRow)[] = [
  'kind',
  'status',
  'issue',
  'account_id',
  'ledger_entry_id',
  'ledger_created_at',
  'provider_event_id',
  'provider_session_id',
  'payment_intent_id',
  'charge_id',
  'dispute_id',
  'credits',
  'inc_gst_cents',
  'gst_cents',
  'ex_gst_cents',
  'provider_amount_cents',
  'invoice_number',
  'actor',
  'reason',
];

/** The issue texts, fixed so finance can filter the CSV on them. */
export const ISSUES = {
  paidSessionWithoutGrant: 'paid session with no grant',
  grantWithoutPaidSession: 'grant with no paid session',
  refundWithoutReversal: 'refund with no reversal',
  disputeWithoutReversal: 'dispute with no reversal',
  reversalWithoutReport: 'reversal with no refund or dispute',
  amountDiffers: (ledger: number | null, provider: number | null) => `amount differs: ledger ${ledger ?? 'none'}, provider ${provider ?? 'none'}`,
  currencyDiffers: (provider: string) => `currency differs: ledger AUD, provider ${provider.toUpperCase()}`,
} as const;

function ledgerColumns(m: LedgerMovement): Omit<ReportRow, 'kind' | 'status' | 'issue' | 'provider_event_id' | 'charge_id' | 'dispute_id' | 'provider_amount_cents' | 'actor' | 'reason'> {
  return {
    account_id: m.account_id,
    ledger_entry_id: m.entry_id,
    ledger_created_at: m.created_at,
    provider_session_id: m.provider_session_id,
    payment_intent_id: m.provider_payment_id,
    credits: m.amount,
    inc_gst_cents: m.amount_inc_gst_cents,
    gst_cents: m.gst_cents,
    ex_gst_cents: m.ex_gst_cents,
    invoice_number: m.invoice_number,
  };
}

/** The issue with a matched pair's money, or '' when it agrees. */
function amountIssue(ledgerCents: number | null, fact: ProviderFact): string {
  if (fact.currency !== null && fact.currency.toUpperCase() !== 'AUD') return ISSUES.currencyDiffers(fact.currency);
  const provider = factAmount(fact);
  return ledgerCents === provider ? '' : ISSUES.amountDiffers(ledgerCents, provider);
}

const withIssue = (issue: string) => ({ status: issue === '' ? ('ok' as const) : ('mismatch' as const), issue });

export function grantRow(m: LedgerMovement, fact: ProviderFact | undefined): ReportRow {
  const base = { kind: 'grant' as const, ...ledgerColumns(m), charge_id: null, dispute_id: null, actor: null, reason: null };
  if (!fact || fact.kind !== 'paid_session') {
    const session = m.provider_session_id ?? m.idempotency_key.replace(/^grant:checkout:/, '');
    return { ...base, ...withIssue(ISSUES.grantWithoutPaidSession), provider_session_id: session, provider_event_id: null, provider_amount_cents: null };
  }
  return {
    ...base,
    ...withIssue(amountIssue(m.amount_inc_gst_cents, fact)),
    provider_session_id: fact.session_id,
    payment_intent_id: m.provider_payment_id ?? fact.payment_intent_id,
    provider_event_id: fact.event_id,
    provider_amount_cents: fact.amount_cents,
    invoice_number: m.invoice_number ?? fact.invoice_number,
  };
}

export function reversalRow(m: LedgerMovement, fact: ProviderFact | undefined): ReportRow {
  const named = reversalKey(m.idempotency_key);
  const base = {
    kind: 'reversal' as const,
    ...ledgerColumns(m),
    charge_id: named?.kind === 'refund' ? named.chargeId : null,
    dispute_id: named?.kind === 'dispute' ? named.disputeId : null,
    actor: null,
    reason: null,
  };
  if (!fact || fact.kind === 'paid_session') return { ...base, ...withIssue(ISSUES.reversalWithoutReport), provider_event_id: null, provider_amount_cents: null };
  return {
    ...base,
    ...withIssue(amountIssue(m.amount_inc_gst_cents, fact)),
    charge_id: fact.charge_id,
    provider_event_id: fact.event_id,
    provider_amount_cents: factAmount(fact),
  };
}

export function providerOnlyRow(fact: ProviderFact): ReportRow {
  const issue = fact.kind === 'paid_session' ? ISSUES.paidSessionWithoutGrant : fact.kind === 'refund' ? ISSUES.refundWithoutReversal : ISSUES.disputeWithoutReversal;
  return {
    kind: 'provider_only',
    status: 'mismatch',
    issue,
    account_id: fact.account_id,
    ledger_entry_id: null,
    ledger_created_at: null,
    provider_event_id: fact.event_id,
    provider_session_id: fact.session_id,
    payment_intent_id: fact.payment_intent_id,
    charge_id: fact.kind === 'paid_session' ? null : fact.charge_id,
    dispute_id: fact.kind === 'dispute' ? fact.dispute_id : null,
    credits: null,
    inc_gst_cents: null,
    gst_cents: null,
    ex_gst_cents: null,
    provider_amount_cents: factAmount(fact),
    invoice_number: fact.invoice_number,
    actor: null,
    reason: null,
  };
}

/** An operator's grant or revocation of the period: no provider side to match, so always ok; listed with who and why. */
export function operatorRow(m: OperatorLedgerMovement): ReportRow {
  return {
    kind: 'operator',
    status: 'ok',
    issue: m.kind === 'operator_grant' ? 'operator grant' : 'operator revocation',
    account_id: m.account_id,
    ledger_entry_id: m.entry_id,
    ledger_created_at: m.created_at,
    provider_event_id: null,
    provider_session_id: null,
    payment_intent_id: null,
    charge_id: null,
    dispute_id: null,
    credits: m.amount,
    inc_gst_cents: null,
    gst_cents: null,
    ex_gst_cents: null,
    provider_amount_cents: null,
    invoice_number: null,
    actor: m.actor,
    reason: m.reason,
  };
}
