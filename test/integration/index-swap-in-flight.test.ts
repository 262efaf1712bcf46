import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FullScanRequestSchema } from '../../src/modules/screening/scan-request.schema';
import { createTestClient, tokenFor } from '../helpers/identity';
import { loadFixtureList } from '../helpers/lists';
import { writeSimpleCsv } from '../helpers/synthetic-lists';
import { testConfig } from '../helpers/test-config';
import { startTestApp, type TestApp } from '../helpers/test-app';

/** A name no other fixture lists, so every match it gets comes from this test's own dataset. */
const LISTED_NAME = 'Ortwin Quillfeather';

interface ScanBody {
  scan_result: { matches: { listed_entity_id: string }[] };
  metadata: { data_sources: string[] };
}

describe('a list version swapped in while scans are in flight (index built in a worker thread)', () => {
  const dataset = `inflight_${randomUUID().slice(0, 8)}`;
  const source = `opensanctions:${dataset}` as const;
  let app: TestApp;
  let token: string;

  /** Version n of the dataset lists the name under source id Q-n only. */
  const landVersion = (n: number) => loadFixtureList(app.deps.orm.em.fork(), { source, path: writeSimpleCsv([{ id: `Q-${n}`, schema: 'Person', name: LISTED_NAME }]) });
  /** The dataset's version a response names (each response must name exactly one). */
  const versionNamed = (body: ScanBody): number => {
    const named = body.metadata.data_sources.filter((s) => s.startsWith(`OpenSanctions dataset ${dataset} v`));
    expect(named).toHaveLength(1);
    return Number(/ v(\d+) /.exec(named[0]!)![1]);
  };
  const ownMatches = (body: ScanBody) => body.scan_result.matches.map((m) => m.listed_entity_id).filter((id) => id.startsWith(`${source}:`));

  beforeAll(async () => {
    app = await startTestApp(testConfig({ MATCH_INDEX_WORKER_FROM_ENTITIES: '0' }));
    await landVersion(1);
    await app.deps.screening.index.rebuild();
    const client = await createTestClient(app.deps.orm.em.fork(), app.deps.config.auth.encryptionKey, { plan: 'enterprise', customRequestsPerMinute: 100_000 });
    token = await tokenFor(app.url, client);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('completes against the index it started with: the old version named, and only the old version\'s entity matched', async () => {
    const freshness = app.deps.screening.freshness;
    const original = freshness.staleness.bind(freshness);
    // The scan has searched; before it answers, version 2 lands and the worker-built index is swapped in.
    freshness.staleness = async (...args) => {
      freshness.staleness = original;
      await landVersion(2);
      await app.deps.screening.index.rebuild();
      return original(...args);
    };
    const owner = await createTestClient(app.deps.orm.em.fork(), app.deps.config.auth.encryptionKey);
    const inFlight = await app.deps.screening.scans.create(app.deps.orm.em.fork(), { owner, request: FullScanRequestSchema.parse({ entity_type: 'person', name: LISTED_NAME }) });
    expect(versionNamed(inFlight.response as unknown as ScanBody)).toBe(1);
    expect(ownMatches(inFlight.response as unknown as ScanBody)).toEqual([`${source}:Q-1`]);

    const after = await app.deps.screening.scans.create(app.deps.orm.em.fork(), { owner, request: FullScanRequestSchema.parse({ entity_type: 'person', name: LISTED_NAME }) });
    expect(versionNamed(after.response as unknown as ScanBody)).toBe(2);
    expect(ownMatches(after.response as unknown as ScanBody)).toEqual([`${source}:Q-2`]);
  }, 60_000);

  it('keeps answering while the worker builds: every answer names one version and matches that version\'s entity only', async () => {
    await landVersion(3);
    let swapped = false;
    const rebuild = app.deps.screening.index.rebuild().then(() => (swapped = true));
    const answers: { body: ScanBody; beforeSwap: boolean }[] = [];
    const scan = async () => {
      const beforeSwap = !swapped;
      const res = await fetch(`${app.url}/v1/scans/full`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ entity_type: 'person', name: LISTED_NAME }),
      });
      expect(res.status).toBe(200);
      answers.push({ body: (await res.json()) as ScanBody, beforeSwap });
    };
    while (!swapped) await Promise.all([scan(), new Promise((r) => setTimeout(r, 20))]);
    await rebuild;
    await scan();

    for (const { body } of answers) {
      const version = versionNamed(body);
      expect([2, 3]).toContain(version);
      expect(ownMatches(body)).toEqual([`${source}:Q-${version}`]);
    }
    // Scans were answered during the build (from the old version), and the new version answers after it.
    expect(answers.filter((a) => a.beforeSwap && versionNamed(a.body) === 2).length).toBeGreaterThan(3);
    expect(versionNamed(answers.at(-1)!.body)).toBe(3);
  }, 60_000);
});
