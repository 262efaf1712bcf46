/**
 * A full re-screen shared by two worker processes on one task queue (issue 51): both take pages, one is
 * killed with a page in hand, the other takes that page over at its recorded cursor, and every active
 * enrolment is screened and recorded exactly once.
 */
import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { Client, Connection } from '@temporalio/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enrol } from '../../src/modules/monitoring/enrolments';
import { FullScanRequestSchema } from '../../src/modules/screening/scan-request.schema';
import { sweepSettings } from '../../src/temporal/workflow-inputs';
import { fullRescreenWorkflow } from '../../workflows/full-rescreen';
import { eventually } from '../helpers/https-receiver';
import { createTestClient } from '../helpers/identity';
import { loadFixtureList } from '../helpers/lists';
import { takeProcessTurn } from '../helpers/process-turns';
import { writeSimpleCsv } from '../helpers/synthetic-lists';
import { testConfig } from '../helpers/test-config';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { startWorkerProcess, workerProcessEnv } from '../helpers/worker-process';

const ENROLMENTS = 160;
const PAGE_SIZE = 20;
/** Small chunks, so a page is killed part-way with some of its customers recorded. */
const CHUNK_SIZE = 4;

/** It starts and kills worker processes of its own: takes one of the run's few turns for that (process-turns.ts). */
takeProcessTurn();

describe('a full re-screen shared by two worker processes', () => {
  let app: TestApp;
  let env: Record<string, string>;
  const workers: ChildProcess[] = [];
  const identity = (worker: ChildProcess) => `${hostname()}:${worker.pid}`;

  beforeAll(async () => {
    env = workerProcessEnv(`rescreen-two-${randomUUID()}`);
    app = await startTestApp(testConfig(env));
  });
  afterAll(async () => {
    for (const worker of workers) worker.kill('SIGKILL');
    await app?.close();
  });

  it('spreads pages over both, takes a killed worker’s page over at its cursor, and screens every customer once', async () => {
    const config = app.deps.config;
    const db = () => app.deps.orm.em.fork().getConnection();
    const owner = await createTestClient(app.deps.orm.em.fork(), config.auth.encryptionKey, { plan: 'enterprise' });
    const tag = randomUUID().slice(0, 6).replace(/\d/g, 'k');
    const names = Array.from({ length: ENROLMENTS }, (_, i) => `Rescreen ${tag} Persona${String.fromCharCode(65 + (i % 26))}${String.fromCharCode(65 + Math.floor(i / 26))} Twoworkerov`);
    const enrolmentIds: string[] = [];
    for (const name of names) {
      const scan = await app.deps.screening.scans.create(app.deps.orm.em.fork(), { owner, request: FullScanRequestSchema.parse({ entity_type: 'person', name }) });
      enrolmentIds.push((await enrol(app.deps.orm.em.fork(), owner, { scanId: scan.scanId, entityName: name, entityType: 'person', webhookUrl: null })).enrolment.enrolment_id);
    }
    // Listed after they were enrolled: every one of them has a new match to alert on (slow pages, so the kill lands inside one).
    await loadFixtureList(app.deps.orm.em.fork(), { source: `opensanctions:two_${tag}`, path: writeSimpleCsv(names.map((name, i) => ({ id: `W-${i}`, schema: 'Person', name }))) });

    const [doomed, survivor] = [startWorkerProcess(env), startWorkerProcess(env)];
    workers.push(doomed!, survivor!);
    const connection = await Connection.connect({ address: config.temporal.address });
    const temporal = new Client({ connection, namespace: config.temporal.namespace });
    try {
      const rescreenKey = `rescreen-${randomUUID()}`;
      const handle = await temporal.workflow.start(fullRescreenWorkflow, {
        taskQueue: config.temporal.taskQueue,
        workflowId: rescreenKey,
        args: [{ rescreenKey, ...sweepSettings(config), pageSize: PAGE_SIZE, chunkSize: CHUNK_SIZE, parallelPages: 2, pagesPerRange: 3 }],
      });
      // Kill the doomed worker as soon as it has a page part-way done.
      const inHand = await eventually(async () => {
        const [page] = await db().execute<{ page_number: number }[]>(
          `select page_number from rescreen_pages where rescreen_key = ? and status = 'pending' and started_by = ? and cursor is not null limit 1`,
          [rescreenKey, identity(doomed!)],
        );
        return page;
      }, 90_000, 'the doomed worker to be part-way through a page');
      doomed!.kill('SIGKILL');
      await new Promise((r) => doomed!.once('exit', r));

      const totals = await handle.result();
      const [{ active }] = (await db().execute<{ active: number }[]>('select count(*)::int as active from monitoring_enrolments where active')) as [{ active: number }];
      expect(totals.processed).toBe(active);
      // Every active enrolment recorded once (a second record could not be written), none left out.
      const [counts] = await db().execute<{ rows: number; enrolments: number; missing: number }[]>(
        `select (select count(*)::int from rescreen_screenings where rescreen_key = ?) as rows,
                (select count(distinct enrolment_id)::int from rescreen_screenings where rescreen_key = ?) as enrolments,
                (select count(*)::int from monitoring_enrolments e where e.active
                   and not exists (select 1 from rescreen_screenings r where r.rescreen_key = ? and r.enrolment_id = e.id)) as missing`,
        [rescreenKey, rescreenKey, rescreenKey],
      );
      expect(counts).toEqual({ rows: active, enrolments: active, missing: 0 });
      // Both workers screened customers.
      const by = await db().execute<{ screened_by: string; n: number }[]>('select screened_by, count(*)::int as n from rescreen_screenings where rescreen_key = ? group by screened_by', [rescreenKey]);
      expect(new Set(by.map((r) => r.screened_by))).toEqual(new Set([identity(doomed!), identity(survivor!)]));
      // The page in hand at the kill was finished by the survivor, after the customers the doomed worker had recorded.
      const [taken] = await db().execute<{ completed_by: string; attempts: number; status: string }[]>('select completed_by, attempts, status from rescreen_pages where rescreen_key = ? and page_number = ?', [rescreenKey, inHand.page_number]);
      expect(taken).toMatchObject({ completed_by: identity(survivor!), status: 'done' });
      expect(taken!.attempts).toBeGreaterThanOrEqual(2);
      const onPage = await db().execute<{ screened_by: string }[]>('select distinct screened_by from rescreen_screenings where rescreen_key = ? and page_number = ?', [rescreenKey, inHand.page_number]);
      expect(onPage.map((r) => r.screened_by).sort()).toEqual([identity(doomed!), identity(survivor!)].sort());
      // Each of our customers was alerted once, by this re-screen.
      const alerts = await db().execute<{ enrolment_id: string; n: number }[]>(
        'select enrolment_id, count(*)::int as n from monitoring_alerts where sweep_key = ? and enrolment_id = any(?::uuid[]) group by enrolment_id',
        [rescreenKey, `{${enrolmentIds.join(',')}}`],
      );
      expect(alerts).toHaveLength(ENROLMENTS);
      expect(alerts.every((a) => a.n === 1)).toBe(true);
    } finally {
      await connection.close();
    }
  }, 240_000);
});
