import { describe, expect, it } from 'vitest';
import { DESIGNATED_SERVICES, type ServiceKey } from '../../../src/modules/eligibility/designated-services.catalogue';
import { checkEligibility, listDesignatedServices } from '../../../src/modules/eligibility/eligibility.engine';
import {
  DesignatedServicesCatalogueSchema,
  EligibilityCheckRequestSchema,
  PROFESSION_TYPES,
} from '../../../src/modules/eligibility/eligibility.schema';

// @ts-expect-error ServiceKey is the union of catalogue keys, so a typo does not compile.
const _typo: ServiceKey = 'company_trust_formaton';

const OFFICIAL_SOURCE = /^https:\/\/www\.(austrac\.gov\.au|legislation\.gov\.au)\//;

describe('designated-services catalogue', () => {
  it('should give every service a unique, snake_case key', () => {
    const keys = DESIGNATED_SERVICES.map((s) => s.service_key);
    expect(new Set(keys).size).toBe(keys.length);
    for (const key of keys) expect(key).toMatch(/^[a-z]+(_[a-z]+)*$/);
  });

  it('should keep the keys existing clients already send', () => {
    const keys = DESIGNATED_SERVICES.map((s) => s.service_key);
    expect(keys).toContain('company_trust_formation');
    expect(keys).toContain('client_money_management');
  });

  it('should cite only AUSTRAC and the Federal Register of Legislation', () => {
    for (const service of DESIGNATED_SERVICES) {
      expect(service.source_urls.length).toBeGreaterThan(0);
      for (const url of service.source_urls) expect(url).toMatch(OFFICIAL_SOURCE);
      for (const exemption of service.exemptions) expect(exemption.source_url).toMatch(OFFICIAL_SOURCE);
    }
  });

  it('should cover all nine table 6 items, table 5 and table 2', () => {
    const references = DESIGNATED_SERVICES.map((s) => s.rule_reference).join('\n');
    for (let item = 1; item <= 9; item++) expect(references).toMatch(new RegExp(`table 6, items? (\\d+ and )?${item}\\b`));
    expect(references).toContain('s 6(5A), table 5');
    expect(references).toContain('s 6(3), table 2, item 2');
  });

  it.each(PROFESSION_TYPES)('should offer %s at least one designated and one non-designated service', (profession) => {
    const own = DESIGNATED_SERVICES.filter((s) => (s.professions as readonly string[]).includes(profession));
    expect(own.some((s) => s.triggers_registration)).toBe(true);
    expect(own.some((s) => !s.triggers_registration)).toBe(true);
  });

  it('should set the A$10,000 threshold on dealers cash transactions', () => {
    const dealing = DESIGNATED_SERVICES.find((s) => s.service_key === 'precious_metals_cash_transactions');
    expect(dealing?.thresholds.map((t) => t.amount_aud)).toEqual([10000]);
  });

  it('should not let a caller change the catalogue at run time', () => {
    const first = DESIGNATED_SERVICES[0];
    expect(Object.isFrozen(first)).toBe(true);
    expect(Object.isFrozen(first?.professions)).toBe(true);
  });
});

describe('#listDesignatedServices', () => {
  it('should key the whole catalogue by service_key and match the response schema', () => {
    const catalogue = listDesignatedServices();
    expect(Object.keys(catalogue)).toEqual(DESIGNATED_SERVICES.map((s) => s.service_key));
    expect(DesignatedServicesCatalogueSchema.parse(catalogue)).toEqual(catalogue);
    for (const [key, entry] of Object.entries(catalogue)) expect(entry.service_key).toBe(key);
  });

  it.each(PROFESSION_TYPES)('should scope the list to the services %s usually provides', (profession) => {
    const scoped = Object.values(listDesignatedServices(profession));
    expect(scoped.length).toBeGreaterThan(0);
    for (const entry of scoped) expect(entry.professions).toContain(profession);
  });

  it('should hand out copies, so changing one leaves the catalogue intact', () => {
    const copy = listDesignatedServices('accountant');
    copy['company_trust_formation']?.professions.push('real_estate_agent');
    expect(listDesignatedServices('accountant')['company_trust_formation']?.professions).not.toContain('real_estate_agent');
  });
});

describe('#checkEligibility for each catalogue entry', () => {
  it.each(DESIGNATED_SERVICES.map((s) => [s.service_key, s] as const))(
    'should answer %s on its own as the catalogue says',
    (key, service) => {
      const result = checkEligibility(
        EligibilityCheckRequestSchema.parse({
          profession_type: service.professions[0],
          services_offered: [key],
          annual_revenue_aud: 500000,
        }),
      );
      expect(result.must_register).toBe(service.triggers_registration);
      expect(result.triggering_services).toEqual(service.triggers_registration ? [key] : []);
      expect(result.triggering_service_labels).toEqual(service.triggers_registration ? [service.label] : []);
      if (service.triggers_registration) {
        expect(result.applicable_rules[0]?.rule_reference).toBe(service.rule_reference);
        expect(result.obligations.length).toBeGreaterThan(0);
      } else {
        expect(result.obligations).toEqual([]);
        expect(result.recommended_actions.join('\n')).toContain(service.label);
      }
    },
  );
});
