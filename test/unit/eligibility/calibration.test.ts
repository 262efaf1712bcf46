import { describe, expect, it } from 'vitest';
import { calibrateConfidence } from '../../../src/modules/eligibility/confidence.calibration';
import { calibrateRiskTier } from '../../../src/modules/eligibility/risk-tier.calibration';
import type { ServiceKey } from '../../../src/modules/eligibility/designated-services.catalogue';
import type { RiskTier } from '../../../src/modules/eligibility/eligibility.schema';

describe('#calibrateRiskTier', () => {
  const cases: [string, ServiceKey[], number | null, RiskTier][] = [
    ['nothing regulated, however large', [], 50_000_000, 'low'],
    ['one ordinary service in a small practice', ['company_trust_formation'], 500_000, 'low'],
    ['one ordinary service, revenue unknown', ['company_trust_formation'], null, 'medium'],
    ['one ordinary service, mid-sized', ['real_estate_brokering'], 2_000_000, 'medium'],
    ['one ordinary service, large', ['real_estate_brokering'], 10_000_000, 'medium'],
    ['a higher-risk service in a small practice', ['nominee_shareholder'], 0, 'medium'],
    ['cash dealing in a small shop', ['precious_metals_cash_transactions'], 300_000, 'medium'],
    ['a higher-risk service, mid-sized', ['registered_office_address'], 5_000_000, 'high'],
    ['a higher-risk service, revenue unknown', ['client_money_management'], null, 'high'],
    ['three ordinary services in a small practice', ['company_trust_formation', 'equity_debt_financing', 'body_corporate_transfer'], 100, 'medium'],
    ['three ordinary services, large', ['company_trust_formation', 'equity_debt_financing', 'body_corporate_transfer'], 20_000_000, 'high'],
  ];

  it.each(cases)('should rate %s', (_name, services, revenue, tier) => {
    expect(calibrateRiskTier(services, revenue)).toBe(tier);
  });
});

describe('#calibrateConfidence', () => {
  const full = { servicesGiven: true, revenueGiven: true, judgementCarveOutPresent: false, unusualServicePresent: false };

  it('should never claim certainty, even with full inputs', () => {
    expect(calibrateConfidence(full)).toBe(0.9);
  });

  it('should drop for each thing the caller left out or must judge', () => {
    expect(calibrateConfidence({ ...full, revenueGiven: false })).toBe(0.8);
    expect(calibrateConfidence({ ...full, judgementCarveOutPresent: true })).toBe(0.85);
    expect(calibrateConfidence({ ...full, unusualServicePresent: true })).toBe(0.85);
    expect(calibrateConfidence({ ...full, servicesGiven: false, revenueGiven: false })).toBe(0.2);
  });
});
