/**
 * Refunds and disputes about a payment we cannot match yet. A `charge.refunded` can reach us before the
 * `checkout.session.completed` of the same payment (the provider does not order its events, and a
 * webhook outage delivers them in any order), and the payment intent names our session only once the
 * grant has recorded it. Such an event is parked: stored as received and left unprocessed
 * (`processed_at` null: no column of the stored event is ever changed but that one, once), answered 200
 * so the provider stops retrying. When the grant lands, the grant activity applies every parked event
 * of its payment intent and only then marks each processed. The reversal's ledger key (one per refund
 * report or dispute) makes it exactly once whichever side gets there first, however often either runs.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import type Stripe from 'stripe';
import { sql } from '../../db/sql';
import type { CheckoutSession } from './checkout-session.store';
import { markPspEventProcessed } from './psp-event.store';
import { reverseCheckout, type ProviderReversal, type ReversalOutcome } from './reversals';

const idOf = (value: unknown): string | null => (typeof value === 'string' ? value : ((value as { id?: string } | null)?.id ?? null));

/** The reversal a refund or dispute event reports, or null for any other event. */
export function reversalReport(event: Pick<Stripe.Event, 'type' | 'data'>): ProviderReversal | null {
  if (event.type === 'charge.refunded') {
    const charge = event.data.object as Stripe.Charge;
    return { kind: 'refund', chargeId: charge.id, paymentIntentId: idOf(charge.payment_intent) ?? '', amountRefundedCents: charge.amount_refunded };
  }
  if (event.type === 'charge.dispute.created') {
    const dispute = event.data.object as Stripe.Dispute;
    return { kind: 'dispute', disputeId: dispute.id, paymentIntentId: idOf(dispute.payment_intent) ?? '', amountCents: dispute.amount };
  }
  return null;
}

/**
 * Serialises, per payment intent, the grant's look for parked events and a refund's look for its grant
 * (a transaction-scoped advisory lock): without it a refund could read "not granted" and park while a
 * grant that had already looked for parked events commits, and the refund would wait forever.
 */
export async function lockPaymentIntent(tx: EntityManager, paymentIntentId: string): Promise<void> {
  await sql(tx, `select pg_advisory_xact_lock(hashtextextended(?, 0))`, [`psp-payment-intent:${paymentIntentId}`]);
}

/**
 * Applies the parked refunds and disputes of a paid session's payment intent, oldest report first (a
 * charge's refunds by their cumulative amount, so each reverses its own share), marking each processed
 * after its reversal. Answers the reversals written now. Call it in the grant's transaction, after
 * the session is marked paid, so the grant and what the provider already took back commit together.
 */
export async function applyParkedReversals(em: EntityManager, session: CheckoutSession): Promise<ReversalOutcome[]> {
  if (session.status !== 'paid' || !session.payment_intent_id) return [];
  await lockPaymentIntent(em, session.payment_intent_id);
  const parked = await sql<{ event_id: string; event_type: string; payload: Stripe.Event }[]>(
    em,
    `select event_id, event_type, payload from psp_events
      where payment_intent_id = ? and processed_at is null and event_type in ('charge.refunded', 'charge.dispute.created')
      order by event_type, coalesce((payload -> 'data' -> 'object' ->> 'amount_refunded')::bigint, 0), provider_created_at, event_id`,
    [session.payment_intent_id],
  );
  const applied: ReversalOutcome[] = [];
  for (const event of parked) {
    const report = reversalReport(event.payload);
    if (report) applied.push(await reverseCheckout(em, session, report));
    await markPspEventProcessed(em, event.event_id);
  }
  return applied;
}
