import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonOf } from '../helpers/http';
import { testConfig } from '../helpers/test-config';
import { startTestApp, type TestApp } from '../helpers/test-app';

describe('eligibility endpoints', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(testConfig());
  });
  afterAll(async () => {
    await app?.close();
  });
  const post = (body: unknown) =>
    fetch(`${app.url}/v1/eligibility/check`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

  it('POST /v1/eligibility/check answers every field for an accountant forming companies', async () => {
    const res = await post({ profession_type: 'accountant', services_offered: ['company_trust_formation'], annual_revenue_aud: 2_000_000 });
    expect(res.status).toBe(200);
    const body = await jsonOf(res);
    expect(body.must_register).toBe(true);
    expect(body.registration_deadline).toBe('2026-07-01');
    expect(body.triggering_services).toEqual(['company_trust_formation']);
    for (const field of ['risk_tier', 'obligations', 'triggering_service_labels', 'applicable_rules', 'exemptions_applied', 'recommended_actions', 'confidence', 'is_already_registered', 'profession_type', 'disclaimer', 'enrolment_url']) {
      expect(body, field).toHaveProperty(field);
    }
  });

  it('names each unknown service key in a 422 located at its array index', async () => {
    const res = await post({ profession_type: 'lawyer', services_offered: ['company_trust_formation', 'teleportation'] });
    expect(res.status).toBe(422);
    const body = await jsonOf(res);
    expect(body.detail).toEqual([expect.objectContaining({ loc: ['body', 'services_offered', 1], type: 'unknown_service_key' })]);
  });

  it('refuses an unknown profession with a 422 at body.profession_type', async () => {
    const res = await post({ profession_type: 'astronaut' });
    expect(res.status).toBe(422);
    expect((await jsonOf(res)).detail[0].loc).toEqual(['body', 'profession_type']);
  });

  it('GET /v1/eligibility/services returns the catalogue keyed by service, scoped by profession', async () => {
    const all = await jsonOf(await fetch(`${app.url}/v1/eligibility/services`));
    expect(all.company_trust_formation.rule_reference).toMatch(/table 6/i);
    const dealers = await jsonOf(await fetch(`${app.url}/v1/eligibility/services?profession_type=precious_metals_dealer`));
    expect(Object.keys(dealers).length).toBeGreaterThan(0);
    expect(Object.keys(dealers).length).toBeLessThan(Object.keys(all).length);
    for (const entry of Object.values(dealers) as { professions: string[] }[]) expect(entry.professions).toContain('precious_metals_dealer');
  });

  it('answers 422 at query.profession_type for an unknown profession', async () => {
    const res = await fetch(`${app.url}/v1/eligibility/services?profession_type=astronaut`);
    expect(res.status).toBe(422);
    expect((await jsonOf(res)).detail[0].loc).toEqual(['query', 'profession_type']);
  });
});
