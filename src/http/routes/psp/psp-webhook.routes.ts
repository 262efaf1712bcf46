/**
 * The payment provider's webhook. The signature is checked over the raw body with the SDK's
 * `constructEvent` before anything is read or stored: a forged, altered or stale delivery answers 400
 * and changes nothing. A redelivered event answers 200 and is not acted on twice.
 */
import { AppError, ServiceUnavailableError } from '../../../errors';
import type { AppConfig } from '../../../config';
import type { ProviderEvents } from '../../../modules/checkout/provider-events';
import { verifyPspEvent } from '../../../modules/checkout/psp-client';
import { z } from '../../../schemas/zod';
import { defineRoute } from '../../route';
import { ErrorBody } from '../../schemas/common.schema';

const ReceiptSchema = z.object({ received: z.literal(true), event_id: z.string(), outcome: z.string() }).openapi('PaymentEventReceipt');

export function pspWebhookRoutes(config: AppConfig, events: ProviderEvents) {
  return [
    defineRoute({
      method: 'post',
      path: '/v1/psp/webhook',
      summary: "The payment provider's event webhook (signed by the provider)",
      description: 'Called by the payment provider, not by API clients. Verifies the `Stripe-Signature` header over the raw body, records the event once, and passes payment confirmations to the checkout workflow.',
      tags: ['Credits'],
      access: { kind: 'public', rateLimit: 'none' }, // the provider's retries must never be throttled; the signature is the guard
      responses: {
        200: { description: 'Event received (or already received)', schema: ReceiptSchema },
        400: { description: 'Missing, forged or stale signature: nothing changed', schema: ErrorBody },
        503: { description: 'Not configured, or a dependency is down: the provider will deliver again', schema: ErrorBody },
      },
      handler: async (ctx) => {
        const secret = config.psp.webhookSecret;
        if (!secret) throw new ServiceUnavailableError('The payment webhook is not configured on this server (PSP_WEBHOOK_SECRET is not set).');
        const signature = ctx.get('Stripe-Signature');
        const raw = (ctx.request as { rawBody?: string }).rawBody;
        if (!signature) throw new AppError(400, 'invalid_signature', 'Missing Stripe-Signature header: the event was not accepted.');
        if (raw === undefined) throw new AppError(400, 'invalid_signature', 'Missing event body: the event was not accepted.');
        let event;
        try {
          event = verifyPspEvent(raw, signature, secret, config.psp.webhookToleranceSeconds);
        } catch (err) {
          throw new AppError(400, 'invalid_signature', `Signature verification failed: ${(err as Error).message.split('\n')[0]} The event was not accepted.`);
        }
        const outcome = await events.handle(ctx.state.em, event);
        ctx.body = { received: true, event_id: event.id, outcome };
      },
    }),
  ];
}
