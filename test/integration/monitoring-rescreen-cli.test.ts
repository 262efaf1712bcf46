/** `cli monitoring rescreen`: a full re-screen started by an operator, and refused with exit 2 on bad input. */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enrol } from '../../src/modules/monitoring/enrolments';
import { FullScanRequestSchema } from '../../src/modules/screening/scan-request.schema';
import { cliWithEnv } from '../helpers/cli';
import { createTestClient } from '../helpers/identity';
import { testConfig } from '../helpers/test-config';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { startTestWorker, type TestWorker } from '../helpers/test-worker';
import { enrolUnscreenable } from '../helpers/unscreenable-enrolment';


describe('cli monitoring rescreen', () => {
  const config = testConfig({ TEMPORAL_TASK_QUEUE: `rescreen-cli-${randomUUID()}` });
  const temporalEnv = { TEMPORAL_ADDRESS: config.temporal.address!, TEMPORAL_NAMESPACE: config.temporal.namespace, TEMPORAL_TASK_QUEUE: config.temporal.taskQueue };
  let app: TestApp;
  let worker: TestWorker;

  beforeAll(async () => {
    app = await startTestApp(config);
    worker = await startTestWorker(config);
  });
  afterAll(async () => {
    await worker?.stop();
    await app?.close();
  });

  it('re-screens every active enrolment and records each once', async () => {
    const owner = await createTestClient(app.deps.orm.em.fork(), config.auth.encryptionKey, { plan: 'enterprise' });
    const name = 'Perpetua Clementine Rescreenwold';
    const scan = await app.deps.screening.scans.create(app.deps.orm.em.fork(), { owner, request: FullScanRequestSchema.parse({ entity_type: 'person', name }) });
    const { enrolment } = await enrol(app.deps.orm.em.fork(), owner, { scanId: scan.scanId, entityName: name, entityType: 'person', webhookUrl: null });

    const done = await cliWithEnv(temporalEnv, '--json', 'monitoring', 'rescreen', '--page-size', '50');
    expect(done.code, done.stderr).toBe(0);
    const printed = JSON.parse(done.stdout) as { workflow_id: string; customers: number; pages: number };
    const db = app.deps.orm.em.fork().getConnection();
    const [{ active }] = (await db.execute<{ active: number }[]>('select count(*)::int as active from monitoring_enrolments where active')) as [{ active: number }];
    expect(printed.customers).toBe(active);
    const rows = await db.execute<{ n: number }[]>('select count(*)::int as n from rescreen_screenings where rescreen_key = ? and enrolment_id = ?', [printed.workflow_id, enrolment.enrolment_id]);
    expect(rows[0]!.n).toBe(1);
  }, 120_000);

  it('reports a customer whose re-screen keeps failing as failed, after the page retried it, and screens every other', async () => {
    const owner = await createTestClient(app.deps.orm.em.fork(), config.auth.encryptionKey, { plan: 'enterprise' });
    const poison = await enrolUnscreenable(app.deps.orm.em.fork(), owner);

    const done = await cliWithEnv(temporalEnv, '--json', 'monitoring', 'rescreen', '--page-size', '50');
    expect(done.code, done.stderr).toBe(0);
    const printed = JSON.parse(done.stdout) as { workflow_id: string; customers: number; failed: number };
    const db = app.deps.orm.em.fork().getConnection();
    const [{ active }] = (await db.execute<{ active: number }[]>('select count(*)::int as active from monitoring_enrolments where active')) as [{ active: number }];
    expect(printed).toMatchObject({ customers: active - 1, failed: 1 });
    const [{ screened }] = (await db.execute<{ screened: number }[]>('select count(*)::int as screened from rescreen_screenings where rescreen_key = ?', [printed.workflow_id])) as [{ screened: number }];
    expect(screened).toBe(active - 1);
    const failures = await db.execute<{ enrolment_id: string; error: string }[]>('select enrolment_id, error from rescreen_failures where pass_key = ?', [printed.workflow_id]);
    expect(failures).toEqual([{ enrolment_id: poison, error: expect.stringContaining('no letters or digits') }]);
    await db.execute('update monitoring_enrolments set active = false where id = ?', [poison]);
  }, 120_000);

  it('exits 2 on a bad page size and starts nothing', async () => {
    const refused = await cliWithEnv(temporalEnv, 'monitoring', 'rescreen', '--page-size', '0');
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('--page-size must be a whole number from 1 to 100000');
  });
});
