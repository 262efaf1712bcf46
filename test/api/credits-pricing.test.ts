import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonOf } from '../helpers/http';
import { testConfig } from '../helpers/test-config';
import { startTestApp, type TestApp } from '../helpers/test-app';

describe('GET /v1/credits/pricing', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(testConfig({ RATE_LIMIT_PUBLIC_PER_MINUTE: '5' }));
  });
  afterAll(async () => {
    await app?.close();
  });

  it('serves the plans and packs inc-GST, GST and ex-GST to anyone, without a per-IP limit', async () => {
    for (let i = 0; i < 8; i++) {
      const res = await fetch(`${app.url}/v1/credits/pricing`);
      expect(res.status).toBe(200);
      expect(res.headers.has('x-ratelimit-limit')).toBe(false);
      if (i > 0) continue;
      const body = await jsonOf(res);
      expect(body.packs[1]).toEqual({ pack_index: 1, credits: 50, price: { inc_gst_cents: 12_900, gst_cents: 1_173, ex_gst_cents: 11_727, currency: 'AUD' }, cents_per_credit_inc_gst: 258 });
      expect(body.plans.map((p: { plan: string }) => p.plan)).toEqual(['free', 'starter', 'builder', 'scale', 'enterprise']);
      expect(body.free_tier).toEqual({ checks_per_month: 10, requires_card: false });
    }
    expect((await fetch(`${app.url}/v1/trust-score/51824753556`)).headers.get('x-ratelimit-limit')).toBe('5'); // the public limit itself is in force
  });
});
