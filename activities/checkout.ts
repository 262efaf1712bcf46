/** Settling a checkout session: the grant of a paid one, or the close of one that ended unpaid. */
import { ApplicationFailure } from '@temporalio/activity';
import { grantCheckoutCredits, UnknownCheckoutError, type ConfirmedPayment } from '../src/modules/checkout/checkout-grant';
import { closeCheckoutSession } from '../src/modules/checkout/checkout-session.store';
import type { ActivityDeps } from './deps';
import { whileHeartbeating } from './heartbeating';

export function createCheckoutActivities(deps: ActivityDeps) {
  return {
    async grantCheckout(payment: ConfirmedPayment): Promise<{ entryId: string; newlyGranted: boolean }> {
      try {
        const { entry, newlyGranted, parkedReversals } = await whileHeartbeating(() => grantCheckoutCredits(deps.orm.em.fork(), payment));
        if (newlyGranted) deps.logger.info({ sessionId: payment.sessionId, eventId: payment.eventId, credits: entry.amount }, 'checkout paid: credits granted');
        if (parkedReversals > 0) deps.logger.info({ sessionId: payment.sessionId, parkedReversals }, 'checkout paid: refunds or disputes received before it applied');
        return { entryId: entry.entry_id, newlyGranted };
      } catch (err) {
        if (err instanceof UnknownCheckoutError) throw ApplicationFailure.nonRetryable(err.message, 'UnknownCheckout');
        throw err;
      }
    },
    async closeCheckout(input: { sessionId: string; status: 'expired' | 'failed' }): Promise<boolean> {
      return closeCheckoutSession(deps.orm.em.fork(), input.sessionId, input.status);
    },
  };
}

export type CheckoutActivities = ReturnType<typeof createCheckoutActivities>;
