/**
 * The finance reconciliation, as pure logic: the ledger's purchase movements (grants for paid checkouts,
 * reversals for refunds and disputes) set against what the payment provider reported (its verified
 * events), one report row per movement plus one per provider fact the ledger has no row for.
 *
 * Which rows a report holds: the ledger's movements created in the period, and the provider facts of the
 * period that no ledger movement answers. A movement and its provider event are seconds apart, but not
 * always on the same day (an event at 23:59:59, or one the provider redelivered days later while our
 * webhook was down), so both sides are read over the period widened by `MATCH_MARGIN_DAYS`
 * (reconciliation-period.ts): a movement of the period finds its event just before the period began, an
 * event of the period finds its movement just after the period ended, and neither is reported twice or
 * flagged falsely. Each pair belongs to the report of the period its ledger row falls in.
 *
 * Matching: a grant to the paid session it names (provider session id); a reversal to the refund or
 * dispute named in its idempotency key (`reversal:refund:<charge>:<amount refunded>` /
 * `reversal:dispute:<dispute>`) and the payment intent it records.
 */
import { inPeriod, type Period } from './reconciliation-period';
import { reversalKey, type LedgerMovement, type ProviderFact } from './movements';
import { grantRow, providerOnlyRow, reversalRow, type ReportRow } from './report-rows';

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

const refundKey = (paymentIntent: string | null, chargeId: string, amountRefunded: number) => `refund\u0000${paymentIntent ?? ''}\u0000${chargeId}\u0000${amountRefunded}`;
const disputeKey = (paymentIntent: string | null, disputeId: string) => `dispute\u0000${paymentIntent ?? ''}\u0000${disputeId}`;

/** What identifies a fact whatever told us of it (a webhook event or the provider's records): its session, refund report or dispute. */
export function factKey(fact: ProviderFact): string {
  if (fact.kind === 'paid_session') return `session\u0000${fact.session_id}`;
  if (fact.kind === 'refund') return refundKey(fact.payment_intent_id, fact.charge_id, fact.amount_refunded_cents);
  return disputeKey(fact.payment_intent_id, fact.dispute_id);
}

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
      .sort((a, b) => a.created_at.localeCompare(b.created_at) || factKey(a).localeCompare(factKey(b)))
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
