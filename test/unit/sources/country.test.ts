import { describe, expect, it } from 'vitest';
import { countriesFromText, countryFromCode, resolveCountry } from '../../../src/sources/common/country';

describe('resolveCountry', () => {
  it('resolves the names the lists use to ISO alpha-2', () => {
    expect(resolveCountry('Russian Federation')).toBe('RU');
    expect(resolveCountry('Syria')).toBe('SY');
    expect(resolveCountry("Democratic People's Republic of Korea")).toBe('KP');
    expect(resolveCountry('Korea, North')).toBe('KP');
    expect(resolveCountry('Iran (Islamic Republic of)')).toBe('IR');
    expect(resolveCountry('Türkiye')).toBe('TR');
    expect(resolveCountry('United Kingdom of Great Britain and Northern Ireland')).toBe('GB');
    expect(resolveCountry('Burma')).toBe('MM');
  });

  it('resolves nationality adjectives but not ambiguous ones', () => {
    expect(resolveCountry('Iranian')).toBe('IR');
    expect(resolveCountry(' Saudi Arabian ')).toBe('SA');
    expect(resolveCountry('Congolese')).toBeNull();
  });

  it('gives null for placeholders and regions', () => {
    expect(resolveCountry('na')).toBeNull();
    expect(resolveCountry('Region: Crimea')).toBeNull();
  });
});

describe('countriesFromText', () => {
  it('splits the ways DFAT lists several countries', () => {
    expect(countriesFromText('Afghanistan, Pakistan')).toEqual(['AF', 'PK']);
    expect(countriesFromText('a) Sudan b) South Sudan')).toEqual(['SD', 'SS']);
    expect(countriesFromText('Australia and Egypt')).toEqual(['AU', 'EG']);
    expect(countriesFromText('Somalia;\nKenya')).toEqual(['SO', 'KE']);
  });

  it('keeps names containing "and" whole and unresolved text as published', () => {
    expect(countriesFromText('Trinidad and Tobago, United States of America')).toEqual(['TT', 'US']);
    expect(countriesFromText('a) Russian b) USSR (until 1991)')).toEqual(['RU', 'USSR (until 1991)']);
  });
});

describe('countryFromCode', () => {
  it('upper-cases ISO codes and keeps anything else', () => {
    expect(countryFromCode('ru')).toBe('RU');
    expect(countryFromCode('suhh')).toBe('suhh');
  });
});
