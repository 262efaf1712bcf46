import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FullScanRequestSchema } from '../../src/modules/screening/scan-request.schema';
import { createTestClient } from '../helpers/identity';
import { loadFixtureList, loadStandardFixtures } from '../helpers/lists';
import { writeSimpleCsv } from '../helpers/synthetic-lists';
import { testConfig } from '../helpers/test-config';
import { startTestApp, type TestApp } from '../helpers/test-app';

describe('the list versions a scan records', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(testConfig());
    await loadStandardFixtures(app.deps.orm.em.fork());
    await app.deps.screening.index.rebuild();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('are the versions it was screened against, even when a new version is swapped in while it is being stored', async () => {
    const freshness = app.deps.screening.freshness;
    const original = freshness.staleness.bind(freshness);
    const newSource = `opensanctions:swap_${randomUUID().slice(0, 8)}`;
    // A new list version lands and every process swaps its index while this scan awaits its freshness check.
    freshness.staleness = async (...args) => {
      const result = await original(...args);
      await loadFixtureList(app.deps.orm.em.fork(), { source: newSource as `opensanctions:${string}`, path: writeSimpleCsv([{ id: 'S-1', schema: 'Person', name: 'Swapped Inbetween' }]) });
      await app.deps.screening.index.rebuild();
      return result;
    };
    try {
      const owner = await createTestClient(app.deps.orm.em.fork(), app.deps.config.auth.encryptionKey);
      const scan = await app.deps.screening.scans.create(app.deps.orm.em.fork(), { owner, request: FullScanRequestSchema.parse({ entity_type: 'person', name: 'Versioned Person' }) });
      const [row] = await app.deps.orm.em.fork().getConnection().execute<{ list_versions: { source: string }[] }[]>('select list_versions from scans where id = ?', [scan.scanId]);
      const recorded = row!.list_versions.map((v) => v.source).sort();
      expect(recorded).toEqual([...scan.response.scan_result.sources_checked].sort());
      expect(recorded).not.toContain(newSource);
      expect(app.deps.screening.index.current().versions.map((v) => v.source)).toContain(newSource);
    } finally {
      freshness.staleness = original;
    }
  });
});
