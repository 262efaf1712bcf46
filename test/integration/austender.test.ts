import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openOrm, type Orm } from '../../src/db/orm';
import { sql } from '../../src/db/sql';
import { queryAustender } from '../../src/modules/registers/austender-query';
import { writeAustenderReleases } from '../../src/modules/registers/austender-release.store';
import { storeRegisterFile } from '../../src/modules/registers/register-file.store';
import { fetchAustenderReleases } from '../../src/sources/austender/fetch';
import { UnexpectedFormatError } from '../../src/sources/listed-entity';
import { austenderPackage, austenderRelease, malformedRelease, writeAustenderPackage } from '../../scripts/register-fixtures/austender';
import { testConfig } from '../helpers/test-config';

const tag = randomBytes(3).toString('hex');
const AGENCY_A = `Department of Integration Tests ${tag}`;
const AGENCY_B = `Australian Test Authority ${tag}`;
const cn = (n: number) => `CN9${tag}${n}`;

/** Page 1: three notices and a release without contracts; page 2: a notice published 1 July (Canberra) and an amendment of the first. */
const PAGE_1 = [
  austenderRelease(0, { cnId: cn(1), agency: AGENCY_A, date: '2025-06-02T01:00:00Z', amount: '50000.00' }),
  austenderRelease(1, { cnId: cn(2), agency: AGENCY_A, date: '2025-06-15T03:00:00Z', amount: 250000 }),
  austenderRelease(2, { cnId: cn(3), agency: AGENCY_B, date: '2025-06-20T05:00:00Z', amount: '1,000,000.00', supplierName: 'Coral Sea Consulting Pty Ltd', supplierAbn: '90629363328', startDay: '2025-07-01', endDay: '2026-06-30' }),
  malformedRelease('no-contracts'),
];
const PAGE_2 = [
  austenderRelease(3, { cnId: cn(4), agency: AGENCY_A, date: '2025-06-30T15:30:00Z', amount: '75000.50' }),
  austenderRelease(0, { cnId: cn(1), agency: AGENCY_A, date: '2025-06-25T00:00:00Z', amount: '120000.00', amendment: 1 }),
];

describe('AusTender contract notices: fetched page by page, stored as a version, queried', () => {
  let orm: Orm;
  let server: Server;
  let base: string;
  const requests: string[] = [];
  const dir = mkdtempSync(join(tmpdir(), 'austender-it-'));
  const file = join(dir, 'releases.ndjson');

  beforeAll(async () => {
    orm = await openOrm(testConfig().db);
    server = createServer((req, res) => {
      const url = new URL(req.url ?? '/', base);
      requests.push(`${url.pathname}${url.search}`);
      const json = (status: number, body: unknown) => void res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      const window = /^\/(\w+)\/ocds\/findByDates\/contractPublished\/([^/]+)\/([^/]+)$/.exec(url.pathname);
      if (!window) return json(404, { message: 'Not Found' });
      const [, mode, from, to] = window;
      const self = `${base}${url.pathname}`;
      if (mode === 'broken') return json(500, { message: 'Internal server error' });
      if (mode === 'html') return void res.writeHead(200, { 'content-type': 'text/html' }).end('<html><body>Maintenance</body></html>');
      if (mode === 'loop') return json(200, austenderPackage([austenderRelease(7)], { next: `${self}?cursor=same`, self }));
      if (mode !== 'ok') return json(404, { message: 'Not Found' });
      if (from !== '2025-06-01T00:00:00Z' || to !== '2025-07-01T23:59:59Z') return json(400, { message: `unexpected window ${from}/${to}` });
      // The API's next link is absolute and carries a cursor; the last page has none.
      if (url.searchParams.get('cursor') === 'page2') return json(200, austenderPackage(PAGE_2, { self: `${self}?cursor=page2` }));
      return json(200, austenderPackage(PAGE_1, { next: `${self}?cursor=page2`, self }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => server?.close(() => resolve()));
    await orm?.close(true);
    rmSync(dir, { recursive: true, force: true });
  });

  const window = { from: new Date('2025-06-01T00:00:00Z'), to: new Date('2025-07-01T23:59:59.500Z') };

  it('follows links.next to the last page, writing one NDJSON line per page', async () => {
    const pages: [number, number][] = [];
    const result = await fetchAustenderReleases({ baseUrl: `${base}/ok/ocds/`, ...window, destPath: file, onPage: (page, releases) => pages.push([page, releases]) });
    expect(result).toEqual({ pages: 2, releases: 6 });
    expect(pages).toEqual([
      [1, 4],
      [2, 6],
    ]);
    expect(requests).toEqual([
      '/ok/ocds/findByDates/contractPublished/2025-06-01T00:00:00Z/2025-07-01T23:59:59Z',
      '/ok/ocds/findByDates/contractPublished/2025-06-01T00:00:00Z/2025-07-01T23:59:59Z?cursor=page2',
    ]);
    const lines = readFileSync(file, 'utf8').trimEnd().split('\n');
    expect(lines.map((line) => (JSON.parse(line) as { releases: unknown[] }).releases.length)).toEqual([4, 2]);
  });

  it('stores the file as a version, reporting the unreadable release, and finds the same file unchanged', async () => {
    const em = orm.em.fork();
    const first = await storeRegisterFile(em, 'austender', writeAustenderReleases, { path: file, origin: 'test:austender', workflowId: null });
    expect(first).toMatchObject({ source: 'austender', status: 'succeeded', recordCount: 5, problemCount: 1 });
    expect(first.versionNumber).toBeGreaterThanOrEqual(1);
    const rows = await sql<{ release_id: string; cn_id: string; agency_key: string; value_aud: string; supplier_abn: string | null; start_date: string; load_id: string }[]>(
      em,
      `select release_id, cn_id, agency_key, value_aud::text as value_aud, supplier_abn, start_date::text as start_date, load_id from austender_contracts where cn_id = any(?) order by cn_id, published_at`,
      [[cn(1), cn(2), cn(3), cn(4)]],
    );
    expect(rows.map((r) => [r.cn_id, r.value_aud])).toEqual([
      [cn(1), '50000.00'],
      [cn(1), '120000.00'],
      [cn(2), '250000.00'],
      [cn(3), '1000000.00'],
      [cn(4), '75000.50'],
    ]);
    expect(rows.every((r) => r.load_id === first.loadId)).toBe(true);
    expect(rows.find((r) => r.cn_id === cn(3))).toMatchObject({ agency_key: AGENCY_B.toLowerCase(), supplier_abn: '90629363328', start_date: '2025-07-01' });
    const [load] = await sql<{ problems: { location: string; message: string }[] }[]>(em, `select problems from register_loads where id = ?`, [first.loadId]);
    expect(load!.problems).toEqual([{ location: expect.stringMatching(/^line 1 releases\[3\]/), message: expect.stringMatching(/has no contracts/) }]);

    const again = await storeRegisterFile(orm.em.fork(), 'austender', writeAustenderReleases, { path: file, origin: 'test:austender', workflowId: null });
    expect(again).toMatchObject({ status: 'unchanged', versionNumber: null, recordCount: 0 });
  });

  it('answers by agency (any case, part of the name), newest first, one row per notice with its latest release', async () => {
    const em = orm.em.fork();
    const result = await queryAustender(em, { agency: `  integration   TESTS ${tag.toUpperCase()} `, limit: 50, offset: 0 });
    expect(result.total).toBe(3);
    expect(result.contracts.map((c) => [c.cn_id, c.value_aud])).toEqual([
      [cn(4), 75000.5],
      [cn(1), 120000],
      [cn(2), 250000],
    ]);
    expect(result.last_refreshed).not.toBeNull();
    const b = await queryAustender(em, { agency: AGENCY_B, limit: 50, offset: 0 });
    expect(b.contracts).toEqual([
      {
        cn_id: cn(3),
        agency: AGENCY_B,
        supplier_name: 'Coral Sea Consulting Pty Ltd',
        supplier_abn: '90629363328',
        title: expect.any(String),
        value_aud: 1000000,
        published_at: '2025-06-20T05:00:00.000Z',
        start_date: '2025-07-01',
        end_date: '2026-06-30',
        source_url: `https://api.tenders.gov.au/ocds/findById/${cn(3)}`,
      },
    ]);
  });

  it('filters publication days inclusively in Canberra time', async () => {
    const em = orm.em.fork();
    const june = await queryAustender(em, { agency: AGENCY_A, from: '2025-06-01', to: '2025-06-30', limit: 50, offset: 0 });
    expect(june.contracts.map((c) => c.cn_id)).toEqual([cn(1), cn(2)]);
    // 2025-06-30T15:30Z is 1 July, 01:30 in Canberra
    const july = await queryAustender(em, { agency: AGENCY_A, from: '2025-07-01', to: '2025-07-01', limit: 50, offset: 0 });
    expect(july.contracts.map((c) => c.cn_id)).toEqual([cn(4)]);
    const oneDay = await queryAustender(em, { agency: AGENCY_A, from: '2025-06-15', to: '2025-06-15', limit: 50, offset: 0 });
    expect(oneDay.contracts.map((c) => c.cn_id)).toEqual([cn(2)]);
    // before its amendment, the first notice answers with its original value
    const early = await queryAustender(em, { agency: AGENCY_A, to: '2025-06-20', limit: 50, offset: 0 });
    expect(early.contracts.map((c) => [c.cn_id, c.value_aud])).toEqual([
      [cn(2), 250000],
      [cn(1), 50000],
    ]);
  });

  it('filters by value inclusively, on each notice’s latest release, and pages', async () => {
    const em = orm.em.fork();
    const mid = await queryAustender(em, { agency: AGENCY_A, min_value: 120000, max_value: 250000, limit: 50, offset: 0 });
    expect(mid.contracts.map((c) => c.cn_id)).toEqual([cn(1), cn(2)]);
    const small = await queryAustender(em, { agency: AGENCY_A, max_value: 60000, limit: 50, offset: 0 });
    expect(small).toMatchObject({ contracts: [], total: 0 });
    const smallEarly = await queryAustender(em, { agency: AGENCY_A, to: '2025-06-20', max_value: 60000, limit: 50, offset: 0 });
    expect(smallEarly.contracts.map((c) => [c.cn_id, c.value_aud])).toEqual([[cn(1), 50000]]);
    const page = await queryAustender(em, { agency: AGENCY_A, limit: 1, offset: 1 });
    expect(page).toMatchObject({ total: 3, contracts: [{ cn_id: cn(1) }] });
    const beyond = await queryAustender(em, { agency: AGENCY_A, limit: 10, offset: 10 });
    expect(beyond).toMatchObject({ total: 3, contracts: [] });
  });

  it('fails a file with no readable contract instead of recording an empty refresh', async () => {
    const path = join(dir, 'nothing.json');
    await writeAustenderPackage(path, [malformedRelease('no-contracts'), malformedRelease('no-id')]);
    await expect(storeRegisterFile(orm.em.fork(), 'austender', writeAustenderReleases, { path, origin: 'test:austender', workflowId: null })).rejects.toBeInstanceOf(UnexpectedFormatError);
    const [load] = await sql<{ status: string; problem_count: number }[]>(orm.em.fork(), `select status, problem_count from register_loads where source = 'austender' order by started_at desc limit 1`);
    expect(load).toEqual({ status: 'failed', problem_count: 3 });
  });

  it('throws on a 500, a body that is not JSON and a paging loop, leaving no partial file', async () => {
    const dest = join(dir, 'failed.ndjson');
    await expect(fetchAustenderReleases({ baseUrl: `${base}/broken/ocds`, ...window, destPath: dest })).rejects.toThrow(/answered 500 Internal Server Error/);
    expect(existsSync(dest)).toBe(false);
    await expect(fetchAustenderReleases({ baseUrl: `${base}/html/ocds`, ...window, destPath: dest })).rejects.toThrow(/not JSON/);
    await expect(fetchAustenderReleases({ baseUrl: `${base}/loop/ocds`, ...window, destPath: dest })).rejects.toThrow(/paging loop/);
    expect(existsSync(dest)).toBe(false);
    writeFileSync(dest, 'stale');
    await expect(fetchAustenderReleases({ baseUrl: `${base}/loop/ocds`, ...window, destPath: dest, maxPages: 1 })).rejects.toThrow(/more than 1 pages/);
    expect(existsSync(dest)).toBe(false);
  });
});
