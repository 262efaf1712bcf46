import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { Client, Connection } from '@temporalio/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FullScanRequestSchema } from '../../src/modules/screening/scan-request.schema';
import { enrol } from '../../src/modules/monitoring/enrolments';
import { refreshInput } from '../../src/temporal/workflow-inputs';
import { watchlistRefreshWorkflow } from '../../workflows/watchlist-refresh';
import { eventually, startHttpsReceiver, type HttpsReceiver } from '../helpers/https-receiver';
import { createTestClient } from '../helpers/identity';
import { writeSimpleCsv, type SyntheticTarget } from '../helpers/synthetic-lists';
import { testConfig } from '../helpers/test-config';
import { startWorkerProcess, workerProcessEnv } from '../helpers/worker-process';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { takeProcessTurn } from '../helpers/process-turns';

const ENROLMENTS = 120;
/** Many alerts per page: the worker dies part-way through a page whose earlier alerts have committed. */
const PAGE_SIZE = 100;

// Starts and kills worker processes of its own: takes one of the run's few turns for that (process-turns.ts).
takeProcessTurn();

describe('a worker killed in the middle of a monitoring sweep', () => {
  const source = `opensanctions:crash_${randomUUID().slice(0, 8)}`;
  let receiver: HttpsReceiver;
  let app: TestApp;
  let worker: ChildProcess | undefined;
  let env: Record<string, string>;
  const startWorker = () => startWorkerProcess(env);

  beforeAll(async () => {
    receiver = await startHttpsReceiver();
    env = workerProcessEnv(`sweep-crash-${randomUUID()}`, {
      MONITORING_SWEEP_PAGE_SIZE: String(PAGE_SIZE),
      WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
      WEBHOOK_CA_BUNDLE_PATH: receiver.caPath,
      // A delivery that times out on a busy machine is retried in a second, not the production 30 s.
      WEBHOOK_INITIAL_BACKOFF_SECONDS: '1',
    });
    app = await startTestApp(testConfig(env));
  });
  afterAll(async () => {
    worker?.kill('SIGKILL');
    await app?.close();
    await receiver?.close();
  });

  it('resumes on a new worker, alerts each enrolment exactly once and delivers every alert, those committed before the kill included', async () => {
    const config = app.deps.config;
    const owner = await createTestClient(app.deps.orm.em.fork(), config.auth.encryptionKey, { plan: 'enterprise' });
    const names = Array.from({ length: ENROLMENTS }, (_, i) => `Crashtest Person Number${String.fromCharCode(65 + (i % 26))}${String.fromCharCode(65 + Math.floor(i / 26))} Zyxwvutsky`);
    const enrolmentIds: string[] = [];
    for (const name of names) {
      const scan = await app.deps.screening.scans.create(app.deps.orm.em.fork(), { owner, request: FullScanRequestSchema.parse({ entity_type: 'person', name }) });
      const { enrolment } = await enrol(app.deps.orm.em.fork(), owner, { scanId: scan.scanId, entityName: name, entityType: 'person', webhookUrl: receiver.url });
      enrolmentIds.push(enrolment.enrolment_id);
    }
    receiver.hold(2_000);
    worker = startWorker();
    const connection = await Connection.connect({ address: config.temporal.address });
    const temporal = new Client({ connection, namespace: config.temporal.namespace });
    try {
      const targets: SyntheticTarget[] = names.map((name, i) => ({ id: `C-${i}`, schema: 'Person', name }));
      const outcome = await temporal.workflow.execute(watchlistRefreshWorkflow, {
        taskQueue: config.temporal.taskQueue,
        workflowId: `pipeline-${source}-${randomUUID()}`,
        args: [refreshInput(config, { source, file: writeSimpleCsv(targets) })],
      });
      const alertCount = async () =>
        (await app.deps.orm.em.fork().getConnection().execute<{ n: number }[]>('select count(*)::int as n from monitoring_alerts where sweep_key = ?', [outcome.sweep!.replace(/^sweep-/, '')]))[0]!.n;
      await eventually(async () => (await alertCount()) >= 10, 60_000, 'the sweep to be under way');
      worker.kill('SIGKILL');
      await new Promise((r) => worker!.once('exit', r));
      const atKill = await alertCount();
      expect(atKill).toBeLessThan(PAGE_SIZE); // killed inside the first page

      worker = startWorker();
      await temporal.workflow.getHandle(outcome.sweep!).result();
      // Other test files' enrolments share this database; a sweep may alert them too, so count ours.
      const rows = await app.deps.orm.em.fork().getConnection().execute<{ enrolment_id: string; n: number }[]>(
        'select enrolment_id, count(*)::int as n from monitoring_alerts where sweep_key = ? and enrolment_id = any(?::uuid[]) group by enrolment_id',
        [outcome.sweep!.replace(/^sweep-/, ''), `{${enrolmentIds.join(',')}}`],
      );
      expect(rows).toHaveLength(ENROLMENTS);
      expect(rows.every((r) => r.n === 1)).toBe(true);
      expect(new Set(rows.map((r) => r.enrolment_id))).toEqual(new Set(enrolmentIds));

      // Every alert's event is recorded delivered soon after the sweep: attempts that were in flight on the
      // killed worker (the receiver holds each answer, so some are) are noticed by their heartbeat and retried.
      const undelivered = () =>
        app.deps.orm.em.fork().getConnection().execute<{ enrolment_id: string; event_id: string | null; status: string | null; attempts: unknown }[]>(
          `select a.enrolment_id, e.id as event_id, e.status,
                  (select json_agg(json_build_object('attempt', w.attempt, 'outcome', w.outcome, 'error', w.error)) from webhook_attempts w where w.event_id = e.id) as attempts
             from monitoring_alerts a left join webhook_events e on e.id = a.webhook_event_id
            where a.sweep_key = ? and a.enrolment_id = any(?::uuid[]) and e.status is distinct from 'delivered'`,
          [outcome.sweep!.replace(/^sweep-/, ''), `{${enrolmentIds.join(',')}}`],
        );
      await eventually(async () => (await undelivered()).length === 0, 45_000, 'every alert to be recorded delivered').catch(async (err: Error) => {
        throw new Error(`${err.message}; still undelivered: ${JSON.stringify(await undelivered())}`);
      });
      await new Promise((r) => setTimeout(r, 1_000));
      // Delivery is at least once: a POST the killed worker sent but never recorded is sent again, with
      // the same event id, so a receiver can drop it. What must hold is one event per alert.
      const eventIdsFor = (id: string) => new Set(receiver.received.filter((r) => JSON.parse(r.rawBody.toString()).data?.enrolment_id === id).map((r) => r.headers['x-service-event-id']));
      expect(enrolmentIds.filter((id) => eventIdsFor(id).size !== 1)).toEqual([]);
      expect(receiver.received.length).toBeGreaterThanOrEqual(ENROLMENTS);
    } finally {
      await connection.close();
    }
  }, 240_000);
});
