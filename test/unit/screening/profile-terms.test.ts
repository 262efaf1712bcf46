import { describe, expect, it } from 'vitest';
import { findProfileTerm, wordsOf } from '../../../src/modules/screening/risk/profile-terms';
import { INDUSTRIES, LEGAL_STRUCTURES, PROFESSIONS } from '../../../src/modules/screening/risk/profile-vocabulary.data';

describe('#wordsOf', () => {
  it('should lower-case, drop accents and split on any separator', () => {
    expect(wordsOf('Real-Estate_agent  (Sydney)')).toEqual(['real', 'estate', 'agent', 'sydney']);
    expect(wordsOf('Joaillier / Bijoutière')).toEqual(['joaillier', 'bijoutiere']);
    expect(wordsOf(' -_ ')).toEqual([]);
  });
});

describe('#findProfileTerm', () => {
  const professions: [string, string | undefined][] = [
    ['accountant', 'accountant'],
    ['Chartered Accountant', 'accountant'],
    ['ACCOUNTANTS', 'accountant'],
    ['real_estate_agent', 'real estate agent'],
    ['Real Estate Agent', 'real estate agent'],
    ['real-estate agent', 'real estate agent'],
    ['RealEstateAgent', 'real estate agent'],
    ['realestate agent', 'real estate agent'],
    ['Solicitor (commercial)', 'lawyer'],
    ['trust_company_service_provider', 'trust and company service provider'],
    ['precious_metals_dealer', 'dealer in precious metals and stones'],
    ['Jeweller', 'jeweller'],
    ['financial_advisor', 'financial adviser'],
    ['Member of Parliament', 'politician'],
    ['software engineer', undefined],
    ['general practitioner', undefined],
    ['', undefined],
  ];

  it.each(professions)('should read profession %j as %j', (text, label) => {
    expect(findProfileTerm(text, PROFESSIONS)?.label).toBe(label);
  });

  const structures: [string, string | undefined][] = [
    ['trust', 'trust'],
    ['Discretionary Trust', 'trust'],
    ['shell', 'shell company'],
    ['Shell-Company', 'shell company'],
    ['shelf_company', 'shelf company'],
    ['nominee', 'nominee arrangement'],
    ['foundation', 'foundation'],
    ['shell trust', 'shell company'],
    ['private_company', undefined],
    ['shellfish_farm', undefined],
  ];

  it.each(structures)('should read legal status %j as %j', (text, label) => {
    expect(findProfileTerm(text, LEGAL_STRUCTURES)?.label).toBe(label);
  });

  const industries: [string, string | undefined][] = [
    ['gambling', 'gambling'],
    ['Online Casino', 'gambling'],
    ['remittance', 'remittance'],
    ['money_service_business', 'money service business'],
    ['cryptocurrency', 'digital currency'],
    ['digital_currency_exchange', 'digital currency'],
    ['precious_metals', 'precious metals and stones'],
    ['arms', 'arms and weapons'],
    ['real_estate', 'real estate'],
    ['financial_services', undefined],
    ['farms', undefined],
    ['Gold Coast tourism', undefined],
    ['video gaming', undefined],
  ];

  it.each(industries)('should read industry %j as %j', (text, label) => {
    expect(findProfileTerm(text, INDUSTRIES)?.label).toBe(label);
  });

  it('should find nothing in a missing text', () => {
    expect(findProfileTerm(null, PROFESSIONS)).toBeUndefined();
    expect(findProfileTerm(undefined, INDUSTRIES)).toBeUndefined();
  });
});
