import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openOrm, type Orm } from '../../src/db/orm';
import { sql } from '../../src/db/sql';
import { lookupAbnCached, storedAbnLookup } from '../../src/modules/registers/abn-lookup.store';
import { checkAbn } from '../../src/sources/common/business-numbers';
import { AbnLookupClient, AbnLookupRejectedError, AbnLookupUnavailableError } from '../../src/sources/abn-lookup/client';
import { parseJsonp } from '../../src/sources/abn-lookup/jsonp';
import { UnexpectedFormatError } from '../../src/sources/listed-entity';
import {
  CAPTURED_COMPANY_ABN,
  CAPTURED_COMPANY_ACN,
  CAPTURED_TRUST_ABN,
  GUID_NOT_RECOGNISED,
  capturedAbnLookupAnswers,
  startAbnLookupServer,
  type AbnLookupServer,
} from '../helpers/abn-lookup-server';
import { testConfig } from '../helpers/test-config';

const GUID = '5d0c8b7e-1f2a-4c3d-9e8f-abn-lookup-test';
const HOUR = 3_600_000;

// Valid ABNs (checksum) that no other test file uses: this file's rows are its own.
const CACHED_ABN = '95471173493';
const CHANGING_ABN = '25999583278';
const UNKNOWN_ABN = '31864452323';
const FAILING_ABN = '84022765333';
const OWN_ABNS = [CACHED_ABN, CHANGING_ABN, UNKNOWN_ABN, FAILING_ABN];

const answer = (abn: string, name: string, extra: Record<string, unknown> = {}) => ({
  Abn: abn,
  AbnStatus: 'Active',
  AbnStatusEffectiveFrom: '2015-03-02',
  Acn: abn.slice(2),
  AddressDate: '2015-03-02',
  AddressPostcode: '3000',
  AddressState: 'VIC',
  BusinessName: ['Example Trading', 'Example Trading'],
  EntityName: name,
  EntityTypeCode: 'PRV',
  EntityTypeName: 'Australian Private Company',
  Gst: '2015-04-01',
  Message: '',
  ...extra,
});

describe('ABN Lookup client against the JSONP protocol', () => {
  let server: AbnLookupServer;
  let client: AbnLookupClient;

  beforeAll(async () => {
    for (const abn of OWN_ABNS) expect(checkAbn(abn).valid, abn).toBe(true);
    server = await startAbnLookupServer({ guid: GUID, records: [answer(CACHED_ABN, 'CACHED EXAMPLE PTY LTD')] });
    client = new AbnLookupClient({ baseUrl: server.baseUrl, guid: GUID, timeoutMs: 2_000 });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('answers JSONP in the callback asked for, as text/javascript', async () => {
    const url = `${server.baseUrl}AbnDetails.aspx?abn=${CAPTURED_TRUST_ABN}&callback=jQuery1124_99&guid=${GUID}`;
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    const body = await response.text();
    expect(body.startsWith('jQuery1124_99({"Abn":"74172177893"')).toBe(true);
    expect(parseJsonp(body)).toEqual(capturedAbnLookupAnswers().trustAbnDetails);
  });

  it('reads a found ABN (the real captured answer), sending abn, callback and guid', async () => {
    const before = server.count('AbnDetails.aspx');
    const record = await client.abnDetails(CAPTURED_TRUST_ABN);
    expect(record).toMatchObject({ abn: CAPTURED_TRUST_ABN, found: true, status: 'active', name: 'THE TRUSTEE FOR PSS FUND', entityTypeCode: 'CSP', gstFrom: '2000-07-01', state: 'ACT' });
    expect(server.count('AbnDetails.aspx')).toBe(before + 1);
    expect(server.received.at(-1)).toEqual({ path: '/json/AbnDetails.aspx', query: { abn: CAPTURED_TRUST_ABN, callback: 'callback', guid: GUID } });

    const company = await client.abnDetails(CAPTURED_COMPANY_ABN);
    expect(company).toMatchObject({ found: true, name: 'BUNNINGS GROUP LIMITED', entityTypeName: 'Australian Public Company' });
    expect(company.businessNames.filter((n) => n === 'BUNNINGS WAREHOUSE')).toHaveLength(1);
  });

  it('serves AcnDetails as captured, with the 9-digit ACN in Abn', async () => {
    const response = await fetch(`${server.baseUrl}AcnDetails.aspx?acn=${CAPTURED_COMPANY_ACN}&callback=cb&guid=${GUID}`);
    const json = parseJsonp(await response.text()) as Record<string, unknown>;
    expect(json).toMatchObject({ Abn: '008672179', EntityName: 'BUNNINGS GROUP LIMITED', Message: '' });
  });

  it('reads an ABN the register does not hold as not found, with the service\'s message', async () => {
    const record = await client.abnDetails('51824753556');
    expect(record).toMatchObject({ abn: '51824753556', found: false, message: 'No record found', status: null, name: null, businessNames: [] });
  });

  it('throws AbnLookupRejectedError for a GUID the service does not recognise, never naming the GUID', async () => {
    const wrong = new AbnLookupClient({ baseUrl: server.baseUrl, guid: 'not-the-registered-guid' });
    const err = await wrong.abnDetails(CAPTURED_TRUST_ABN).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AbnLookupRejectedError);
    expect((err as AbnLookupRejectedError).serviceMessage).toBe(GUID_NOT_RECOGNISED);
    expect((err as Error).message).not.toContain('not-the-registered-guid');
    await expect(wrong.matchingNames('department of industry')).rejects.toBeInstanceOf(AbnLookupRejectedError);
  });

  it('throws naming the status when the service answers 500, and recovers after', async () => {
    server.failNext(1);
    const err = await client.abnDetails(CAPTURED_TRUST_ABN).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AbnLookupUnavailableError);
    expect((err as Error).message).toMatch(/AbnDetails\.aspx answered HTTP 500/);
    expect((err as Error).message).not.toContain(GUID);
    expect((await client.abnDetails(CAPTURED_TRUST_ABN)).found).toBe(true);
  });

  it('gives up after its timeout', async () => {
    server.stallNext(1, 5_000);
    const quick = new AbnLookupClient({ baseUrl: server.baseUrl.replace(/\/$/, ''), guid: GUID, timeoutMs: 200 });
    const started = Date.now();
    const err = await quick.abnDetails(CAPTURED_TRUST_ABN).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AbnLookupUnavailableError);
    expect((err as Error).message).toContain('timed out after 200 ms');
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('throws UnexpectedFormatError when something other than the service answers 200 with HTML', async () => {
    const elsewhere = new AbnLookupClient({ baseUrl: server.baseUrl.replace('/json/', '/not-json/'), guid: GUID });
    await expect(elsewhere.abnDetails(CAPTURED_TRUST_ABN)).rejects.toBeInstanceOf(AbnLookupUnavailableError); // a 404 page
    const html = (async () => new Response('<html><body>Down for maintenance</body></html>', { status: 200, headers: { 'Content-Type': 'text/html' } })) as typeof fetch;
    await expect(new AbnLookupClient({ baseUrl: server.baseUrl, guid: GUID, fetchImpl: html }).abnDetails(CAPTURED_TRUST_ABN)).rejects.toBeInstanceOf(UnexpectedFormatError);
  });

  it('searches names: the captured hits with their status codes, and the records it holds', async () => {
    const names = await client.matchingNames('department of industry', 20);
    expect(names[0]).toEqual({ abn: '74599608295', name: 'DEPARTMENT OF INDUSTRY', nameType: 'Entity Name', status: 'active', isCurrent: true, score: 100, state: 'ACT', postcode: '2601' });
    expect(names.find((n) => n.abn === '94200796476')).toMatchObject({ status: 'cancelled', score: 97 });
    expect(await client.matchingNames('department of industry', 3)).toHaveLength(3);
    expect(server.received.at(-1)!.query).toMatchObject({ name: 'department of industry', maxResults: '3', callback: 'callback' });
    expect(await client.matchingNames('cached example')).toEqual([
      { abn: CACHED_ABN, name: 'CACHED EXAMPLE PTY LTD', nameType: 'Entity Name', status: 'active', isCurrent: true, score: 90, state: 'VIC', postcode: '3000' },
    ]);
    expect(await client.matchingNames('zzqx nothing')).toEqual([]);
  });
});

describe('ABN Lookup answers cached in PostgreSQL', () => {
  let orm: Orm;
  let server: AbnLookupServer;
  let client: AbnLookupClient;
  const t0 = new Date('2026-11-25T01:00:00.000Z');
  const at = (hours: number) => new Date(t0.getTime() + hours * HOUR);

  beforeAll(async () => {
    orm = await openOrm(testConfig().db);
    await sql(orm.em.fork(), 'delete from abn_lookup_responses where abn = any(?)', [OWN_ABNS]);
    server = await startAbnLookupServer({
      guid: GUID,
      records: [answer(CACHED_ABN, 'CACHED EXAMPLE PTY LTD'), answer(CHANGING_ABN, 'BEFORE THE CHANGE PTY LTD'), answer(FAILING_ABN, 'FAILING EXAMPLE PTY LTD')],
    });
    client = new AbnLookupClient({ baseUrl: server.baseUrl, guid: GUID, timeoutMs: 2_000 });
  });
  afterAll(async () => {
    if (orm) {
      await sql(orm.em.fork(), 'delete from abn_lookup_responses where abn = any(?)', [OWN_ABNS]);
      await orm.close(true);
    }
    await server?.close();
  });

  it('fetches and stores the mapped record, then answers from the store within the window without asking again', async () => {
    expect(await storedAbnLookup(orm.em.fork(), CACHED_ABN)).toBeNull();
    const first = await lookupAbnCached(orm.em.fork(), client, CACHED_ABN, { now: t0, cacheHours: 24 });
    expect(first).toMatchObject({ fromCache: false, fetchedAt: t0.toISOString(), record: { abn: CACHED_ABN, found: true, name: 'CACHED EXAMPLE PTY LTD', acn: '471173493', businessNames: ['Example Trading'] } });
    expect(server.count('AbnDetails.aspx')).toBe(1);

    const [row] = await sql<{ abn: string; found: boolean; response: unknown; fetched_at: Date }[]>(orm.em.fork(), 'select abn, found, response, fetched_at from abn_lookup_responses where abn = ?', [CACHED_ABN]);
    expect(row).toMatchObject({ abn: CACHED_ABN, found: true });
    expect(row!.response).toEqual(first.record);
    expect(new Date(row!.fetched_at).toISOString()).toBe(t0.toISOString());

    const again = await lookupAbnCached(orm.em.fork(), client, CACHED_ABN, { now: at(23.9), cacheHours: 24 });
    expect(again).toEqual({ record: first.record, fetchedAt: t0.toISOString(), fromCache: true });
    expect(server.count('AbnDetails.aspx')).toBe(1); // no second request
  });

  it('asks the service again once the window has passed, and stores the new answer', async () => {
    const first = await lookupAbnCached(orm.em.fork(), client, CHANGING_ABN, { now: t0, cacheHours: 24 });
    expect(first.record).toMatchObject({ found: true, name: 'BEFORE THE CHANGE PTY LTD', status: 'active' });
    const requests = server.count('AbnDetails.aspx');

    server.put(answer(CHANGING_ABN, 'AFTER THE CHANGE PTY LTD', { AbnStatus: 'Cancelled', AbnStatusEffectiveFrom: '2026-11-25' }));
    expect((await lookupAbnCached(orm.em.fork(), client, CHANGING_ABN, { now: at(12), cacheHours: 24 })).record.name).toBe('BEFORE THE CHANGE PTY LTD');
    expect(server.count('AbnDetails.aspx')).toBe(requests);

    const later = await lookupAbnCached(orm.em.fork(), client, CHANGING_ABN, { now: at(24), cacheHours: 24 });
    expect(later).toMatchObject({ fromCache: false, fetchedAt: at(24).toISOString(), record: { name: 'AFTER THE CHANGE PTY LTD', status: 'cancelled', statusFrom: '2026-11-25' } });
    expect(server.count('AbnDetails.aspx')).toBe(requests + 1);
    expect(await storedAbnLookup(orm.em.fork(), CHANGING_ABN)).toEqual({ record: later.record, fetchedAt: at(24).toISOString() });
  });

  it('caches "not found" too', async () => {
    const first = await lookupAbnCached(orm.em.fork(), client, UNKNOWN_ABN, { now: t0, cacheHours: 24 });
    expect(first.record).toMatchObject({ found: false, message: 'No record found' });
    const requests = server.count('AbnDetails.aspx');
    expect(await lookupAbnCached(orm.em.fork(), client, UNKNOWN_ABN, { now: at(1), cacheHours: 24 })).toMatchObject({ fromCache: true, record: { found: false } });
    expect(server.count('AbnDetails.aspx')).toBe(requests);
    const [row] = await sql<{ found: boolean }[]>(orm.em.fork(), 'select found from abn_lookup_responses where abn = ?', [UNKNOWN_ABN]);
    expect(row!.found).toBe(false);
  });

  it('stores nothing when the service fails or refuses the GUID, and keeps an older answer', async () => {
    server.failNext(1);
    await expect(lookupAbnCached(orm.em.fork(), client, FAILING_ABN, { now: t0, cacheHours: 24 })).rejects.toBeInstanceOf(AbnLookupUnavailableError);
    expect(await storedAbnLookup(orm.em.fork(), FAILING_ABN)).toBeNull();

    const refused = new AbnLookupClient({ baseUrl: server.baseUrl, guid: 'revoked-guid' });
    await expect(lookupAbnCached(orm.em.fork(), refused, FAILING_ABN, { now: t0, cacheHours: 24 })).rejects.toBeInstanceOf(AbnLookupRejectedError);
    expect(await storedAbnLookup(orm.em.fork(), FAILING_ABN)).toBeNull();

    const stored = await lookupAbnCached(orm.em.fork(), client, FAILING_ABN, { now: t0, cacheHours: 24 });
    server.failNext(1);
    await expect(lookupAbnCached(orm.em.fork(), client, FAILING_ABN, { now: at(48), cacheHours: 24 })).rejects.toBeInstanceOf(AbnLookupUnavailableError);
    // The old answer is still there for scoring, however old.
    expect(await storedAbnLookup(orm.em.fork(), FAILING_ABN)).toEqual({ record: stored.record, fetchedAt: t0.toISOString() });
  });

  it('keeps a newer answer another lookup stored while this one was fetching', async () => {
    const concurrent = { abn: CHANGING_ABN, found: true, name: 'STORED MEANWHILE PTY LTD' };
    const slow = {
      abnDetails: async (abn: string) => {
        const record = await client.abnDetails(abn);
        await sql(orm.em.fork(), 'update abn_lookup_responses set response = ?::jsonb, fetched_at = ? where abn = ?', [JSON.stringify({ ...record, ...concurrent }), at(200).toISOString(), abn]);
        return record;
      },
    };
    const mine = await lookupAbnCached(orm.em.fork(), slow, CHANGING_ABN, { now: at(100), cacheHours: 24 });
    expect(mine).toMatchObject({ fromCache: false, fetchedAt: at(100).toISOString(), record: { name: 'AFTER THE CHANGE PTY LTD' } });
    expect(await storedAbnLookup(orm.em.fork(), CHANGING_ABN)).toMatchObject({ fetchedAt: at(200).toISOString(), record: { name: 'STORED MEANWHILE PTY LTD' } });
  });
});
