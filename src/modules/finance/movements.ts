/**
 * What the reconciliation compares: the ledger's purchase movements and the provider's facts, with the
 * two readings both sides need (the refund or dispute a reversal names, the money a fact moved). Kept
 * apart from the matching and from the report rows so each of those depends on this, not on the other.
 */

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

/** An operator's grant or revocation: no provider side, listed apart in the report with who and why. */
export interface OperatorLedgerMovement {
  entry_id: string;
  account_id: string;
  kind: 'operator_grant' | 'operator_revoke';
  amount: number;
  actor: string;
  reason: string;
  /** ISO 8601. */
  created_at: string;
}

/** What the provider reported, read from its events (amounts in cents, inc GST). */
export type ProviderFact =
  | {
      kind: 'paid_session';
      /** The stored webhook event that told us of it; null when none reached us (a fact read from the provider only). */
      event_id: string | null;
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
      event_id: string | null;
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
      event_id: string | null;
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

export type ReversalKey = { kind: 'refund'; chargeId: string; amountRefunded: number } | { kind: 'dispute'; disputeId: string };

/** The refund or dispute a reversal's idempotency key names, if it names one. */
export function reversalKey(idempotencyKey: string): ReversalKey | null {
  const refund = /^reversal:refund:(.+):(\d+)$/.exec(idempotencyKey);
  if (refund) return { kind: 'refund', chargeId: refund[1]!, amountRefunded: Number(refund[2]) };
  const dispute = /^reversal:dispute:(.+)$/.exec(idempotencyKey);
  return dispute ? { kind: 'dispute', disputeId: dispute[1]! } : null;
}

/** The money a fact moved, in cents: a session's total, a refund's increment, a dispute's amount. */
export function factAmount(fact: ProviderFact): number | null {
  if (fact.kind === 'paid_session') return fact.amount_cents;
  if (fact.kind === 'refund') return fact.amount_refunded_cents - fact.previously_refunded_cents;
  return fact.amount_cents;
}
