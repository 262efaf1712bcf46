import { describe, expect, it, vi } from 'vitest';
import { checkEligibility, listDesignatedServices } from '../../../src/modules/eligibility/eligibility.engine';
import { EligibilityCheckRequestSchema } from '../../../src/modules/eligibility/eligibility.schema';

const ENGINE = '../../../src/modules/eligibility/eligibility.engine';

const REQUESTS = [
  { profession_type: 'accountant', services_offered: ['company_trust_formation', 'financial_planning_advice', 'bookkeeping'], is_afsl_holder: true, annual_revenue_aud: 1_250_000 },
  { profession_type: 'precious_metals_dealer', services_offered: ['precious_metals_cash_transactions'], is_already_registered: true },
  { profession_type: 'lawyer' },
  { profession_type: 'real_estate_agent', services_offered: ['property_management_leasing', 'real_estate_brokering'], annual_revenue_aud: 0 },
].map((body) => EligibilityCheckRequestSchema.parse(body));

describe('eligibility determinism', () => {
  it.each(REQUESTS.map((r) => [r.profession_type, r] as const))('should answer the same %s request identically twice', (_p, request) => {
    expect(checkEligibility(request)).toEqual(checkEligibility(structuredClone(request)));
  });

  it('should not let a caller who changes one answer change the next', () => {
    const request = REQUESTS[0]!;
    const first = checkEligibility(request);
    const expected = structuredClone(first);
    first.applicable_rules[0]!.description = 'changed';
    first.obligations.push('changed');
    expect(checkEligibility(request)).toEqual(expected);
  });

  it('should give the same answers and catalogue after a fresh import, as after a restart', async () => {
    const before = { answers: REQUESTS.map((r) => checkEligibility(r)), catalogue: listDesignatedServices() };
    vi.resetModules();
    const fresh = (await import(ENGINE)) as typeof import('../../../src/modules/eligibility/eligibility.engine');
    expect(fresh.checkEligibility).not.toBe(checkEligibility);
    expect(JSON.stringify({ answers: REQUESTS.map((r) => fresh.checkEligibility(r)), catalogue: fresh.listDesignatedServices() })).toBe(
      JSON.stringify(before),
    );
  });
});
