import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchList } from '../../src/modules/watchlists/list-fetcher';

/** A local stand-in for the UN list's web server: serves the fixture with an ETag and honours If-None-Match. */
describe('fetching a list from its configured URL', () => {
  const body = readFileSync(join(__dirname, '..', 'fixtures', 'lists', 'un', 'consolidated.xml'));
  const etag = '"un-2026-02-27"';
  const seen: { path: string; ifNoneMatch: string | undefined }[] = [];
  let server: Server;
  let base: string;

  beforeAll(async () => {
    server = createServer((req, res) => {
      seen.push({ path: req.url ?? '', ifNoneMatch: req.headers['if-none-match'] });
      // A fresh connection per request: a kept-alive one the server times out (5 s) just as the next request reuses it resets on a slow machine.
      res.setHeader('connection', 'close');
      if (req.url !== '/un/consolidated.xml') return void res.writeHead(404).end('not found');
      if (req.headers['if-none-match'] === etag) return void res.writeHead(304).end();
      res.writeHead(200, { 'content-type': 'application/xml', etag }).end(body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('downloads from the configured URL, then asks conditionally and gets not-modified', async () => {
    const first = await fetchList({ source: 'un' }, {}, { un: `${base}/un/consolidated.xml` });
    expect(first.status).toBe('ready');
    if (first.status !== 'ready') return;
    expect(first.origin).toBe(`${base}/un/consolidated.xml`);
    expect(readFileSync(first.path)).toEqual(body);
    expect(first.validators.main?.etag).toBe(etag);

    const second = await fetchList({ source: 'un' }, first.validators, { un: `${base}/un/consolidated.xml` });
    expect(second).toEqual({ status: 'not_modified' });
    expect(seen.at(-1)).toEqual({ path: '/un/consolidated.xml', ifNoneMatch: etag });
  });

  it('refuses an error page instead of parsing it as a list', async () => {
    await expect(fetchList({ source: 'un' }, {}, { un: `${base}/missing.xml` })).rejects.toThrow(/404/);
  });
});
