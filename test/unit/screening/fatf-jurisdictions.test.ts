import { describe, expect, it } from 'vitest';
import countries from 'i18n-iso-countries';
import {
  FATF_CALL_FOR_ACTION,
  FATF_INCREASED_MONITORING,
  FATF_LISTS_AS_OF,
  FATF_STATEMENT_PUBLISHED_ON,
  FATF_STATEMENTS_URL,
  type ListedJurisdiction,
} from '../../../src/modules/screening/risk/fatf-jurisdictions.data';
import { AUSTRALIAN_SANCTIONED_JURISDICTIONS, SANCTIONS_REGIMES_URL } from '../../../src/modules/screening/risk/sanctioned-jurisdictions.data';

const ASSIGNED = new Set(Object.keys(countries.getAlpha2Codes()));
const codes = (list: readonly ListedJurisdiction[]) => list.map((j) => j.code);

describe('FATF jurisdiction lists', () => {
  const lists: [string, readonly ListedJurisdiction[]][] = [
    ['call for action', FATF_CALL_FOR_ACTION],
    ['increased monitoring', FATF_INCREASED_MONITORING],
    ['Australian sanctioned jurisdictions', AUSTRALIAN_SANCTIONED_JURISDICTIONS],
  ];

  it.each(lists)('should hold only assigned ISO 3166-1 alpha-2 codes in upper case (%s)', (_name, list) => {
    for (const { code, name } of list) {
      expect(code).toMatch(/^[A-Z]{2}$/);
      expect(ASSIGNED.has(code), code).toBe(true);
      expect(name.length).toBeGreaterThan(0);
    }
  });

  it.each(lists)('should list each code once, in alphabetical order (%s)', (_name, list) => {
    expect(new Set(codes(list)).size).toBe(list.length);
    expect(codes(list)).toEqual([...codes(list)].sort());
  });

  it('should never put a country on both FATF lists', () => {
    const black = new Set(codes(FATF_CALL_FOR_ACTION));
    expect(codes(FATF_INCREASED_MONITORING).filter((code) => black.has(code))).toEqual([]);
  });

  it('should reproduce the June 2026 statements: DPRK, Iran and Myanmar called for action, 22 under monitoring', () => {
    expect(codes(FATF_CALL_FOR_ACTION)).toEqual(['IR', 'KP', 'MM']);
    expect(FATF_INCREASED_MONITORING).toHaveLength(22);
    expect(codes(FATF_INCREASED_MONITORING)).toEqual(expect.arrayContaining(['BA', 'IQ', 'KW', 'PG', 'VG']));
    for (const removed of ['DZ', 'NA', 'ZA', 'NG', 'BF', 'MZ']) expect(codes(FATF_INCREASED_MONITORING)).not.toContain(removed);
  });

  it('should state the date and source of the statement it reproduces', () => {
    expect(FATF_STATEMENT_PUBLISHED_ON).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const published = new Date(`${FATF_STATEMENT_PUBLISHED_ON}T00:00:00Z`);
    const month = published.toLocaleString('en-AU', { month: 'long', timeZone: 'UTC' });
    expect(FATF_LISTS_AS_OF).toBe(`${month} ${published.getUTCFullYear()}`);
    expect(['February', 'June', 'October']).toContain(month);
    expect(FATF_STATEMENTS_URL).toBe('https://www.fatf-gafi.org/en/publications/High-risk-and-other-monitored-jurisdictions.html');
    expect(SANCTIONS_REGIMES_URL).toMatch(/^https:\/\/www\.dfat\.gov\.au\//);
  });
});
