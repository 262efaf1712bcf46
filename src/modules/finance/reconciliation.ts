/**
 * The finance reconciliation, as pure logic: the ledger's purchase movements (grants for paid checkouts,
 * reversals for refunds and disputes) set against what the payment provider reported (its verified
 * events), one report row per movement plus one per provider fact the ledger has no row for.
 *
 * Which rows a report holds: the ledger's movements created in the period, and the provider facts of the
 * period that no ledger movement answers. A movement and its provider event are seconds apart, but not
 * always on the same day (an event at 23:59:59, or one the provider redelivered days later while our
 * webhook was down), so both sides are read over the period widened by {@link MATCH_MARGIN_DAYS}: a
 * movement of the period finds its event just before the period began, an event of the period finds
 * its movement just after the period ended, and neither is reported twice or flagged falsely. Each pair
 * belongs to the report of the period its ledger row falls in.
 *
 * Matching: a grant to the paid session it names (provider session id); a reversal to the refund or
 * dispute named in its idempotency key (`reversal:refund:<charge>:<amount refunded>` /
 * `reversal:dispute:<dispute>`) and the payment intent it records.
 */

export type ReportKind = 'grant' | 'reversal' | 'provider_only';

/** A purchase movement of the ledger, with the invoice number of the checkout it belongs to. */
export interface LedgerMovement {
  entry_id: string;
  account_id: string;
  kind: 'grant' | 'reversal';
  idempotency_key: string;
  /** Credits, signed (reversals are negative). */
  amount: number;
  provider_session_id: string | null;
  provider_payment_id: string | null;
  amount_inc_gst_cents: number | null;
  gst_cents: number | null;
  ex_gst_cents: number | null;
  /** ISO 8601. */
  created_at: string;
  invoice_number: number | null;
}

/** What the provider reported, read from its events (amounts in cents, inc GST). */
export type ProviderFact =
  | {
      kind: 'paid_session';
      event_id: string;
      created_at: string;
      account_id: string | null;
      session_id: string;
      payment_intent_id: string | null;
      amount_cents: number | null;
      currency: string | null;
      invoice_number: number | null;
    }
  | {
      kind: 'refund';
      event_id: string;
      created_at: string;
      account_id: string | null;
      charge_id: string;
      payment_intent_id: string | null;
      /** Cumulative, as the provider reports it. */
      amount_refunded_cents: number;
      /** The cumulative amount of the charge's previous refund report (0 for the first): the increment is the money of this refund. */
      previously_refunded_cents: number;
      currency: string | null;
      session_id: string | null;
      invoice_number: number | null;
    }
  | {
      kind: 'dispute';
      event_id: string;
      created_at: string;
      account_id: string | null;
      dispute_id: string;
      charge_id: string | null;
      payment_intent_id: string | null;
      amount_cents: number;
      currency: string | null;
      session_id: string | null;
      invoice_number: number | null;
    };

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

/** How far beyond the period each side is read to find the other (the provider retries an undelivered event for up to three days). */
export const MATCH_MARGIN_DAYS = 7;

const DAY_MS = 86_400_000;

/** A report period: UTC days `from` to `to`, both included, as the half-open instant range [start, end). */
export interface Period {
  from: string;
  to: string;
  start: Date;
  end: Date;
}

/**
 * Reads `--from` / `--to` (YYYY-MM-DD, UTC days, `to` included). Throws a RangeError a CLI can show as a
 * usage error: a reconciliation over a misread period would look clean while checking the wrong rows.
 */
export function parsePeriod(from: string, to: string): Period {
  const day = (label: string, value: string): Date => {
    const date = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00.000Z`) : new Date(Number.NaN);
    if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value) throw new RangeError(`${label} must be a date as YYYY-MM-DD, got ${JSON.stringify(value)}`);
    return date;
  };
  const start = day('--from', from);
  const last = day('--to', to);
  if (last < start) throw new RangeError('--to must not be before --from');
  return { from, to, start, end: new Date(last.getTime() + DAY_MS) };
}

/** The instants each side is read over: the period widened by {@link MATCH_MARGIN_DAYS} either way. */
export function matchWindow(period: Period): { start: Date; end: Date } {
  return { start: new Date(period.start.getTime() - MATCH_MARGIN_DAYS * DAY_MS), end: new Date(period.end.getTime() + MATCH_MARGIN_DAYS * DAY_MS) };
}

/** True when a grant is a purchase (names a checkout), not a test, benchmark or goodwill allowance. */
export function isPurchaseGrant(grant: { idempotency_key: string; provider_session_id: string | null }): boolean {
  return grant.provider_session_id !== null || grant.idempotency_key.startsWith('grant:checkout:');
}

export interface ReconciliationSummary {
  rows: number;
  grants: number;
  reversals: number;
  provider_only: number;
  mismatches: number;
}

type ReversalKey = { kind: 'refund'; chargeId: string; amountRefunded: number } | { kind: 'dispute'; disputeId: string };

/** The refund or dispute a reversal's idempotency key names, if it names one. */
export function reversalKey(idempotencyKey: string): ReversalKey | null {
  const refund = /^reversal:refund:(.+):(\d+)$/.exec(idempotencyKey);
  if (refund) return { kind: 'refund', chargeId: refund[1]!, amountRefunded: Number(refund[2]) };
  const dispute = /^reversal:dispute:(.+)$/.exec(idempotencyKey);
  return dispute ? { kind: 'dispute', disputeId: dispute[1]! } : null;
}

const refundKey = (paymentIntent: string | null, chargeId: string, amountRefunded: number) => `refund\u0000${paymentIntent ?? ''}\u0000${chargeId}\u0000${amountRefunded}`;
const disputeKey = (paymentIntent: string | null, disputeId: string) => `dispute\u0000${paymentIntent ?? ''}\u0000${disputeId}`;

function factKey(fact: ProviderFact): string {
  if (fact.kind === 'paid_session') return `session\u0000${fact.session_id}`;
  if (fact.kind === 'refund') return refundKey(fact.payment_intent_id, fact.charge_id, fact.amount_refunded_cents);
  return disputeKey(fact.payment_intent_id, fact.dispute_id);
}

/** The money a fact moved, in cents: a session's total, a refund's increment, a dispute's amount. */
export function factAmount(fact: ProviderFact): number | null {
  if (fact.kind === 'paid_session') return fact.amount_cents;
  if (fact.kind === 'refund') return fact.amount_refunded_cents - fact.previously_refunded_cents;
  return fact.amount_cents;
}

const inPeriod = (iso: string, period: Period) => {
  const t = new Date(iso).getTime();
  return t >= period.start.getTime() && t < period.end.getTime();
};

/**
 * Reconciles the ledger a page at a time, so a long period never has to be held in memory: give it the
 * provider facts of the match window, feed it the ledger's purchase movements of the match window in
 * pages ({@link Reconciler.addLedger} answers the report rows of the period among them), then
 * {@link Reconciler.finish} answers the provider-only rows. Provider facts are the smaller side (one per
 * purchase, refund or dispute), so they are the side kept in memory.
 */
export class Reconciler {
  private readonly facts = new Map<string, ProviderFact>();
  private readonly matched = new Set<string>();
  private readonly counts: ReconciliationSummary = { rows: 0, grants: 0, reversals: 0, provider_only: 0, mismatches: 0 };

  constructor(
    private readonly period: Period,
    facts: Iterable<ProviderFact>,
  ) {
    // One fact per key: a redelivered report under a new event id says nothing new; the earliest stands.
    for (const fact of facts) {
      const key = factKey(fact);
      const seen = this.facts.get(key);
      if (!seen || fact.created_at < seen.created_at) this.facts.set(key, fact);
    }
  }

  /** Matches a page of movements; answers the rows of those created in the period. */
  addLedger(movements: Iterable<LedgerMovement>): ReportRow[] {
    const rows: ReportRow[] = [];
    for (const movement of movements) {
      const key = this.keyOf(movement);
      const fact = key === null ? undefined : this.facts.get(key);
      if (key !== null && fact) this.matched.add(key);
      if (!inPeriod(movement.created_at, this.period)) continue;
      rows.push(this.count(movement.kind === 'grant' ? grantRow(movement, fact) : reversalRow(movement, fact)));
    }
    return rows;
  }

  /** The provider facts of the period that no movement answered, oldest first. */
  finish(): ReportRow[] {
    return [...this.facts.entries()]
      .filter(([key, fact]) => !this.matched.has(key) && inPeriod(fact.created_at, this.period))
      .map(([, fact]) => fact)
      .sort((a, b) => a.created_at.localeCompare(b.created_at) || a.event_id.localeCompare(b.event_id))
      .map((fact) => this.count(providerOnlyRow(fact)));
  }

  get summary(): ReconciliationSummary {
    return { ...this.counts };
  }

  private keyOf(movement: LedgerMovement): string | null {
    if (movement.kind === 'grant') {
      const session = movement.provider_session_id ?? (movement.idempotency_key.startsWith('grant:checkout:') ? movement.idempotency_key.slice('grant:checkout:'.length) : null);
      return session === null ? null : `session\u0000${session}`;
    }
    const named = reversalKey(movement.idempotency_key);
    if (!named) return null;
    return named.kind === 'refund' ? refundKey(movement.provider_payment_id, named.chargeId, named.amountRefunded) : disputeKey(movement.provider_payment_id, named.disputeId);
  }

  private count(row: ReportRow): ReportRow {
    this.counts.rows++;
    if (row.kind === 'grant') this.counts.grants++;
    else if (row.kind === 'reversal') this.counts.reversals++;
    else this.counts.provider_only++;
    if (row.status === 'mismatch') this.counts.mismatches++;
    return row;
  }
}

/** The whole reconciliation in one call, for data already in memory (tests, small periods). */
export function reconcile(period: Period, ledger: Iterable<LedgerMovement>, facts: Iterable<ProviderFact>): { rows: ReportRow[]; summary: ReconciliationSummary } {
  const reconciler = new Reconciler(period, facts);
  const rows = [...reconciler.addLedger(ledger), ...reconciler.finish()];
  return { rows, summary: reconciler.summary };
}

function ledgerColumns(m: LedgerMovement): Omit<ReportRow, 'kind' | 'status' | 'issue' | 'provider_event_id' | 'charge_id' | 'dispute_id' | 'provider_amount_cents'> {
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

function grantRow(m: LedgerMovement, fact: ProviderFact | undefined): ReportRow {
  const base = { kind: 'grant' as const, ...ledgerColumns(m), charge_id: null, dispute_id: null };
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

function reversalRow(m: LedgerMovement, fact: ProviderFact | undefined): ReportRow {
  const named = reversalKey(m.idempotency_key);
  const base = {
    kind: 'reversal' as const,
    ...ledgerColumns(m),
    charge_id: named?.kind === 'refund' ? named.chargeId : null,
    dispute_id: named?.kind === 'dispute' ? named.disputeId : null,
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

function providerOnlyRow(fact: ProviderFact): ReportRow {
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
  };
}
