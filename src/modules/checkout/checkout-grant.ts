/**
 * Granting a paid checkout's credits: the ledger's grant row (idempotency key `grant:checkout:<session>`)
 * and the session's paid status with its invoice number, in one transaction. However often it runs (a
 * redelivered event, a retried activity, a restarted worker, a second workflow run), the account is
 * credited once. Refunds and disputes of the payment that reached us first (parked) are applied in
 * the same transaction.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { recordMovement, type LedgerEntry } from '../credits/ledger';
import { findCheckoutSession, markCheckoutPaid } from './checkout-session.store';
import { applyParkedReversals, lockPaymentIntent } from './parked-events';

export interface ConfirmedPayment {
  sessionId: string;
  /** The provider event that confirmed it. */
  eventId: string;
  paymentIntentId: string | null;
  /** What the provider says it charged, in cents (reconciled against the pack's price). */
  amountTotal: number | null;
}

export class UnknownCheckoutError extends Error {
  constructor(sessionId: string) {
    super(`no checkout session ${sessionId} was created by this service`);
    this.name = 'UnknownCheckoutError';
  }
}

export async function grantCheckoutCredits(em: EntityManager, payment: ConfirmedPayment): Promise<{ entry: LedgerEntry; newlyGranted: boolean; parkedReversals: number }> {
  return em.transactional(async (tx) => {
    const session = await findCheckoutSession(tx, payment.sessionId);
    if (!session) throw new UnknownCheckoutError(payment.sessionId);
    // Before the balance row, in the order a refund takes them (parked-events.ts), so the two never deadlock.
    if (payment.paymentIntentId) await lockPaymentIntent(tx, payment.paymentIntentId);
    const outcome = await recordMovement(tx, {
      accountId: session.account_id,
      kind: 'grant',
      amount: session.credits,
      idempotencyKey: `grant:checkout:${session.session_id}`,
      description: `Pack ${session.pack_index}: ${session.credits} credits bought (checkout ${session.session_id})`,
      providerSessionId: session.session_id,
      providerPaymentId: payment.paymentIntentId,
      packIndex: session.pack_index,
      price: { inc_gst_cents: session.amount_inc_gst_cents, gst_cents: session.gst_cents, ex_gst_cents: session.ex_gst_cents },
    });
    if (outcome.status === 'insufficient') throw new Error('a grant cannot be refused for want of credit');
    await markCheckoutPaid(tx, session.session_id, payment);
    // Refunds and disputes that came before this confirmation were parked: applied now, in this transaction.
    const paid = await findCheckoutSession(tx, session.session_id);
    const reversals = paid ? await applyParkedReversals(tx, paid) : [];
    return { entry: outcome.entry, newlyGranted: outcome.status === 'recorded', parkedReversals: reversals.length };
  });
}
