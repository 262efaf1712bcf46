import { describe, expect, it } from 'vitest';
import { assessRisk, collectRiskContributions, type RiskInput } from '../../../src/modules/screening/risk/risk-assessment';
import * as W from '../../../src/modules/screening/risk/risk-weights';

const person = (over: Partial<RiskInput> = {}): RiskInput => ({ entityType: 'person', personProfile: {}, matches: [], sourceStaleness: 'fresh', ...over });
const organisation = (over: Partial<RiskInput> = {}): RiskInput => ({
  entityType: 'organisation',
  organisationProfile: {},
  matches: [],
  sourceStaleness: 'fresh',
  ...over,
});

describe('risk factors', () => {
  const cases: [string, RiskInput, string | RegExp, number][] = [
    [
      'a confirmed-strength sanctions match',
      person({ matches: [{ listKind: 'sanctions', score: 0.97, matchedName: 'Ivan Petrov', source: 'dfat' }] }),
      "Sanctions match: 'Ivan Petrov' on dfat (score 0.97)",
      W.CONFIRMED_SANCTIONS_MATCH_POINTS,
    ],
    [
      'a possible sanctions match',
      person({ matches: [{ listKind: 'sanctions', score: 0.84, matchedName: 'Ivan Petrof', source: 'ofac' }] }),
      /^Possible sanctions match: 'Ivan Petrof' on ofac \(score 0\.84\), below the 0\.90 confirmation threshold/,
      W.POSSIBLE_SANCTIONS_MATCH_POINTS,
    ],
    [
      'a PEP match',
      person({ matches: [{ listKind: 'pep', score: 0.91, matchedName: 'Jane Minister', source: 'opensanctions:peps' }] }),
      "PEP match: 'Jane Minister' on opensanctions:peps (score 0.91)",
      W.PEP_MATCH_POINTS,
    ],
    [
      'a domestic PEP match (Australian federal parliamentarian)',
      person({ matches: [{ listKind: 'pep', score: 0.96, matchedName: 'Barnaby Joyce', source: 'everypolitician' }] }),
      "Domestic PEP match (Australian federal parliamentarian): 'Barnaby Joyce' on everypolitician (score 0.96); make a risk-based determination, with enhanced CDD if the risk is high",
      W.DOMESTIC_PEP_MATCH_POINTS,
    ],
    [
      'a match on another list',
      person({ matches: [{ listKind: 'other', score: 0.88, matchedName: 'Acme Debarred', source: 'worldbank' }] }),
      "Watchlist match: 'Acme Debarred' on worldbank (score 0.88)",
      W.OTHER_LIST_MATCH_POINTS,
    ],
    ['no watchlist data', person({ sourceStaleness: 'no_data' }), /^Watchlist data missing: no list, or not every configured list, is loaded/, W.NO_WATCHLIST_DATA_POINTS],
    ['stale watchlist data', person({ sourceStaleness: 'stale' }), /^Watchlist data is stale/, W.STALE_WATCHLIST_DATA_POINTS],
    ['no person risk profile', person({ personProfile: null }), /^No risk profile supplied: customer context unknown/, W.MISSING_RISK_PROFILE_POINTS],
    ['no organisation risk profile', organisation({ organisationProfile: undefined }), /^No risk profile supplied: customer context unknown/, W.MISSING_RISK_PROFILE_POINTS],
    ['a non-resident', person({ personProfile: { resident_status: 'non_resident' } }), 'Customer is not resident in Australia', W.NON_RESIDENT_POINTS],
    ['a customer not met face to face', person({ personProfile: { client_visit_type: 'non_face_to_face' } }), /^Customer was not met face to face/, W.NON_FACE_TO_FACE_POINTS],
    ['a Tranche 2 profession', person({ personProfile: { profession: 'Chartered Accountant' } }), /^Profession 'Chartered Accountant' \(accountant\) is a Tranche 2 profession/, W.TRANCHE_2_PROFESSION_POINTS],
    ['a gatekeeper profession', person({ personProfile: { profession: 'financial_advisor' } }), /^Profession 'financial_advisor' \(financial adviser\)/, W.GATEKEEPER_PROFESSION_POINTS],
    ['a Tranche 2 dealer', person({ personProfile: { profession: 'bullion dealer' } }), /^Profession 'bullion dealer' \(dealer in precious metals and stones\) is a Tranche 2 business/, W.VALUE_DEALER_PROFESSION_POINTS],
    ['a value-transfer profession', person({ personProfile: { profession: 'Remitter' } }), "Profession 'Remitter' (remittance provider) is a cash-intensive or value-transfer business", W.VALUE_DEALER_PROFESSION_POINTS],
    ['a public function', person({ personProfile: { profession: 'Senator' } }), /confirm whether the customer is a politically exposed person$/, W.PUBLIC_FUNCTION_PROFESSION_POINTS],
    ['a trust', organisation({ organisationProfile: { legal_status: 'Family Trust' } }), /^Legal status 'Family Trust' is a trust: /, W.OPAQUE_STRUCTURE_POINTS],
    ['a shell company', organisation({ organisationProfile: { legal_status: 'shell' } }), /^Legal status 'shell' is a shell company: /, W.SHELL_COMPANY_POINTS],
    ['a high-risk industry named loosely', organisation({ organisationProfile: { industry_type: 'Online Casino' } }), /^Industry 'Online Casino' \(gambling\) is a higher-risk industry/, W.HIGH_RISK_INDUSTRY_POINTS],
    ['a high-risk industry', organisation({ organisationProfile: { industry_type: 'remittance' } }), /^Industry 'remittance' is a higher-risk industry/, W.HIGH_RISK_INDUSTRY_POINTS],
    ['a Tranche 2 sector', organisation({ organisationProfile: { industry_type: 'real_estate' } }), /^Industry 'real_estate' is a Tranche 2 sector/, W.TRANCHE_2_SECTOR_POINTS],
    ['a sanctioned officer', organisation({ organisationProfile: { has_sanctions: true } }), /^An officer or director of the organisation is on a sanctions list/, W.OFFICER_SANCTIONED_POINTS],
    ['a sanctioned entity', organisation({ organisationProfile: { is_sanctioned: true } }), /^The organisation itself is on a sanctions list/, W.ENTITY_SANCTIONED_POINTS],
    [
      'a declared high-risk country',
      organisation({ organisationProfile: { is_high_risk_country: true } }),
      /^The organisation operates in a FATF high-risk jurisdiction/,
      W.DECLARED_HIGH_RISK_COUNTRY_POINTS,
    ],
    ['a call-for-action nationality', person({ nationalityCode: 'KP' }), /^Nationality KP is on the FATF call-for-action list \(as of June 2026\)/, W.FATF_CALL_FOR_ACTION_POINTS],
    ['an increased-monitoring country of operation', person({ countryCode: 'VN' }), 'Country of operation VN is under FATF increased monitoring (as of June 2026): Vietnam', W.FATF_INCREASED_MONITORING_POINTS],
    ['a sanctioned country of incorporation', organisation({ incorporationCountryCode: 'RU' }), 'Country of incorporation RU is under broad Australian sanctions measures (DFAT): Russia', W.SANCTIONED_JURISDICTION_POINTS],
  ];

  it.each(cases)('should name %s and add its weight', (_name, input, factor, points) => {
    const contributions = collectRiskContributions(input);
    expect(contributions).toHaveLength(1);
    const [only] = contributions;
    if (typeof factor === 'string') expect(only?.factor).toBe(factor);
    else expect(only?.factor).toMatch(factor);
    expect(only?.points).toBe(points);
    expect(assessRisk(input).risk_factors).toEqual([only?.factor]);
  });

  it('should raise nothing for a resident met face to face with an ordinary profession in Australia', () => {
    const input = person({ personProfile: { resident_status: 'resident', profession: 'nurse', client_visit_type: 'face_to_face' }, nationalityCode: 'AU', countryCode: 'AU' });
    expect(collectRiskContributions(input)).toEqual([]);
  });

  it('should read the spec defaults into an empty profile, so it raises nothing', () => {
    expect(collectRiskContributions(person())).toEqual([]);
    expect(collectRiskContributions(organisation())).toEqual([]);
  });

  it('should say that a country is both called for action and under Australian sanctions', () => {
    const [factor] = assessRisk(person({ nationalityCode: 'IR' })).risk_factors;
    expect(factor).toBe('Nationality IR is on the FATF call-for-action list (as of June 2026) and is under broad Australian sanctions measures (DFAT): Iran');
  });

  it('should ignore links and profiles that belong to the other entity type', () => {
    const input: RiskInput = { ...person({ incorporationCountryCode: 'KP', organisationProfile: { is_sanctioned: true } }) };
    expect(collectRiskContributions(input)).toEqual([]);
    expect(collectRiskContributions(organisation({ nationalityCode: 'KP', personProfile: { resident_status: 'non_resident' } }))).toEqual([]);
  });

  it('should cap the points of several jurisdiction links but still name each', () => {
    const contributions = collectRiskContributions(person({ nationalityCode: 'IR', countryCode: 'KP' }));
    expect(contributions.map((c) => c.factor)).toEqual([expect.stringMatching(/^Nationality IR/), expect.stringMatching(/^Country of operation KP/)]);
    expect(contributions.reduce((sum, c) => sum + c.points, 0)).toBe(W.JURISDICTION_POINTS_CAP);
  });

  it('should count each list kind once, at its strongest match, while naming every match strongest first', () => {
    const matches: RiskInput['matches'] = [
      { listKind: 'pep', score: 0.85, matchedName: 'B', source: 'opensanctions:peps' },
      { listKind: 'sanctions', score: 0.82, matchedName: 'A', source: 'un' },
      { listKind: 'sanctions', score: 0.95, matchedName: 'A', source: 'dfat' },
    ];
    const contributions = collectRiskContributions(person({ matches }));
    expect(contributions.map((c) => [c.rule, c.points])).toEqual([
      ['sanctions_match', W.CONFIRMED_SANCTIONS_MATCH_POINTS],
      ['possible_sanctions_match', 0],
      ['pep_match', W.PEP_MATCH_POINTS],
    ]);
  });

  it('should name at most the strongest matches and summarise the rest', () => {
    const matches = Array.from({ length: W.MAX_LISTED_MATCHES + 3 }, (_, i) => ({ listKind: 'other' as const, score: 0.8, matchedName: `Name ${i}`, source: 'other' }));
    const factors = assessRisk(person({ matches })).risk_factors;
    expect(factors).toHaveLength(W.MAX_LISTED_MATCHES + 1);
    expect(factors.at(-1)).toBe("3 further watchlist matches not listed here; see the scan's matches");
  });
});
