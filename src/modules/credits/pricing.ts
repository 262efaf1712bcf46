/**
 * The one pricing table (architecture: credits decisions): monthly plans and the four credit packs, in
 * AUD integer cents. The inc-GST amount is the truth (it is what a customer pays and what checkout
 * charges); GST is inc ÷ 11 rounded to the cent and ex-GST is inc − GST, so the three always add up.
 * `GET /v1/credits/pricing`, checkout and the manifest's payment block all read this table.
 */

export interface Price {
  /** What is charged, GST included, in cents. */
  inc_gst_cents: number;
  gst_cents: number;
  ex_gst_cents: number;
  currency: 'AUD';
}

/** GST inside an inc-GST amount: one eleventh, rounded half up to the cent. */
export function priceOf(incGstCents: number): Price {
  if (!Number.isInteger(incGstCents) || incGstCents < 0) throw new RangeError(`an amount in cents must be a whole number ≥ 0, got ${incGstCents}`);
  const gst = Math.floor((incGstCents * 10 + 55) / 110); // round(inc / 11), halves up, in integers
  return { inc_gst_cents: incGstCents, gst_cents: gst, ex_gst_cents: incGstCents - gst, currency: 'AUD' };
}

/** The Free plan's checks per calendar month (UTC) before credits are used. */
export const FREE_CHECKS_PER_MONTH = 10;

export const PLAN_PRICES = [
  { plan: 'free', name: 'Free', monthly: priceOf(0), requests_per_minute: 10, batch_entities: 10, free_checks_per_month: FREE_CHECKS_PER_MONTH },
  { plan: 'starter', name: 'Starter', monthly: priceOf(9_900), requests_per_minute: 60, batch_entities: 50, free_checks_per_month: 0 },
  { plan: 'builder', name: 'Builder', monthly: priceOf(29_900), requests_per_minute: 200, batch_entities: 100, free_checks_per_month: 0 },
  { plan: 'scale', name: 'Scale', monthly: priceOf(79_900), requests_per_minute: 1_000, batch_entities: 100, free_checks_per_month: 0 },
  { plan: 'enterprise', name: 'Enterprise', monthly: null, requests_per_minute: null, batch_entities: 100, free_checks_per_month: 0 },
] as const;

/** Packs 0–3: credits never expire; a credit is one full scan or one batch item. */
export const PACKS = [
  { pack_index: 0, credits: 10, price: priceOf(2_900) },
  { pack_index: 1, credits: 50, price: priceOf(12_900) },
  { pack_index: 2, credits: 200, price: priceOf(44_900) },
  { pack_index: 3, credits: 1_000, price: priceOf(199_000) },
] as const;

export type PackIndex = (typeof PACKS)[number]['pack_index'];

/**
 * The manifest's `payment.free_tier` and `payment.credits` (spec: Capabilities manifest), from this
 * table, so the manifest the agent-job work serves can never disagree with the prices we charge.
 */
export function manifestPaymentFields() {
  return {
    free_tier: { checks_per_month: FREE_CHECKS_PER_MONTH, requires_card: false },
    credits: { never_expire: true, minimum_purchase: null, au_gst_inclusive_pricing: true },
  };
}

/** The whole table as `GET /v1/credits/pricing` serves it. */
export function pricingTable() {
  const manifest = manifestPaymentFields();
  return {
    currency: 'AUD',
    amounts_in: 'cents',
    gst_rate_percent: 10,
    gst_inclusive_pricing: manifest.credits.au_gst_inclusive_pricing,
    credits: { never_expire: manifest.credits.never_expire, minimum_purchase: manifest.credits.minimum_purchase, cost: { full_scan: 1, batch_item: 1 } },
    free_tier: manifest.free_tier,
    plans: PLAN_PRICES,
    packs: PACKS.map((p) => ({ ...p, cents_per_credit_inc_gst: Math.round(p.price.inc_gst_cents / p.credits) })),
  };
}
