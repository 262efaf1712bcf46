/**
 * Buying a credit pack: a Checkout Session at the payment provider (the official SDK; AUD, the pack's
 * inc-GST price from the pricing table, the account and pack in `client_reference_id` and in the
 * payment's metadata), recorded here, then its `checkout-<session_id>` workflow started. This call
 * grants nothing: only the workflow does, once the provider confirms payment.
 *
 * A workflow start that fails does not fail the checkout: the session exists and the customer may pay,
 * and the provider's first event about it starts the workflow (signal-with-start), so nothing is lost.
 */
import type { Client } from '@temporalio/client';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { AppConfig } from '../../config';
import type { Logger } from '../../logger';
import { AppError, ServiceUnavailableError } from '../../errors';
import { workflowIds } from '../../temporal/workflow-ids';
import type { Caller } from '../identity/caller';
import { PACKS } from '../credits/pricing';
import { findByRequestKey, insertCheckoutSession, type CheckoutSession } from './checkout-session.store';
import { startCheckoutWorkflow } from './checkout-workflow';
import type { Psp } from './psp-client';

export interface CheckoutRequest {
  account_id: string;
  pack_index: number;
}

export class CheckoutService {
  constructor(
    private readonly psp: Psp | undefined,
    private readonly temporal: Client,
    private readonly config: AppConfig,
    private readonly logger: Logger,
  ) {}

  /** Opens a checkout for the caller's own account; a repeated Idempotency-Key answers the first session. */
  async create(em: EntityManager, caller: Caller, request: CheckoutRequest, requestKey: string | null): Promise<{ session: CheckoutSession; created: boolean }> {
    if (request.account_id !== caller.accountId) throw new AppError(403, 'forbidden', 'A client may buy credits only for its own account');
    if (requestKey) {
      const earlier = await findByRequestKey(em, caller.accountId, requestKey);
      if (earlier) return { session: earlier, created: false };
    }
    if (!this.psp) throw new ServiceUnavailableError('Checkout is not configured on this server (PSP_SECRET_KEY is not set); no payment was started.');
    const pack = PACKS[request.pack_index]!;
    const metadata = { account_id: caller.accountId, pack_index: String(pack.pack_index), credits: String(pack.credits) };
    const description = `${pack.credits} screening credits (pack ${pack.pack_index}); credits never expire`;
    let providerSession;
    try {
      providerSession = await this.psp.checkout.sessions.create(
        {
          mode: 'payment',
          currency: 'aud',
          client_reference_id: caller.accountId,
          line_items: [
            {
              quantity: 1,
              price_data: { currency: 'aud', unit_amount: pack.price.inc_gst_cents, tax_behavior: 'inclusive', product_data: { name: `${pack.credits} credits`, description } },
            },
          ],
          metadata,
          payment_intent_data: { metadata, description },
          success_url: this.config.psp.successUrl,
          cancel_url: this.config.psp.cancelUrl,
        },
        requestKey ? { idempotencyKey: `checkout:${caller.accountId}:${requestKey}` } : undefined,
      );
    } catch (err) {
      this.logger.error({ err }, 'payment provider refused or did not answer the checkout session');
      throw new ServiceUnavailableError('The payment provider could not open a checkout just now; nothing was charged. Retry shortly.');
    }
    if (!providerSession.url) throw new ServiceUnavailableError('The payment provider opened a session without a payment page; nothing was charged. Retry shortly.');
    const session = await insertCheckoutSession(em, {
      session_id: providerSession.id,
      account_id: caller.accountId,
      client_id: caller.clientId,
      pack_index: pack.pack_index,
      credits: pack.credits,
      amount_inc_gst_cents: pack.price.inc_gst_cents,
      gst_cents: pack.price.gst_cents,
      ex_gst_cents: pack.price.ex_gst_cents,
      currency: 'AUD',
      checkout_url: providerSession.url,
      workflow_id: workflowIds.checkout(providerSession.id),
      expires_at: new Date(providerSession.expires_at * 1000).toISOString(),
      requestKey,
    });
    try {
      await startCheckoutWorkflow(this.temporal, this.config, session);
    } catch (err) {
      this.logger.warn({ err, sessionId: session.session_id }, 'checkout workflow not started; the provider event will start it');
    }
    return { session, created: true };
  }
}
