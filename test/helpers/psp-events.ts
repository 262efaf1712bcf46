/**
 * Payment provider events as Stripe sends them (the event envelope and the objects' fields we read),
 * signed with the official SDK's test-header helper, and posted to our webhook.
 */
import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import { TEST_PSP_WEBHOOK_SECRET } from './test-config';

const randomId = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;

function envelope(type: string, object: Record<string, unknown>, id = randomId('evt')) {
  return { id, object: 'event', api_version: '2025-10-29.clover', created: Math.floor(Date.now() / 1000), livemode: false, pending_webhooks: 1, request: { id: null, idempotency_key: null }, type, data: { object } };
}

export type ProviderEvent = ReturnType<typeof envelope>;

/** A `checkout.session.*` event about one of our sessions. */
export function sessionEvent(
  type: 'checkout.session.completed' | 'checkout.session.async_payment_succeeded' | 'checkout.session.async_payment_failed' | 'checkout.session.expired',
  session: { id: string; accountId: string; amountTotal: number; paymentIntent?: string | null; paymentStatus?: 'paid' | 'unpaid' | 'no_payment_required' },
): ProviderEvent {
  return envelope(type, {
    id: session.id,
    object: 'checkout.session',
    mode: 'payment',
    status: type === 'checkout.session.expired' ? 'expired' : 'complete',
    payment_status: session.paymentStatus ?? (type === 'checkout.session.async_payment_succeeded' ? 'paid' : 'unpaid'),
    amount_total: session.amountTotal,
    currency: 'aud',
    client_reference_id: session.accountId,
    payment_intent: session.paymentIntent ?? null,
  });
}

/** `charge.refunded` with the cumulative amount refunded on the payment. */
export function refundEvent(paymentIntent: string, amount: number, amountRefunded: number, chargeId = randomId('ch')): ProviderEvent {
  return envelope('charge.refunded', { id: chargeId, object: 'charge', amount, amount_refunded: amountRefunded, refunded: amountRefunded === amount, currency: 'aud', payment_intent: paymentIntent });
}

/** `charge.dispute.created` on a payment. */
export function disputeEvent(paymentIntent: string, amount: number): ProviderEvent {
  return envelope('charge.dispute.created', { id: randomId('dp'), object: 'dispute', amount, currency: 'aud', charge: randomId('ch'), payment_intent: paymentIntent, status: 'needs_response' });
}

export const paymentIntentId = () => randomId('pi');

/** Posts an event to the webhook signed as the provider signs it (or as told: another secret, an old timestamp). */
export async function deliver(baseUrl: string, event: ProviderEvent, signing: { secret?: string; timestamp?: number; header?: string | null } = {}): Promise<Response> {
  const payload = JSON.stringify(event);
  const header =
    signing.header !== undefined
      ? signing.header
      : Stripe.webhooks.generateTestHeaderString({ payload, secret: signing.secret ?? TEST_PSP_WEBHOOK_SECRET, ...(signing.timestamp ? { timestamp: signing.timestamp } : {}) });
  return fetch(`${baseUrl}/v1/psp/webhook`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...(header === null ? {} : { 'Stripe-Signature': header }) }, body: payload });
}
