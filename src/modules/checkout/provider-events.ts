/**
 * Acting on a verified provider event. Session events go to the session's `checkout-<session_id>`
 * workflow as signals (it alone grants); refunds and disputes write reversal rows directly (they are
 * single idempotent ledger writes, and the session's workflow has usually finished long before).
 * The event is marked processed only after that succeeded; a failure answers 5xx, the provider
 * delivers again, and the event is processed again. A refund or dispute about a payment not granted
 * yet is parked (parked-events.ts): left unprocessed and applied when the grant lands.
 */
import type { Client } from '@temporalio/client';
import type { EntityManager } from '@mikro-orm/postgresql';
import type Stripe from 'stripe';
import type { AppConfig } from '../../config';
import type { Logger } from '../../logger';
import { ServiceUnavailableError } from '../../errors';
import type { LowCreditNotifier } from '../credits/low-credit';
import { findByPaymentIntent, findCheckoutSession } from './checkout-session.store';
import { signalCheckoutWorkflow } from './checkout-workflow';
import { markPspEventProcessed, receivePspEvent } from './psp-event.store';
import { lockPaymentIntent, reversalReport } from './parked-events';
import { reverseCheckout, type ProviderReversal } from './reversals';

/**
 * `parked`: a refund or dispute of a payment not granted yet, kept unprocessed until the grant lands.
 * `not_our_session`: a session event about a session this service did not create.
 */
export type EventOutcome = 'duplicate' | 'signalled' | 'settled_already' | 'not_our_session' | 'reversed' | 'parked' | 'ignored';

const SESSION_EVENTS = new Set([
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'checkout.session.expired',
]);

const PAYMENT_EVENTS = new Set(['checkout.session.completed', 'checkout.session.async_payment_succeeded']);

const idOf = (value: unknown): string | null => (typeof value === 'string' ? value : ((value as { id?: string } | null)?.id ?? null));

export class ProviderEvents {
  constructor(
    private readonly temporal: Client,
    private readonly config: AppConfig,
    private readonly logger: Logger,
    private readonly lowCredit?: LowCreditNotifier,
  ) {}

  async handle(em: EntityManager, event: Stripe.Event): Promise<EventOutcome> {
    const received = await receivePspEvent(em, event);
    if (received.alreadyProcessed) return 'duplicate';
    const outcome = await this.act(em, event);
    if (outcome !== 'parked') await markPspEventProcessed(em, event.id);
    this.logger.info({ eventId: event.id, type: event.type, outcome, deliveries: received.deliveries }, 'payment provider event processed');
    return outcome;
  }

  private async act(em: EntityManager, event: Stripe.Event): Promise<EventOutcome> {
    if (SESSION_EVENTS.has(event.type)) return this.sessionEvent(em, event, event.data.object as Stripe.Checkout.Session);
    const report = reversalReport(event);
    return report ? this.reversal(em, report) : 'ignored';
  }

  private async sessionEvent(em: EntityManager, event: Stripe.Event, object: Stripe.Checkout.Session): Promise<EventOutcome> {
    const session = await findCheckoutSession(em, object.id);
    if (!session) return 'not_our_session';
    // A settled session needs no signal, except a payment confirmed after our own deadline closed it.
    if (session.status === 'paid' || (session.status !== 'open' && !PAYMENT_EVENTS.has(event.type))) return 'settled_already';
    try {
      await signalCheckoutWorkflow(this.temporal, this.config, session, {
        eventId: event.id,
        type: event.type,
        paymentStatus: object.payment_status ?? null,
        paymentIntentId: idOf(object.payment_intent),
        amountTotal: object.amount_total ?? null,
      });
    } catch (err) {
      this.logger.warn({ err, eventId: event.id, sessionId: session.session_id }, 'checkout workflow not signalled; the provider will deliver the event again');
      throw new ServiceUnavailableError('The workflow engine is unavailable: the event was recorded but not acted on, and will be when the provider delivers it again.');
    }
    return 'signalled';
  }

  private async reversal(em: EntityManager, report: ProviderReversal): Promise<EventOutcome> {
    if (!report.paymentIntentId) return 'parked';
    const outcome = await em.transactional(async (tx) => {
      await lockPaymentIntent(tx, report.paymentIntentId);
      const session = await findByPaymentIntent(tx, report.paymentIntentId);
      // Not granted yet (or not ours): kept until a grant names this payment intent.
      if (!session || session.status !== 'paid') return null;
      return reverseCheckout(tx, session, report);
    });
    if (!outcome) return 'parked';
    if (outcome.change) await this.lowCredit?.afterCommit(em, outcome.change);
    return 'reversed';
  }
}
