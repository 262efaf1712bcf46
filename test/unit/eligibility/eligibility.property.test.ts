import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DESIGNATED_SERVICES } from '../../../src/modules/eligibility/designated-services.catalogue';
import { checkEligibility } from '../../../src/modules/eligibility/eligibility.engine';
import {
  EligibilityCheckRequestSchema,
  EligibilityCheckResponseSchema,
  PROFESSION_TYPES,
  type EligibilityCheckRequest,
} from '../../../src/modules/eligibility/eligibility.schema';

const KEYS = DESIGNATED_SERVICES.map((s) => s.service_key);

/** Any valid request: any profession, any known keys (repeats and any order), optional flags and revenue. */
const validRequest: fc.Arbitrary<EligibilityCheckRequest> = fc
  .record(
    {
      profession_type: fc.constantFrom(...PROFESSION_TYPES),
      services_offered: fc.array(fc.constantFrom(...KEYS), { maxLength: 12 }),
      is_already_registered: fc.boolean(),
      is_afsl_holder: fc.boolean(),
      annual_revenue_aud: fc.option(fc.double({ min: 0, max: 1e10, noNaN: true }), { nil: null }),
    },
    { requiredKeys: ['profession_type'] },
  )
  .map((body) => EligibilityCheckRequestSchema.parse(body));

/** The rule, restated independently of the engine: a trigger counts unless a flag-driven exemption removes it. */
function expectedTriggers(request: EligibilityCheckRequest): string[] {
  return DESIGNATED_SERVICES.filter((s) => request.services_offered.includes(s.service_key))
    .filter((s) => s.triggers_registration)
    .filter((s) => !s.exemptions.some((e) => e.applies_when === 'is_afsl_holder' && request.is_afsl_holder))
    .map((s) => s.service_key);
}

describe('#checkEligibility over random valid requests', () => {
  it('should always answer with every field of the response schema', () => {
    fc.assert(
      fc.property(validRequest, (request) => {
        const result = checkEligibility(request);
        expect(EligibilityCheckResponseSchema.strict().parse(result)).toEqual(result);
        expect(result.profession_type).toBe(request.profession_type);
        expect(result.is_already_registered).toBe(request.is_already_registered);
        expect(result.registration_deadline.startsWith('2026-07-01')).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('should require registration exactly when a trigger survives the exemptions', () => {
    fc.assert(
      fc.property(validRequest, (request) => {
        const result = checkEligibility(request);
        const triggers = expectedTriggers(request);
        expect(result.must_register).toBe(triggers.length > 0);
        expect(result.triggering_services).toEqual(triggers);
        expect(result.obligations.length > 0).toBe(result.must_register);
        if (!result.must_register) expect(result.risk_tier).toBe('low');
      }),
      { numRuns: 300 },
    );
  });

  it('should keep confidence in [0, 1] and lower it when services or revenue are missing', () => {
    fc.assert(
      fc.property(validRequest, (request) => {
        const { confidence } = checkEligibility(request);
        expect(confidence).toBeGreaterThanOrEqual(0);
        expect(confidence).toBeLessThanOrEqual(1);
        if (request.services_offered.length === 0) expect(confidence).toBeLessThanOrEqual(0.3);
        if (request.annual_revenue_aud === null) expect(confidence).toBeLessThanOrEqual(0.8);
      }),
      { numRuns: 300 },
    );
  });
});
