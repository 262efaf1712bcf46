/**
 * Endpoint 19: buying a credit pack through the payment provider's hosted checkout (bearer,
 * `credits:write`, own account only). Answers 201 with the payment page's URL; the credits arrive
 * when the provider confirms payment, never from this call.
 */
import type { CheckoutService } from '../../../modules/checkout/checkout.service';
import type { CheckoutSession } from '../../../modules/checkout/checkout-session.store';
import { PACKS } from '../../../modules/credits/pricing';
import { z } from '../../../schemas/zod';
import { callerOf } from '../../middleware/authenticate';
import { defineRoute } from '../../route';
import { parseInput } from '../../validation';
import { commonErrors } from '../../schemas/common.schema';
import { IdempotencyKeyHeaders } from '../scans/scans.schema';

const CheckoutRequestSchema = z
  .object({
    account_id: z.uuid().openapi({ description: 'The account to credit: the caller\'s own (another account\'s is 403)' }),
    pack_index: z
      .number()
      .int()
      .min(0)
      .max(PACKS.length - 1)
      .openapi({ description: `Pack 0 to 3: ${PACKS.map((p) => `${p.pack_index} = ${p.credits} credits`).join(', ')}` }),
  })
  .strict()
  .openapi('CheckoutRequest');

const CheckoutResponseSchema = z
  .object({
    checkout_url: z.string().openapi({ description: "The provider's hosted payment page: redirect the user there" }),
    session_id: z.string(),
    status: z.enum(['open', 'paid', 'expired', 'failed']),
    account_id: z.string(),
    pack_index: z.number().int(),
    credits: z.number().int(),
    currency: z.string(),
    amount_inc_gst_cents: z.number().int(),
    gst_cents: z.number().int(),
    ex_gst_cents: z.number().int(),
    expires_at: z.string(),
    workflow_id: z.string().openapi({ description: 'The Temporal workflow waiting for the provider to confirm payment' }),
    credits_granted_when: z.string(),
  })
  .openapi('CheckoutResponse');

function view(session: CheckoutSession) {
  return {
    checkout_url: session.checkout_url,
    session_id: session.session_id,
    status: session.status,
    account_id: session.account_id,
    pack_index: session.pack_index,
    credits: session.credits,
    currency: session.currency,
    amount_inc_gst_cents: session.amount_inc_gst_cents,
    gst_cents: session.gst_cents,
    ex_gst_cents: session.ex_gst_cents,
    expires_at: session.expires_at,
    workflow_id: session.workflow_id,
    credits_granted_when: 'the payment provider confirms payment (not by this call)',
  };
}

export function checkoutRoutes(checkout: CheckoutService) {
  return [
    defineRoute({
      method: 'post',
      path: '/v1/psp/checkout',
      summary: 'Buy a credit pack: opens a hosted checkout at the payment provider',
      description:
        'Charges the pack\'s inc-GST price in AUD on the provider\'s payment page. Credits are granted only when the provider confirms payment. Send an `Idempotency-Key` header to make retries safe: the same key answers the session already opened (200).',
      tags: ['Credits'],
      access: { kind: 'bearer', scope: 'credits:write' },
      request: { body: CheckoutRequestSchema },
      responses: {
        201: { description: 'Checkout opened: redirect the user to checkout_url', schema: CheckoutResponseSchema },
        200: { description: 'The session an earlier request with this Idempotency-Key opened', schema: CheckoutResponseSchema },
        ...commonErrors,
      },
      handler: async (ctx, { body }) => {
        const header = ctx.get('Idempotency-Key');
        const requestKey = header ? parseInput('header', IdempotencyKeyHeaders, { 'Idempotency-Key': header })['Idempotency-Key'] : null;
        const { session, created } = await checkout.create(ctx.state.em, callerOf(ctx), body, requestKey);
        ctx.status = created ? 201 : 200;
        ctx.body = view(session);
      },
    }),
  ];
}
