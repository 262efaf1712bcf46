import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enrol } from '../../src/modules/monitoring/enrolments';
import { sweepPage } from '../../src/modules/monitoring/sweep-page';
import { FullScanRequestSchema } from '../../src/modules/screening/scan-request.schema';
import { createTestClient } from '../helpers/identity';
import { loadFixtureList } from '../helpers/lists';
import { writeSimpleCsv } from '../helpers/synthetic-lists';
import { testConfig } from '../helpers/test-config';
import { startTestApp, type TestApp } from '../helpers/test-app';

describe('two sweeps of different sources running at once', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(testConfig());
  });
  afterAll(async () => {
    await app?.close();
  });

  it('alert once on a match both of them see as new', async () => {
    const owner = await createTestClient(app.deps.orm.em.fork(), app.deps.config.auth.encryptionKey, { plan: 'enterprise' });
    const name = `Concurrentia Sweepova ${randomUUID().slice(0, 6).replace(/\d/g, 'x')}`;
    const scan = await app.deps.screening.scans.create(app.deps.orm.em.fork(), { owner, request: FullScanRequestSchema.parse({ entity_type: 'person', name }) });
    const { enrolment } = await enrol(app.deps.orm.em.fork(), owner, { scanId: scan.scanId, entityName: name, entityType: 'person', webhookUrl: null });
    await loadFixtureList(app.deps.orm.em.fork(), { source: `opensanctions:conc_${randomUUID().slice(0, 8)}`, path: writeSimpleCsv([{ id: 'CONC-1', schema: 'Person', name }]) });
    await app.deps.screening.index.rebuild();

    const sweep = (sweepKey: string) => sweepPage(app.deps.orm.em.fork(), app.deps.screening, { sweepKey, after: null, pageSize: 5_000 });
    await Promise.all([sweep(`conc-a-${randomUUID()}`), sweep(`conc-b-${randomUUID()}`)]);

    const alerts = await app.deps.orm.em.fork().getConnection().execute<{ new_matches: { listed_entity_id: string }[] }[]>(
      'select new_matches from monitoring_alerts where enrolment_id = ?',
      [enrolment.enrolment_id],
    );
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.new_matches.map((m) => m.listed_entity_id)).toHaveLength(1);
  }, 120_000);
});
