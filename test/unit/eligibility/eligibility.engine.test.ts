import { describe, expect, it } from 'vitest';
import { DESIGNATED_SERVICES } from '../../../src/modules/eligibility/designated-services.catalogue';
import { checkEligibility } from '../../../src/modules/eligibility/eligibility.engine';
import { UnknownServiceKeysError } from '../../../src/modules/eligibility/eligibility.errors';
import { ValidationError } from '../../../src/errors';
import {
  DAY_ONE_ENROLMENT_DUE_DATE,
  ENROLMENT_WINDOW,
  TRANCHE_2_START_DATE,
} from '../../../src/modules/eligibility/eligibility.obligations';
import {
  EligibilityCheckRequestSchema,
  EligibilityCheckResponseSchema,
} from '../../../src/modules/eligibility/eligibility.schema';

const check = (body: Record<string, unknown>) => checkEligibility(EligibilityCheckRequestSchema.parse(body));

const EXEMPTIONS = DESIGNATED_SERVICES.flatMap((service) =>
  service.exemptions.map((exemption) => [`${service.service_key}/${exemption.exemption_key}`, service, exemption] as const),
);

describe('#checkEligibility exemptions', () => {
  it.each(EXEMPTIONS.filter(([, , e]) => e.applies_when === 'is_afsl_holder'))(
    'should apply %s when the request says so, and only then',
    (_name, service, exemption) => {
      const base = { profession_type: service.professions[0], services_offered: [service.service_key], annual_revenue_aud: 1 };
      const exempt = check({ ...base, is_afsl_holder: true });
      expect(exempt.must_register).toBe(false);
      expect(exempt.triggering_services).toEqual([]);
      expect(exempt.exemptions_applied).toEqual([`${service.service_key}: ${exemption.description}`]);
      expect(exempt.obligations).toEqual([]);

      const notExempt = check({ ...base, is_afsl_holder: false });
      expect(notExempt.must_register).toBe(true);
      expect(notExempt.exemptions_applied).toEqual([]);
    },
  );

  it.each(EXEMPTIONS.filter(([, , e]) => e.applies_when === null))(
    'should not assume %s, but point it out and lower the confidence',
    (_name, service) => {
      const result = check({ profession_type: service.professions[0], services_offered: [service.service_key], annual_revenue_aud: 1 });
      expect(result.must_register).toBe(true);
      expect(result.exemptions_applied).toEqual([]);
      expect(result.recommended_actions.some((a) => a.startsWith('Check whether a carve-out fits') && a.includes(service.label))).toBe(true);
      expect(result.confidence).toBeLessThan(0.9);
    },
  );

  it('should keep other triggers when the AFS licence removes financial planning', () => {
    const result = check({
      profession_type: 'accountant',
      services_offered: ['financial_planning_advice', 'company_trust_formation'],
      is_afsl_holder: true,
    });
    expect(result.must_register).toBe(true);
    expect(result.triggering_services).toEqual(['company_trust_formation']);
    expect(result.exemptions_applied).toHaveLength(1);
  });
});

describe('#checkEligibility without services', () => {
  it('should not say the business must register, and ask for its services with low confidence', () => {
    const result = check({ profession_type: 'lawyer' });
    expect(result.must_register).toBe(false);
    expect(result.risk_tier).toBe('low');
    expect(result.obligations).toEqual([]);
    expect(result.confidence).toBeLessThanOrEqual(0.3);
    expect(result.recommended_actions[0]).toContain('services_offered');
    expect(result.recommended_actions[0]).toContain('profession_type=lawyer');
  });
});

describe('#checkEligibility deadlines', () => {
  it('should keep the day-one enrolment deadline 28 days after the start, in every statement', () => {
    const start = Date.parse(`${TRANCHE_2_START_DATE}T00:00:00Z`);
    expect(new Date(start + 28 * 86_400_000).toISOString().slice(0, 10)).toBe(DAY_ONE_ENROLMENT_DUE_DATE);
    expect(ENROLMENT_WINDOW).toContain('29 July 2026');
  });

  it('should give new entrants 2026-07-01 and say enrolment runs from 31 March to 29 July 2026', () => {
    const result = check({ profession_type: 'real_estate_agent', services_offered: ['real_estate_brokering'] });
    expect(result.registration_deadline).toBe('2026-07-01');
    expect(result.obligations[0]).toMatch(/31 March 2026.*28 days.*29 July 2026/);
    const enrol = result.recommended_actions[0] ?? '';
    expect(enrol).toContain('29 July 2026');
    expect(enrol).toContain(result.enrolment_url);
    expect(result.enrolment_url).toBe('https://www.austrac.gov.au/business/new-austrac-start-here/enrol-or-register-austrac');
  });

  it('should tell an enrolled business to update its enrolment and program instead', () => {
    const result = check({ profession_type: 'accountant', services_offered: ['registered_office_address'], is_already_registered: true });
    expect(result.must_register).toBe(true);
    expect(result.is_already_registered).toBe(true);
    expect(result.registration_deadline.startsWith('2026-07-01: already enrolled')).toBe(true);
    expect(result.obligations[0]).toMatch(/^Update your AUSTRAC enrolment/);
    expect(result.recommended_actions[0]).toMatch(/^You are already enrolled/);
  });
});

describe('#checkEligibility obligations and rules', () => {
  it('should list enrolment, program, compliance officer, CDD, SMR, TTR and record keeping', () => {
    const { obligations } = check({ profession_type: 'precious_metals_dealer', services_offered: ['precious_metals_cash_transactions'] });
    const text = obligations.join('\n');
    for (const expected of ['Enrol with AUSTRAC', 'AML/CTF program', 'compliance officer', 'customer due diligence', '(SMR)', '(TTR)', 'A$10,000', '7 years']) {
      expect(text).toContain(expected);
    }
  });

  it('should cite one rule per provision and the reporting-entity rules', () => {
    const result = check({ profession_type: 'trust_company_service_provider', services_offered: ['trustee_services', 'nominee_director_secretary'] });
    const references = result.applicable_rules.map((r) => r.rule_reference);
    expect(references.filter((r) => r.endsWith('table 6, item 7'))).toHaveLength(1);
    expect(references).toContain('AML/CTF Act 2006 s 51B(1)');
    expect(references).toContain('AML/CTF Act 2006 s 43');
  });

  it('should answer in catalogue order without duplicates, whatever the order sent', () => {
    const a = check({ profession_type: 'accountant', services_offered: ['registered_office_address', 'company_trust_formation', 'company_trust_formation'] });
    const b = check({ profession_type: 'accountant', services_offered: ['company_trust_formation', 'registered_office_address'] });
    expect(a.triggering_services).toEqual(['company_trust_formation', 'registered_office_address']);
    expect(a).toEqual(b);
  });
});

describe('#checkEligibility service keys', () => {
  it('should refuse unknown keys with a typed 422 error naming each one and its index', () => {
    const request = EligibilityCheckRequestSchema.parse({
      profession_type: 'accountant',
      services_offered: ['company_trust_formation', 'tax_returns', 'bookkeeping', 'Company_Trust_Formation'],
    });
    const error = (() => {
      try {
        checkEligibility(request);
      } catch (e) {
        return e;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(UnknownServiceKeysError);
    expect(error).toBeInstanceOf(ValidationError);
    const typed = error as UnknownServiceKeysError;
    expect(typed.status).toBe(422);
    expect(typed.unknownKeys).toEqual([
      { index: 1, service_key: 'tax_returns' },
      { index: 3, service_key: 'Company_Trust_Formation' },
    ]);
    expect(typed.issues.map((i) => i.loc)).toEqual([
      ['body', 'services_offered', 1],
      ['body', 'services_offered', 3],
    ]);
    expect(typed.issues[0]?.msg).toContain("'tax_returns'");
  });

  it("should evaluate a known service outside the profession's usual list and flag it", () => {
    const result = check({ profession_type: 'real_estate_agent', services_offered: ['client_money_management'], annual_revenue_aud: 1 });
    expect(result.must_register).toBe(true);
    expect(result.recommended_actions.some((a) => a.startsWith("'client_money_management' is usually provided by"))).toBe(true);
    expect(result.confidence).toBeLessThan(0.9);
    expect(EligibilityCheckResponseSchema.parse(result)).toEqual(result);
  });
});
