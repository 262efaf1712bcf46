import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadListsOnFirstStart } from '../../src/lists-on-first-start';
import { FullScanRequestSchema } from '../../src/modules/screening/scan-request.schema';
import { LIST_SNAPSHOT_DIR, readSnapshotManifest } from '../../src/modules/watchlists/list-snapshot';
import { createTestClient } from '../helpers/identity';
import { LIST_FIXTURES } from '../helpers/lists';
import { freePort } from '../helpers/own-postgres';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { testConfig } from '../helpers/test-config';
import { startTestWorker, type TestWorker } from '../helpers/test-worker';
import { cloneTemplateDatabase } from '../helpers/template-database';
import { testRun } from '../helpers/test-run';

/** A listed person of the DFAT snapshot (reference 3 of the 2026-02-24 list). */
const LISTED = { name: 'Raed Muhammad Hasan Muhammad HIJAZI', dob: '1968-12-30' };

/** A stand-in for the publisher: answers HEAD, and GET with the file it is given (or a page of HTML). */
async function publisher(body: Buffer): Promise<{ url: string; gets: () => number; close(): Promise<void> }> {
  let gets = 0;
  const server: Server = createServer((req, res) => {
    if (req.method === 'GET') gets += 1;
    res.writeHead(200, { 'content-type': 'application/octet-stream' });
    res.end(req.method === 'HEAD' ? undefined : body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/list.xlsx`, gets: () => gets, close: () => new Promise((r) => server.close(() => r())) };
}

describe('lists on first start', () => {
  let closeUrl: string;

  /** A deployment of its own: a fresh migrated database (no list loaded), its own task queue, DFAT as its one list. */
  async function deployment(listUrl: string): Promise<{ app: TestApp; worker: TestWorker; stop(): Promise<void> }> {
    const config = testConfig({
      DATABASE_URL: await cloneTemplateDatabase(`${testRun().fileId}_${randomUUID().slice(0, 8)}`),
      TEMPORAL_TASK_QUEUE: `first-start-${randomUUID()}`,
      PIPELINE_SCHEDULED_SOURCES: 'dfat',
      LIST_URL_DFAT: listUrl,
    });
    const worker = await startTestWorker(config);
    const app = await startTestApp(config);
    return { app, worker, stop: async () => (await app.close(), await worker.stop()) };
  }

  const firstLoad = (d: { app: TestApp }) =>
    loadListsOnFirstStart({ config: d.app.deps.config, orm: d.app.deps.orm, client: d.app.deps.temporal.client, workDir: join(tmpdir(), `snapshots-${randomUUID()}`), log: () => {} });

  beforeAll(async () => {
    closeUrl = `http://127.0.0.1:${await freePort()}/nothing-listens-here.xlsx`;
  });

  it('loads the dated snapshot when the official URL does not answer: a listed name matches, named with its date and called stale', async () => {
    const d = await deployment(closeUrl);
    try {
      const loads = await firstLoad(d);
      expect(loads.map((l) => [l.source, l.from, l.published])).toEqual([['dfat', 'snapshot', readSnapshotManifest().lists.dfat.published]]);
      const result = await loads[0]!.result;
      expect(result.outcome).toBe('created');
      expect(result.version!.entityCount).toBeGreaterThan(3_000);
      await d.app.deps.screening.index.rebuild();

      const owner = await createTestClient(d.app.deps.orm.em.fork(), d.app.deps.config.auth.encryptionKey);
      const scan = await d.app.deps.screening.scans.create(d.app.deps.orm.em.fork(), { owner, request: FullScanRequestSchema.parse({ entity_type: 'person', ...LISTED }) });
      const body = scan.response as unknown as { scan_result: { matches: { source: string }[]; source_staleness: string }; metadata: { data_sources: string[] } };
      expect(body.scan_result.matches.some((m) => m.source === 'dfat')).toBe(true);
      expect(body.scan_result.source_staleness).toBe('stale');
      expect(body.metadata.data_sources.join(' ')).toContain('published 2026-02-24');

      const health = (await (await fetch(`${d.app.url}/health`)).json()) as { components: { watchlists: { detail: string; loaded: Record<string, { origin: string; published_at: string }> } } };
      expect(health.components.watchlists.loaded.dfat).toMatchObject({ origin: 'file', published_at: '2026-02-24' });
      expect(health.components.watchlists.detail).toBe('dfat v1 (a copy published 2026-02-24)');

      // A second start finds the list loaded and starts nothing.
      expect(await firstLoad(d)).toEqual([]);
    } finally {
      await d.stop();
    }
  });

  it('downloads from the official URL when it answers, and the version carries no publication date', async () => {
    const official = await publisher(readFileSync(join(LIST_FIXTURES, 'dfat', 'consolidated-current.xlsx')));
    const d = await deployment(official.url);
    try {
      const loads = await firstLoad(d);
      expect(loads.map((l) => [l.source, l.from])).toEqual([['dfat', 'official']]);
      expect((await loads[0]!.result).outcome).toBe('created');
      expect(official.gets()).toBe(1);
      const [row] = await d.app.deps.orm.em.fork().getConnection().execute<{ origin: string; published_at: string | null }[]>('select origin, published_at from list_versions');
      expect(row).toEqual({ origin: official.url, published_at: null });
    } finally {
      await d.stop();
      await official.close();
    }
  });

  it('falls back to the snapshot when the official download fails', async () => {
    const broken = await publisher(Buffer.from('<html>maintenance</html>'));
    const d = await deployment(broken.url);
    try {
      const [load] = await firstLoad(d);
      expect(load!.from).toBe('official');
      expect((await load!.result).outcome).toBe('created');
      const rows = await d.app.deps.orm.em.fork().getConnection().execute<{ published_at: string }[]>(`select to_char(published_at, 'YYYY-MM-DD') as published_at from list_versions`);
      expect(rows).toEqual([{ published_at: '2026-02-24' }]);
      const runs = await d.app.deps.orm.em.fork().getConnection().execute<{ status: string }[]>('select status from pipeline_runs order by started_at');
      expect(runs.map((r) => r.status)).toEqual(['failed', 'succeeded']);
    } finally {
      await d.stop();
      await broken.close();
    }
  });

  it('keeps its snapshot files where the manifest says', () => {
    const manifest = readSnapshotManifest();
    for (const list of Object.values(manifest.lists)) {
      for (const file of [list.file, list.alt, list.add].filter((f): f is string => !!f)) expect(readFileSync(join(LIST_SNAPSHOT_DIR, file)).length).toBeGreaterThan(100_000);
      expect(list.published).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(list.licence.length).toBeGreaterThan(10);
    }
  });
});
