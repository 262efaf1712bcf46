import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AbnLookupClient, AbnLookupRejectedError, AbnLookupUnavailableError } from '../../../src/sources/abn-lookup/client';
import { parseJsonp } from '../../../src/sources/abn-lookup/jsonp';
import { classifyMessage, mapAbnDetails, mapMatchingNames } from '../../../src/sources/abn-lookup/map';
import { UnexpectedFormatError } from '../../../src/sources/listed-entity';

/** The captured answers, copied whole from the shared data by `npx tsx scripts/cut-fixtures.ts registers`. */
const CAPTURED_DIR = resolve(__dirname, '../../fixtures/registers/formats/abn-lookup');

/** A real answer captured from the service, as it sent it (compact, JSONP-wrapped). */
function captured(name: string): { json: unknown; jsonp: string } {
  const json = JSON.parse(readFileSync(resolve(CAPTURED_DIR, name), 'utf8')) as unknown;
  return { json, jsonp: `callback(${JSON.stringify(json)})` };
}

const EMPTY = { Abn: '', AbnStatus: '', AbnStatusEffectiveFrom: '', Acn: '', AddressDate: null, AddressPostcode: '', AddressState: '', BusinessName: [], EntityName: '', EntityTypeCode: '', EntityTypeName: '', Gst: null };
const GUID = '0a1b2c3d-4e5f-4a6b-8c7d-secretsecret';

/** A `fetch` answering one body, recording the URLs asked for. */
function answering(body: string, init: ResponseInit = { status: 200, headers: { 'Content-Type': 'text/javascript; charset=utf-8' } }) {
  const urls: URL[] = [];
  const fetchImpl = (async (input: string | URL | Request) => {
    urls.push(new URL(input instanceof Request ? input.url : input));
    return new Response(body, init);
  }) as typeof fetch;
  return { urls, client: new AbnLookupClient({ baseUrl: 'https://abr.example/json', guid: GUID, fetchImpl }) };
}

describe('ABN Lookup JSONP', () => {
  it('strips the wrapper whatever the callback is called, with or without a trailing semicolon and whitespace', () => {
    expect(parseJsonp('callback({"Abn":"74172177893"})')).toEqual({ Abn: '74172177893' });
    expect(parseJsonp(' jQuery112404_1700000000000({"Message":"x (y) )"});\n')).toEqual({ Message: 'x (y) )' });
    expect(parseJsonp('abnCallback (\n{"Names":[]}\n) ;')).toEqual({ Names: [] });
    expect(parseJsonp('window.app.cb({"a":1})')).toEqual({ a: 1 });
    expect(parseJsonp('$_cb1({"a":"callback(x)"})')).toEqual({ a: 'callback(x)' });
    expect(parseJsonp('/**/cb({"a":1});')).toEqual({ a: 1 });
    expect(parseJsonp('\uFEFFcallback({"a":1})')).toEqual({ a: 1 });
  });

  it('takes bare JSON', () => {
    expect(parseJsonp('{"Names":[]}')).toEqual({ Names: [] });
    expect(parseJsonp('\n  {"Message":""}  \n')).toEqual({ Message: '' });
  });

  it('refuses an HTML error page, an empty body, a broken wrapper and anything not an object', () => {
    const html = "<!DOCTYPE html><html><head><title>Runtime Error</title></head><body><h1>Server Error in '/' Application.</h1></body></html>";
    for (const text of [html, '', '   ', 'callback({"Abn":', 'callback({"a":1}', 'callback()', 'alert(1); callback({"a":1})', 'null', '"text"', '[1,2]', 'callback([])', '42']) {
      expect(() => parseJsonp(text), JSON.stringify(text)).toThrow(UnexpectedFormatError);
    }
    try {
      parseJsonp(html);
    } catch (err) {
      expect((err as UnexpectedFormatError).source).toBe('abn_lookup');
    }
  });

  it('reads a real captured answer in its wire form', () => {
    const { json, jsonp } = captured('AbnDetails_trust_2018.json');
    expect(parseJsonp(jsonp)).toEqual(json);
  });
});

describe('ABN Lookup AbnDetails answers', () => {
  it('maps the real 2018 trust answer, which predates AbnStatusEffectiveFrom and Acn', () => {
    expect(mapAbnDetails('74172177893', captured('AbnDetails_trust_2018.json').json)).toEqual({
      abn: '74172177893',
      found: true,
      message: null,
      status: 'active',
      statusFrom: null,
      name: 'THE TRUSTEE FOR PSS FUND',
      entityTypeCode: 'CSP',
      entityTypeName: 'Commonwealth Government APRA Regulated Public Sector Scheme',
      acn: null,
      gstFrom: '2000-07-01',
      businessNames: [],
      state: 'ACT',
      postcode: '2601',
    });
    expect(mapAbnDetails('74 172 177 893', captured('AbnDetails_trust_2018.json').json)).toMatchObject({ abn: '74172177893', found: true });
  });

  it('does not take the 9-digit Abn of the real AcnDetails answer as the ABN asked for', () => {
    const answer = captured('AcnDetails_company_2018.json').json as Record<string, unknown>;
    expect(answer.Abn).toBe('008672179'); // the capture really holds the ACN there
    const record = mapAbnDetails('26008672179', answer);
    expect(record).toMatchObject({ abn: '26008672179', found: false, name: null, status: null, businessNames: [], state: null });
    expect(mapAbnDetails('008672179', answer).found).toBe(false); // nor is a 9-digit request ever "found"
  });

  it('maps the real company answer under its 11-digit ABN, each business name once', () => {
    const answer = { ...(captured('AcnDetails_company_2018.json').json as object), Abn: '26008672179' };
    const record = mapAbnDetails('26008672179', answer);
    expect(record).toMatchObject({ found: true, name: 'BUNNINGS GROUP LIMITED', entityTypeCode: 'PUB', status: 'active', gstFrom: '2000-07-01', state: 'VIC', postcode: '3123', acn: null });
    expect(record.businessNames).toHaveLength(17); // 28 in the answer, with repeats
    expect(new Set(record.businessNames).size).toBe(record.businessNames.length);
    expect(record.businessNames.slice(0, 3)).toEqual(['Hibberson Street Centre', 'home@gladesville', 'Gladesville Homemaker Centre']);
    expect(record.businessNames.filter((n) => n === 'BUNNINGS WAREHOUSE')).toHaveLength(1);
  });

  it('maps a newer answer: status effective date, ACN, cancelled, GST empty or null', () => {
    const newer = {
      Abn: '53004085616',
      AbnStatus: 'Cancelled',
      AbnStatusEffectiveFrom: '2019-03-01',
      Acn: '004085616',
      AddressDate: null,
      AddressPostcode: '2000',
      AddressState: 'NSW',
      BusinessName: ['Alpha', 'ALPHA', ' Beta  Co ', '', null, { OrganisationName: 'Gamma' }],
      EntityName: 'ALPHA PTY LTD',
      EntityTypeCode: 'PRV',
      EntityTypeName: 'Australian Private Company',
      Gst: '',
      Message: '',
    };
    expect(mapAbnDetails('53004085616', newer)).toEqual({
      abn: '53004085616',
      found: true,
      message: null,
      status: 'cancelled',
      statusFrom: '2019-03-01',
      name: 'ALPHA PTY LTD',
      entityTypeCode: 'PRV',
      entityTypeName: 'Australian Private Company',
      acn: '004085616',
      gstFrom: null,
      businessNames: ['Alpha', 'Beta Co', 'Gamma'],
      state: 'NSW',
      postcode: '2000',
    });
    expect(mapAbnDetails('53004085616', { ...newer, Gst: null, AbnStatus: 'Active' })).toMatchObject({ gstFrom: null, status: 'active' });
    expect(mapAbnDetails('53004085616', { ...newer, Gst: '2001-07-01T00:00:00' }).gstFrom).toBe('2001-07-01');
  });

  it('treats every key as optional', () => {
    expect(mapAbnDetails('51824753556', { Abn: '51824753556' })).toEqual({
      abn: '51824753556', found: true, message: null, status: null, statusFrom: null, name: null, entityTypeCode: null,
      entityTypeName: null, acn: null, gstFrom: null, businessNames: [], state: null, postcode: null,
    });
    for (const json of [{}, null, undefined, 'text', []]) expect(mapAbnDetails('51824753556', json).found, JSON.stringify(json)).toBe(false);
  });

  it('reads "not found", an invalid number and a refused GUID as not found, with their message and no identifiers', () => {
    expect(mapAbnDetails('51824753556', { ...EMPTY, Message: 'No record found' })).toMatchObject({ found: false, message: 'No record found', status: null, name: null });
    expect(mapAbnDetails('51824753556', { ...EMPTY, Message: 'Search text is not a valid ABN or ACN' })).toMatchObject({ found: false, message: 'Search text is not a valid ABN or ACN' });
    expect(mapAbnDetails('51824753556', { ...EMPTY, Message: 'The GUID entered is not recognised as a Registered Party' })).toMatchObject({ found: false, businessNames: [] });
    // Some answers echo the ABN asked for, and nothing else, with the reason.
    expect(mapAbnDetails('51824753556', { ...EMPTY, Abn: '51824753556', Message: 'No record found' })).toMatchObject({ found: false, message: 'No record found', status: null });
    // An answer about another ABN is not this one.
    expect(mapAbnDetails('51824753556', { Abn: '74172177893', AbnStatus: 'Active', EntityName: 'OTHER', Message: '' }).found).toBe(false);
  });

  it('tells the service messages apart', () => {
    expect(classifyMessage('')).toBe('none');
    expect(classifyMessage(null)).toBe('none');
    expect(classifyMessage('No record found')).toBe('not_found');
    expect(classifyMessage('No records found')).toBe('not_found');
    expect(classifyMessage('Search text is not a valid ABN or ACN')).toBe('not_found');
    expect(classifyMessage('The GUID entered is not recognised as a Registered Party')).toBe('refused');
    expect(classifyMessage('The party identified by this GUID has not been registered for the requested service')).toBe('refused');
    expect(classifyMessage('The registration for the party identified by this GUID has been cancelled. Please contact ABNLookup.Support@industry.gov.au for assistance')).toBe('refused');
    expect(classifyMessage('System problems have prevented this request from completing')).toBe('other');
  });
});

describe('ABN Lookup MatchingNames answers', () => {
  it('maps the real answer, whose status is a code, not a word', () => {
    const names = mapMatchingNames(captured('MatchingNames_2018.json').json);
    expect(names).toHaveLength(10);
    expect(names[0]).toEqual({ abn: '74599608295', name: 'DEPARTMENT OF INDUSTRY', nameType: 'Entity Name', status: 'active', isCurrent: true, score: 100, state: 'ACT', postcode: '2601' });
    expect(names[2]).toEqual({ abn: '84144814556', name: 'DEPARTMENT OF INDUSTRIAL RELATIONS', nameType: 'Trading Name', status: 'cancelled', isCurrent: true, score: 97, state: 'NSW', postcode: '2010' });
    expect(names.filter((n) => n.status === 'cancelled').map((n) => n.abn)).toEqual(['84144814556', '94200796476', '64739088312', '78342684030']);
    expect(names[4]!.postcode).toBe('0810'); // a leading zero kept
  });

  it('keeps only hits with an 11-digit ABN and a name, and reads unknown codes as no status', () => {
    const names = mapMatchingNames({
      Message: '',
      Names: [
        { Abn: '008672179', Name: 'AN ACN', AbnStatus: '0000000001' },
        { Abn: '51824753556', Name: '' },
        { Abn: '51 824 753 556', Name: 'SPACED', AbnStatus: '0000000003', Score: '88', IsCurrent: 'false' },
        'junk',
      ],
    });
    expect(names).toEqual([{ abn: '51824753556', name: 'SPACED', nameType: null, status: null, isCurrent: false, score: 88, state: null, postcode: null }]);
    expect(mapMatchingNames({ Message: 'No records found', Names: [] })).toEqual([]);
    expect(mapMatchingNames({ Message: 'The GUID entered is not recognised as a Registered Party' })).toEqual([]);
    expect(mapMatchingNames(null)).toEqual([]);
  });
});

describe('ABN Lookup client (fetch stubbed)', () => {
  it('asks AbnDetails.aspx with the abn, a callback and the guid', async () => {
    const { urls, client } = answering(`callback(${JSON.stringify(captured('AbnDetails_trust_2018.json').json)})`);
    const record = await client.abnDetails('74 172 177 893');
    expect(record).toMatchObject({ found: true, name: 'THE TRUSTEE FOR PSS FUND' });
    expect(urls[0]!.origin + urls[0]!.pathname).toBe('https://abr.example/json/AbnDetails.aspx');
    expect(Object.fromEntries(urls[0]!.searchParams)).toEqual({ abn: '74172177893', callback: 'callback', guid: GUID });
  });

  it('refuses a malformed ABN before asking', async () => {
    const { urls, client } = answering('callback({})');
    await expect(client.abnDetails('7417217789')).rejects.toThrow(RangeError);
    expect(urls).toHaveLength(0);
  });

  it('throws AbnLookupRejectedError for a refused GUID, without the GUID, even when the service echoes it', async () => {
    const { client } = answering(`callback(${JSON.stringify({ ...EMPTY, Message: `The GUID entered is not recognised as a Registered Party. : ${GUID}` })})`);
    const err = await client.abnDetails('51824753556').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AbnLookupRejectedError);
    expect(String((err as Error).message)).not.toContain(GUID);
    expect(String((err as Error).message)).toContain('not recognised as a Registered Party');
  });

  it('returns not found for "No record found", but throws for the service\'s own trouble rather than calling it not found', async () => {
    expect(await answering(`cb(${JSON.stringify({ ...EMPTY, Message: 'No record found' })})`).client.abnDetails('51824753556')).toMatchObject({ found: false, message: 'No record found' });
    const trouble = answering(`cb(${JSON.stringify({ ...EMPTY, Message: 'System problems have prevented this request from completing' })})`);
    await expect(trouble.client.abnDetails('51824753556')).rejects.toBeInstanceOf(AbnLookupUnavailableError);
  });

  it('throws naming the status for a non-2xx answer, and UnexpectedFormatError for an HTML page answered 200', async () => {
    const failed = answering('<html><body>Service Unavailable</body></html>', { status: 503, statusText: 'Service Unavailable' });
    const err = await failed.client.abnDetails('51824753556').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AbnLookupUnavailableError);
    expect((err as Error).message).toContain('503');
    expect((err as AbnLookupUnavailableError).status).toBe(503);
    expect((err as Error).message).not.toContain(GUID);
    await expect(answering('<html><body>Maintenance</body></html>').client.abnDetails('51824753556')).rejects.toBeInstanceOf(UnexpectedFormatError);
  });

  it('keeps the GUID out of a network failure', async () => {
    const fetchImpl = (async (input: string | URL | Request) => {
      throw new TypeError(`fetch failed for ${String(input)}`, { cause: { code: 'ECONNRESET' } });
    }) as typeof fetch;
    const err = await new AbnLookupClient({ baseUrl: 'https://abr.example/json/', guid: GUID, fetchImpl }).abnDetails('51824753556').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AbnLookupUnavailableError);
    expect((err as Error).message).toContain('ECONNRESET');
    expect((err as Error).message).not.toContain(GUID);
  });

  it('asks MatchingNames.aspx with the name and maxResults', async () => {
    const { urls, client } = answering(`callback(${JSON.stringify(captured('MatchingNames_2018.json').json)})`);
    const names = await client.matchingNames('Department of Industry', 5);
    expect(names).toHaveLength(10); // the service decides how many to send; the client keeps what came
    expect(urls[0]!.pathname).toBe('/json/MatchingNames.aspx');
    expect(Object.fromEntries(urls[0]!.searchParams)).toEqual({ name: 'Department of Industry', maxResults: '5', callback: 'callback', guid: GUID });
    await expect(answering(`callback({"Message":"The GUID entered is not recognised as a Registered Party","Names":[]})`).client.matchingNames('x')).rejects.toBeInstanceOf(AbnLookupRejectedError);
    expect(await answering('callback({"Message":"","Names":[]})').client.matchingNames('nothing like it')).toEqual([]);
  });
});
