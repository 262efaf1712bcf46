/**
 * A release's candidates split into pages that run at once: the pages cover every candidate once, in id
 * ranges, hold at most the sweep's page size, and spread even a small release over several pages.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../../src/db/sql';
import { candidatePageSize, MIN_CANDIDATE_PAGE, planCandidatePages } from '../../src/modules/monitoring/candidate-pages';
import { enrol } from '../../src/modules/monitoring/enrolments';
import { sweepPage } from '../../src/modules/monitoring/sweep-page';
import { FullScanRequestSchema } from '../../src/modules/screening/scan-request.schema';
import { createTestClient } from '../helpers/identity';
import { testConfig } from '../helpers/test-config';
import { startTestApp, type TestApp } from '../helpers/test-app';

describe('the pages of a release’s candidates', () => {
  let app: TestApp;
  const candidates: string[] = [];
  const sweepKey = `pages-${randomUUID()}`;
  const em = () => app.deps.orm.em.fork();

  beforeAll(async () => {
    app = await startTestApp(testConfig());
    const owner = await createTestClient(em(), app.deps.config.auth.encryptionKey, { plan: 'enterprise' });
    for (let i = 0; i < 130; i++) {
      const name = `Paginia Candidata ${String.fromCharCode(97 + (i % 26))}${String.fromCharCode(97 + Math.floor(i / 26))}x`;
      const scan = await app.deps.screening.scans.create(em(), { owner, request: FullScanRequestSchema.parse({ entity_type: 'person', name }) });
      const { enrolment } = await enrol(em(), owner, { scanId: scan.scanId, entityName: name, entityType: 'person', webhookUrl: null });
      // Four in five are candidates of the release; its pages must never sweep the fifth.
      if (i % 5 !== 0) candidates.push(enrolment.enrolment_id);
    }
    await sql(em(), 'insert into change_rescreen_candidates (sweep_key, enrolment_id) select ?, unnest(?::uuid[])', [sweepKey, `{${candidates.join(',')}}`]);
  }, 120_000);
  afterAll(async () => {
    await app?.close();
  });

  it('are sized to spread over the parallel pages, within the page size and above the least worth a page', () => {
    expect(candidatePageSize(996, { pageSize: 1000, parallelPages: 4 })).toBe(249);
    expect(candidatePageSize(60_000, { pageSize: 1000, parallelPages: 4 })).toBe(1000);
    expect(candidatePageSize(10, { pageSize: 1000, parallelPages: 4 })).toBe(MIN_CANDIDATE_PAGE);
  });

  it('cover every candidate once, in id ranges, when their pages are swept at the same time', async () => {
    const { pageLasts } = await planCandidatePages(em(), { sweepKey, pageSize: 1000, parallelPages: 4 });
    const size = candidatePageSize(candidates.length, { pageSize: 1000, parallelPages: 4 });
    expect(pageLasts).toHaveLength(Math.ceil(candidates.length / size));
    const sorted = [...candidates].sort();
    expect(pageLasts.at(-1)).toBe(sorted.at(-1));

    const pages = await Promise.all(
      pageLasts.map((upTo, i) => sweepPage(em(), app.deps.screening, { sweepKey, after: i === 0 ? null : pageLasts[i - 1]!, upTo, pageSize: 1000, versionId: randomUUID() })),
    );
    expect(pages.map((p) => p.processed)).toEqual(pageLasts.map((_, i) => (i < pageLasts.length - 1 ? size : candidates.length - size * (pageLasts.length - 1))));
    expect(pages.reduce((sum, p) => sum + p.processed, 0)).toBe(candidates.length);
  }, 60_000);

  it('hold at most the sweep’s page size', async () => {
    const { pageLasts } = await planCandidatePages(em(), { sweepKey, pageSize: 40, parallelPages: 2 });
    expect(pageLasts).toHaveLength(Math.ceil(candidates.length / 40));
  });

  it('are none when the release reached no one', async () => {
    expect(await planCandidatePages(em(), { sweepKey: `none-${randomUUID()}`, pageSize: 1000, parallelPages: 4 })).toEqual({ pageLasts: [] });
  });
});
