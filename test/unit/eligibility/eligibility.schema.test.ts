import { describe, expect, it } from 'vitest';
import {
  DesignatedServicesQuerySchema,
  EligibilityCheckRequestSchema,
} from '../../../src/modules/eligibility/eligibility.schema';

describe('EligibilityCheckRequestSchema', () => {
  it('should apply the spec defaults', () => {
    expect(EligibilityCheckRequestSchema.parse({ profession_type: 'accountant' })).toEqual({
      profession_type: 'accountant',
      services_offered: [],
      is_already_registered: false,
      is_afsl_holder: false,
      annual_revenue_aud: null,
    });
  });

  it('should ignore fields it does not know rather than reject them', () => {
    const parsed = EligibilityCheckRequestSchema.parse({ profession_type: 'lawyer', abn: '51824753556' });
    expect(parsed).not.toHaveProperty('abn');
  });

  it.each([
    ['a missing profession', {}, ['profession_type']],
    ['an unknown profession', { profession_type: 'conveyancer' }, ['profession_type']],
    ['negative revenue', { profession_type: 'accountant', annual_revenue_aud: -1 }, ['annual_revenue_aud']],
    ['a service that is not a string', { profession_type: 'accountant', services_offered: ['bookkeeping', 7] }, ['services_offered', 1]],
    ['a boolean sent as text', { profession_type: 'accountant', is_afsl_holder: 'true' }, ['is_afsl_holder']],
  ])('should reject %s at its path', (_name, body, path) => {
    const result = EligibilityCheckRequestSchema.safeParse(body);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path)).toContainEqual(path);
  });
});

describe('DesignatedServicesQuerySchema', () => {
  it('should accept no profession or one of the five', () => {
    expect(DesignatedServicesQuerySchema.parse({})).toEqual({});
    expect(DesignatedServicesQuerySchema.parse({ profession_type: 'precious_metals_dealer' })).toEqual({ profession_type: 'precious_metals_dealer' });
    expect(DesignatedServicesQuerySchema.safeParse({ profession_type: 'jeweller' }).success).toBe(false);
  });
});
