/** Endpoint 16: the pricing table, public and not rate limited (it is the same for everyone and cheap). */
import { pricingTable } from '../../../modules/credits/pricing';
import { z } from '../../../schemas/zod';
import { defineRoute } from '../../route';

const Price = z.object({ inc_gst_cents: z.number().int(), gst_cents: z.number().int(), ex_gst_cents: z.number().int(), currency: z.literal('AUD') });

const PricingSchema = z
  .object({
    currency: z.literal('AUD'),
    amounts_in: z.literal('cents'),
    gst_rate_percent: z.number(),
    gst_inclusive_pricing: z.boolean(),
    credits: z.object({ never_expire: z.boolean(), minimum_purchase: z.null(), cost: z.object({ full_scan: z.number().int(), batch_item: z.number().int() }) }),
    free_tier: z.object({ checks_per_month: z.number().int(), requires_card: z.boolean() }),
    plans: z.array(
      z.object({
        plan: z.string(),
        name: z.string(),
        monthly: Price.nullable().openapi({ description: 'null: priced per agreement (Enterprise)' }),
        requests_per_minute: z.number().int().nullable(),
        batch_entities: z.number().int(),
        free_checks_per_month: z.number().int(),
      }),
    ),
    packs: z.array(z.object({ pack_index: z.number().int(), credits: z.number().int(), price: Price, cents_per_credit_inc_gst: z.number().int() })),
  })
  .openapi('Pricing');

export function pricingRoutes() {
  return [
    defineRoute({
      method: 'get',
      path: '/v1/credits/pricing',
      summary: 'Plans and credit packs, inc-GST, GST and ex-GST, in AUD cents',
      description: 'One table in code (the same the manifest and checkout read). The inc-GST amount is what is charged; GST is one eleventh of it, rounded to the cent.',
      tags: ['Credits'],
      access: { kind: 'public', rateLimit: 'none' },
      responses: { 200: { description: 'The pricing table', schema: PricingSchema } },
      handler: (ctx) => {
        ctx.body = pricingTable();
      },
    }),
  ];
}
