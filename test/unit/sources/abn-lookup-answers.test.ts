import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseJsonp } from '../../../src/sources/abn-lookup/jsonp';
import { mapAbnDetails, mapMatchingNames } from '../../../src/sources/abn-lookup/map';
import { UnexpectedFormatError } from '../../../src/sources/listed-entity';
import { sharedDataFile } from '../../helpers/shared-data';

const captured = (name: string) => JSON.parse(readFileSync(sharedDataFile('registers', 'formats', 'abn-lookup', name)!, 'utf8')) as unknown;

describe('ABN Lookup answers', () => {
  it('strips the JSONP wrapper whatever the callback is called, and takes bare JSON', () => {
    expect(parseJsonp('callback({"Abn":"1"})')).toEqual({ Abn: '1' });
    expect(parseJsonp(' jQuery1124_99({"Message":"x (y)"});\n')).toEqual({ Message: 'x (y)' });
    expect(parseJsonp('{"Names":[]}')).toEqual({ Names: [] });
    expect(() => parseJsonp('<html><body>Server Error</body></html>')).toThrow(UnexpectedFormatError);
  });

  it('maps the real AbnDetails answer, treating every key as optional', () => {
    const record = mapAbnDetails('74172177893', captured('AbnDetails_trust_2018.json'));
    expect(record).toEqual({
      abn: '74172177893',
      found: true,
      message: null,
      status: 'active',
      statusFrom: null, // the 2018 answer predates AbnStatusEffectiveFrom
      name: 'THE TRUSTEE FOR PSS FUND',
      entityTypeCode: 'CSP',
      entityTypeName: 'Commonwealth Government APRA Regulated Public Sector Scheme',
      acn: null,
      gstFrom: '2000-07-01',
      businessNames: [],
      state: 'ACT',
      postcode: '2601',
    });
  });

  it('does not take a 9-digit Abn (the real AcnDetails answer holds the ACN there) as the ABN asked for', () => {
    const record = mapAbnDetails('26008672179', captured('AcnDetails_company_2018.json'));
    expect(record).toMatchObject({ found: false, name: null, businessNames: [] });
  });

  it('reads a not-found answer as not found, keeping its message', () => {
    expect(mapAbnDetails('51824753556', { Abn: '', AbnStatus: '', Message: 'No record found', BusinessName: [] })).toMatchObject({ found: false, message: 'No record found', status: null });
  });

  it('maps newer answers: effective date, ACN, de-duplicated business names, cancelled status', () => {
    const record = mapAbnDetails('26008672179', { Abn: '26008672179', AbnStatus: 'Cancelled', AbnStatusEffectiveFrom: '2019-03-01', Acn: '008672179', Gst: '', BusinessName: ['A', 'A', 'B'], EntityName: 'X', Message: '' });
    expect(record).toMatchObject({ found: true, status: 'cancelled', statusFrom: '2019-03-01', acn: '008672179', gstFrom: null, businessNames: ['A', 'B'] });
  });

  it('maps the real MatchingNames answer, whose status is a code', () => {
    const names = mapMatchingNames(captured('MatchingNames_2018.json'));
    expect(names).toHaveLength(10);
    expect(names[0]).toEqual({ abn: '74599608295', name: 'DEPARTMENT OF INDUSTRY', nameType: 'Entity Name', status: 'active', isCurrent: true, score: 100, state: 'ACT', postcode: '2601' });
    expect(mapMatchingNames({ Names: [{ Abn: '84144814556', AbnStatus: '0000000002', Name: 'X' }] })[0]!.status).toBe('cancelled');
  });
});
