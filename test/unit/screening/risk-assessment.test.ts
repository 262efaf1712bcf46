import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { assessRisk, riskLevelForScore, type RiskInput, type RiskLevel, type RiskMatch } from '../../../src/modules/screening/risk/risk-assessment';
import {
  RECOMMENDATION_DOMESTIC_PEP,
  RECOMMENDATION_ENHANCED_DUE_DILIGENCE,
  RECOMMENDATION_ESCALATE,
  RECOMMENDATION_PEP_ENHANCED_CDD,
  RECOMMENDATION_REFUSE,
  RECOMMENDATION_STANDARD_DUE_DILIGENCE,
} from '../../../src/modules/screening/risk/risk-recommendations';
import * as W from '../../../src/modules/screening/risk/risk-weights';

const person = (over: Partial<RiskInput> = {}): RiskInput => ({ entityType: 'person', personProfile: {}, matches: [], sourceStaleness: 'fresh', ...over });
const organisation = (over: Partial<RiskInput> = {}): RiskInput => ({
  entityType: 'organisation',
  organisationProfile: {},
  matches: [],
  sourceStaleness: 'fresh',
  ...over,
});
const sanctions = (score: number): RiskMatch => ({ listKind: 'sanctions', score, matchedName: 'Listed Name', source: 'dfat' });
const pep = (score: number): RiskMatch => ({ listKind: 'pep', score, matchedName: 'Listed Name', source: 'opensanctions:peps' });
const domesticPep = (score: number): RiskMatch => ({ listKind: 'pep', score, matchedName: 'Penny Wong', source: 'everypolitician' });

describe('#riskLevelForScore', () => {
  const bands: [number, RiskLevel][] = [
    [0, 'low'], [24, 'low'], [25, 'medium'], [49, 'medium'], [50, 'high'], [74, 'high'], [75, 'critical'], [100, 'critical'],
  ];
  it.each(bands)('should put score %i in band %s', (score, level) => {
    expect(riskLevelForScore(score)).toBe(level);
  });
});

describe('#assessRisk', () => {
  it('should rate a known, clean customer low and recommend standard due diligence', () => {
    expect(assessRisk(person())).toEqual({ risk_level: 'low', risk_score: 0, risk_factors: [], recommendation: RECOMMENDATION_STANDARD_DUE_DILIGENCE });
  });

  it('should reach each band at its lower boundary from the weights alone', () => {
    const nonResident = person({ personProfile: { resident_status: 'non_resident', client_visit_type: 'non_face_to_face' } });
    expect(W.NON_RESIDENT_POINTS + W.NON_FACE_TO_FACE_POINTS).toBe(W.RISK_LEVEL_MIN_SCORE.medium);
    expect(assessRisk(nonResident)).toMatchObject({ risk_score: 25, risk_level: 'medium', recommendation: RECOMMENDATION_ENHANCED_DUE_DILIGENCE });
    expect(assessRisk(person({ personProfile: { resident_status: 'non_resident' } }))).toMatchObject({ risk_score: 15, risk_level: 'low' });
    expect(assessRisk(person({ matches: [pep(0.8)] }))).toMatchObject({ risk_score: 50, risk_level: 'high', recommendation: RECOMMENDATION_PEP_ENHANCED_CDD });
    expect(assessRisk(organisation({ organisationProfile: { is_sanctioned: true } }))).toMatchObject({ risk_level: 'critical', risk_score: 80 });
  });

  describe('without a risk profile', () => {
    it('should never be low, and say why', () => {
      for (const input of [person({ personProfile: null }), organisation({ organisationProfile: null }), person({ personProfile: undefined })]) {
        const result = assessRisk(input);
        expect(result.risk_level).toBe('medium');
        expect(result.risk_factors[0]).toMatch(/^No risk profile supplied: customer context unknown/);
        expect(result.recommendation).toBe(RECOMMENDATION_ENHANCED_DUE_DILIGENCE);
      }
    });

    it('should never be low whatever else is given', () => {
      const input = fc.record({
        entityType: fc.constantFrom<RiskInput['entityType']>('person', 'organisation'),
        countryCode: fc.constantFrom(null, 'AU', 'NZ', 'GB'),
        sourceStaleness: fc.constantFrom<RiskInput['sourceStaleness']>('fresh', 'stale', 'no_data'),
      });
      fc.assert(fc.property(input, (given) => assessRisk({ ...given, matches: [] }).risk_level !== 'low'));
    });
  });

  describe('when no watchlist data is loaded', () => {
    it('should say the watchlist data is missing, never be low, and still assess the profile', () => {
      const result = assessRisk(person({ sourceStaleness: 'no_data', personProfile: { client_visit_type: 'non_face_to_face' } }));
      expect(result.risk_factors).toEqual([expect.stringMatching(/^Watchlist data missing: no list, or not every configured list, is loaded/), expect.stringMatching(/^Customer was not met face to face/)]);
      expect(result.risk_level).toBe('medium');
      expect(assessRisk(person({ sourceStaleness: 'no_data' })).risk_level).not.toBe('low');
    });
  });

  describe('overrides', () => {
    it('should make a confirmed-strength sanctions match critical and refuse, even for an otherwise clean customer', () => {
      const result = assessRisk(person({ matches: [sanctions(W.CONFIRMED_SANCTIONS_MATCH_SCORE)] }));
      expect(result.risk_level).toBe('critical');
      expect(result.recommendation).toBe(RECOMMENDATION_REFUSE);
      expect(result.recommendation).toMatch(/^Refuse \/ do not proceed; escalate to the AML\/CTF compliance officer and consider a suspicious matter report to AUSTRAC/);
    });

    it('should treat a sanctions match just below the threshold as possible: high, escalate, not refuse', () => {
      const result = assessRisk(person({ matches: [sanctions(W.CONFIRMED_SANCTIONS_MATCH_SCORE - 0.01)] }));
      expect(result.risk_level).toBe('high');
      expect(result.recommendation).toBe(RECOMMENDATION_ESCALATE);
    });

    it('should make any PEP match at least high', () => {
      for (const score of [0.5, 0.8, 0.99]) expect(assessRisk(person({ matches: [pep(score)] })).risk_level).toBe('high');
    });

    it('should rank sanctions above PEP at the same match strength', () => {
      for (const score of [0.82, 0.95]) {
        expect(assessRisk(person({ matches: [sanctions(score)] })).risk_score).toBeGreaterThan(assessRisk(person({ matches: [pep(score)] })).risk_score);
      }
      const both = assessRisk(person({ matches: [pep(0.95), sanctions(0.84)] }));
      expect(both.risk_factors[0]).toMatch(/^Possible sanctions match/);
      expect(both.risk_score).toBeGreaterThan(assessRisk(person({ matches: [sanctions(0.84)] })).risk_score);
    });

    it('should make a declared sanctioned entity critical and refuse, and a sanctioned officer high and escalate', () => {
      expect(assessRisk(organisation({ organisationProfile: { is_sanctioned: true } }))).toMatchObject({ risk_level: 'critical', recommendation: RECOMMENDATION_REFUSE });
      expect(assessRisk(organisation({ organisationProfile: { has_sanctions: true } }))).toMatchObject({ risk_level: 'high', recommendation: RECOMMENDATION_ESCALATE });
    });

    it('should make a call-for-action link at least medium (enhanced due diligence)', () => {
      expect(assessRisk(organisation({ countryCode: 'MM' }))).toMatchObject({ risk_level: 'medium', recommendation: RECOMMENDATION_ENHANCED_DUE_DILIGENCE });
    });

    it('should ask for the PEP measures, not refusal, for a critical score whose only watchlist evidence is a PEP match', () => {
      const result = assessRisk(person({ matches: [pep(0.95)], nationalityCode: 'IR', personProfile: { resident_status: 'non_resident' } }));
      expect(result.risk_level).toBe('critical');
      expect(result.recommendation).toBe(RECOMMENDATION_PEP_ENHANCED_CDD);
      expect(result.recommendation).toMatch(/senior management approval/);
      expect(result.recommendation).toMatch(/source of wealth and the source of funds/);
      expect(result.recommendation).not.toBe(RECOMMENDATION_REFUSE);
    });

    it('should escalate rather than refuse a critical score with no watchlist match and no sanctions hit', () => {
      const result = assessRisk(person({ nationalityCode: 'KP', countryCode: 'IR', personProfile: { resident_status: 'non_resident', client_visit_type: 'non_face_to_face', profession: 'casino operator' } }));
      expect(result.risk_level).toBe('critical');
      expect(result.recommendation).toBe(RECOMMENDATION_ESCALATE);
    });
  });

  describe('domestic PEPs (AUSTRAC: a risk-based determination, enhanced CDD when high risk)', () => {
    it('should make a domestic PEP match alone medium with its own factor and the domestic determination, below a foreign PEP', () => {
      const result = assessRisk(person({ matches: [domesticPep(0.97)] }));
      expect(result).toMatchObject({ risk_score: W.DOMESTIC_PEP_MATCH_POINTS, risk_level: 'medium', recommendation: RECOMMENDATION_DOMESTIC_PEP });
      expect(result.risk_factors).toEqual([
        "Domestic PEP match (Australian federal parliamentarian): 'Penny Wong' on everypolitician (score 0.97); make a risk-based determination, with enhanced CDD if the risk is high",
      ]);
      expect(result.risk_score).toBeLessThan(assessRisk(person({ matches: [pep(0.97)] })).risk_score);
      expect(result.recommendation).toMatch(/risk-based determination/);
      expect(result.recommendation).toMatch(/not a sanctions match: do not freeze or refuse on it alone/);
    });

    it('should never put a domestic PEP match below medium, however weak', () => {
      for (const score of [0.5, 0.8]) expect(assessRisk(person({ matches: [domesticPep(score)] })).risk_level).toBe('medium');
    });

    it('should switch to enhanced CDD once other factors take a domestic PEP to high', () => {
      const result = assessRisk(person({ matches: [domesticPep(0.95)], personProfile: { resident_status: 'non_resident', client_visit_type: 'non_face_to_face' } }));
      expect(result.risk_score).toBe(W.DOMESTIC_PEP_MATCH_POINTS + W.NON_RESIDENT_POINTS + W.NON_FACE_TO_FACE_POINTS);
      expect(result.risk_level).toBe('high');
      expect(result.recommendation).toBe(RECOMMENDATION_PEP_ENHANCED_CDD);
      // No profile at all is itself a factor: domestic PEP (30) + no profile (25) = high.
      expect(assessRisk(person({ matches: [domesticPep(0.95)], personProfile: null }))).toMatchObject({ risk_level: 'high', recommendation: RECOMMENDATION_PEP_ENHANCED_CDD });
    });

    it('should keep sanctions first: a sanctions hit refuses whatever PEP match comes with it', () => {
      const result = assessRisk(person({ matches: [domesticPep(0.99), sanctions(0.97)] }));
      expect(result.recommendation).toBe(RECOMMENDATION_REFUSE);
      expect(result.risk_factors[0]).toMatch(/^Sanctions match/);
      expect(result.risk_factors[1]).toMatch(/^Domestic PEP match/);
    });

    it('should treat a PEP on a mixed list as foreign when it comes with a domestic one', () => {
      const result = assessRisk(person({ matches: [domesticPep(0.99), pep(0.85)] }));
      expect(result.risk_level).toBe('high');
      expect(result.recommendation).toBe(RECOMMENDATION_PEP_ENHANCED_CDD);
    });
  });

  it('should clamp the score to 100 when everything fires at once', () => {
    const result = assessRisk(
      organisation({
        organisationProfile: { is_sanctioned: true, has_sanctions: true, legal_status: 'shell', industry_type: 'casino', is_high_risk_country: true },
        incorporationCountryCode: 'KP',
        countryCode: 'IR',
        matches: [sanctions(1), pep(1), { listKind: 'other', score: 1, matchedName: 'X', source: 'y' }],
        sourceStaleness: 'stale',
      }),
    );
    expect(result.risk_score).toBe(100);
  });

  it('should give the same assessment for the same scan, whatever the order of its matches', () => {
    const matches = [sanctions(0.83), pep(0.9), { listKind: 'other' as const, score: 0.81, matchedName: 'Z', source: 'a' }, sanctions(0.86)];
    const input = person({ matches, nationalityCode: 'VN', personProfile: { profession: 'lawyer' } });
    const first = assessRisk(input);
    expect(assessRisk(input)).toEqual(first);
    expect(assessRisk({ ...input, matches: [...matches].reverse() })).toEqual(first);
  });

  it('should always give an integer score in 0..100 and a level matching it', () => {
    const match = fc.record({
      listKind: fc.constantFrom<RiskMatch['listKind']>('sanctions', 'pep', 'other'),
      score: fc.double({ noDefaultInfinity: false }),
      matchedName: fc.string(),
      source: fc.constantFrom('dfat', 'un', 'ofac'),
    });
    const input = fc.record({
      entityType: fc.constantFrom<RiskInput['entityType']>('person', 'organisation'),
      personProfile: fc.option(fc.record({ resident_status: fc.constantFrom('resident' as const, 'non_resident' as const), profession: fc.option(fc.string()) }), { nil: null }),
      organisationProfile: fc.option(fc.record({ is_sanctioned: fc.boolean(), has_sanctions: fc.boolean(), industry_type: fc.option(fc.string()) }), { nil: null }),
      countryCode: fc.constantFrom(null, '', 'AU', 'IR', 'VN', 'RU'),
      nationalityCode: fc.constantFrom(null, 'KP', 'SY'),
      matches: fc.array(match, { maxLength: 8 }),
      sourceStaleness: fc.constantFrom<RiskInput['sourceStaleness']>('fresh', 'stale', 'no_data'),
    });
    fc.assert(
      fc.property(input, (given) => {
        const result = assessRisk(given);
        expect(Number.isInteger(result.risk_score)).toBe(true);
        expect(result.risk_score).toBeGreaterThanOrEqual(0);
        expect(result.risk_score).toBeLessThanOrEqual(100);
        expect(result.risk_level).toBe(riskLevelForScore(result.risk_score));
        expect(result.risk_factors.every((f) => typeof f === 'string' && f.length > 0)).toBe(true);
      }),
    );
  });
});
