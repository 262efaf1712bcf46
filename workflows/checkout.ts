/**
 * Checkout confirmation (`checkout-<session_id>`): waits for the payment provider's word on one
 * checkout session, delivered as signals by the provider webhook, then grants the pack's credits
 * exactly once, or closes the session with no grant.
 * - `checkout.session.completed` with payment_status `paid`, or `checkout.session.async_payment_succeeded`
 *   (a delayed payment method that cleared): grant.
 * - completed but unpaid: keep waiting for the delayed payment's outcome.
 * - `checkout.session.expired`, or `checkout.session.async_payment_failed`: close, no grant.
 * - no word within the confirmation window: close as expired; a payment the provider confirms later
 *   still grants, because the webhook then starts a new run that grants (the grant is idempotent).
 * The grant activity retries until the database answers, without a deadline: money was taken.
 */
import { condition, proxyActivities, setHandler } from '@temporalio/workflow';
import type { CheckoutActivities } from '../activities/checkout';
import { infrastructureWork, paymentSettlement } from './activity-options';
import { type CheckoutProviderEvent, type CheckoutResult, type CheckoutState, type CheckoutWorkflowInput, checkoutStateQuery, providerEventSignal } from './definitions';

const { grantCheckout } = proxyActivities<CheckoutActivities>(paymentSettlement);
const { closeCheckout } = proxyActivities<CheckoutActivities>(infrastructureWork);

const PAID_STATUSES = new Set(['paid', 'no_payment_required']);

export async function checkoutWorkflow(input: CheckoutWorkflowInput): Promise<CheckoutResult> {
  // One object, so the handlers' changes are seen after the wait (TypeScript does not track closures).
  const run: { state: CheckoutState; decidedBy?: CheckoutProviderEvent } = { state: 'waiting' };
  setHandler(checkoutStateQuery, () => run.state);
  setHandler(providerEventSignal, (event) => {
    if (run.decidedBy) return; // decided: later events change nothing here
    switch (event.type) {
      case 'checkout.session.completed':
        if (PAID_STATUSES.has(event.paymentStatus ?? '')) Object.assign(run, { state: 'paid', decidedBy: event });
        else run.state = 'awaiting_delayed_payment';
        break;
      case 'checkout.session.async_payment_succeeded':
        Object.assign(run, { state: 'paid', decidedBy: event });
        break;
      case 'checkout.session.async_payment_failed':
        Object.assign(run, { state: 'failed', decidedBy: event });
        break;
      case 'checkout.session.expired':
        if (run.state === 'waiting') Object.assign(run, { state: 'expired', decidedBy: event });
        break;
    }
  });

  await condition(() => run.decidedBy !== undefined, input.confirmWindowMs);
  const decidedBy = run.decidedBy;
  if (run.state === 'paid' && decidedBy) {
    const grant = await grantCheckout({ sessionId: input.sessionId, eventId: decidedBy.eventId, paymentIntentId: decidedBy.paymentIntentId, amountTotal: decidedBy.amountTotal });
    return { state: 'paid', eventId: decidedBy.eventId, ledgerEntryId: grant.entryId, newlyGranted: grant.newlyGranted };
  }
  const closedAs = run.state === 'failed' ? 'failed' : 'expired';
  run.state = closedAs;
  await closeCheckout({ sessionId: input.sessionId, status: closedAs });
  return { state: closedAs, eventId: decidedBy?.eventId ?? null, ledgerEntryId: null, newlyGranted: false };
}
