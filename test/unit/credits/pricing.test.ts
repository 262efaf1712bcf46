import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { manifestPaymentFields, PACKS, PLAN_PRICES, priceOf, pricingTable } from '../../../src/modules/credits/pricing';

describe('the pricing table', () => {
  it('keeps inc-GST as the truth: GST is a rounded eleventh and the parts always add up', () => {
    expect(priceOf(9_900)).toEqual({ inc_gst_cents: 9_900, gst_cents: 900, ex_gst_cents: 9_000, currency: 'AUD' });
    expect(priceOf(2_900)).toEqual({ inc_gst_cents: 2_900, gst_cents: 264, ex_gst_cents: 2_636, currency: 'AUD' }); // 263.64 → 264
    expect(priceOf(5)).toMatchObject({ gst_cents: 0 }); // 0.4545 → 0
    expect(priceOf(6)).toMatchObject({ gst_cents: 1 }); // 0.5454 → 1
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000 }), (inc) => {
        const p = priceOf(inc);
        expect(p.gst_cents + p.ex_gst_cents).toBe(inc);
        expect(Math.abs(p.gst_cents - inc / 11)).toBeLessThanOrEqual(0.5);
      }),
    );
    expect(() => priceOf(12.5)).toThrow(RangeError);
  });

  it('has the four packs of 10, 50, 200 and 1,000 credits and the plans at 99, 299 and 799 a month', () => {
    expect(PACKS.map((p) => [p.pack_index, p.credits])).toEqual([
      [0, 10],
      [1, 50],
      [2, 200],
      [3, 1_000],
    ]);
    expect(PLAN_PRICES.map((p) => p.monthly?.inc_gst_cents ?? null)).toEqual([0, 9_900, 29_900, 79_900, null]);
    const perCredit = pricingTable().packs.map((p) => p.cents_per_credit_inc_gst);
    expect([...perCredit].sort((a, b) => b - a)).toEqual(perCredit); // bigger packs never cost more per credit
    expect(pricingTable().free_tier).toEqual({ checks_per_month: 10, requires_card: false });
  });

  it("gives the manifest's payment fields from the same table (spec: free tier 10 checks, no card; credits never expire, inc-GST pricing)", () => {
    expect(manifestPaymentFields()).toEqual({
      free_tier: { checks_per_month: 10, requires_card: false },
      credits: { never_expire: true, minimum_purchase: null, au_gst_inclusive_pricing: true },
    });
    expect(pricingTable().free_tier).toEqual(manifestPaymentFields().free_tier);
  });
});
