import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enrol } from '../../src/modules/monitoring/enrolments';
import { FullScanRequestSchema } from '../../src/modules/screening/scan-request.schema';
import { sweepSettings } from '../../src/temporal/workflow-inputs';
import { monitoringSweepWorkflow } from '../../workflows/monitoring-sweep';
import { eventually, startHttpsReceiver, type HttpsReceiver } from '../helpers/https-receiver';
import { createTestClient } from '../helpers/identity';
import { loadFixtureList } from '../helpers/lists';
import { writeSimpleCsv } from '../helpers/synthetic-lists';
import { testConfig } from '../helpers/test-config';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { startTestWorker, type TestWorker } from '../helpers/test-worker';

const ENROLMENTS = 60;
const HISTORY_BUDGET = 200;

describe('a sweep with many alerts on one page', () => {
  let receiver: HttpsReceiver;
  let app: TestApp;
  let worker: TestWorker;

  beforeAll(async () => {
    receiver = await startHttpsReceiver();
    const base = testConfig({ TEMPORAL_TASK_QUEUE: `sweep-history-${randomUUID()}`, WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true', WEBHOOK_INITIAL_BACKOFF_SECONDS: '1' });
    const config = { ...base, webhooks: { ...base.webhooks, caBundlePath: receiver.caPath } };
    app = await startTestApp(config);
    worker = await startTestWorker(config);
  });
  afterAll(async () => {
    await worker?.stop();
    await app?.close();
    await receiver?.close();
  });

  /** Enrols ENROLMENTS customers (webhooks to the receiver) and lists every one of them in a new list version. */
  async function enrolledAndListed(): Promise<{ enrolmentIds: string[]; versionId: string }> {
    const config = app.deps.config;
    const owner = await createTestClient(app.deps.orm.em.fork(), config.auth.encryptionKey, { plan: 'enterprise' });
    const tag = randomUUID().slice(0, 6).replace(/\d/g, 'q');
    const names = Array.from({ length: ENROLMENTS }, (_, i) => `Historia ${tag} Person${String.fromCharCode(65 + (i % 26))}${String.fromCharCode(65 + Math.floor(i / 26))} Budgetovich`);
    const enrolmentIds: string[] = [];
    for (const name of names) {
      const scan = await app.deps.screening.scans.create(app.deps.orm.em.fork(), { owner, request: FullScanRequestSchema.parse({ entity_type: 'person', name }) });
      enrolmentIds.push((await enrol(app.deps.orm.em.fork(), owner, { scanId: scan.scanId, entityName: name, entityType: 'person', webhookUrl: receiver.url })).enrolment.enrolment_id);
    }
    const version = await loadFixtureList(app.deps.orm.em.fork(), { source: `opensanctions:hist_${tag}`, path: writeSimpleCsv(names.map((name, i) => ({ id: `H-${i}`, schema: 'Person', name }))) });
    return { enrolmentIds, versionId: version.versionId };
  }

  /** Every run of the workflow stayed within the budget, there was more than one, and each alert was delivered once. */
  async function expectWithinBudgetAndDeliveredOnce(workflowId: string, firstRunId: string, enrolmentIds: string[]): Promise<void> {
    const lengths: number[] = [];
    for (let runId: string | undefined = firstRunId; runId; ) {
      const history = await app.deps.temporal.client.workflow.getHandle(workflowId, runId).fetchHistory();
      lengths.push(history.events!.length);
      runId = history.events!.at(-1)?.workflowExecutionContinuedAsNewEventAttributes?.newExecutionRunId ?? undefined;
    }
    expect(lengths.length).toBeGreaterThan(1);
    for (const length of lengths) expect(length).toBeLessThanOrEqual(HISTORY_BUDGET);

    const delivered = async () =>
      (await app.deps.orm.em.fork().getConnection().execute<{ n: number }[]>(
        `select count(*)::int as n from monitoring_alerts a join webhook_events e on e.id = a.webhook_event_id
          where a.sweep_key = ? and e.status = 'delivered' and a.enrolment_id = any(?::uuid[])`,
        [workflowId, `{${enrolmentIds.join(',')}}`],
      ))[0]!.n;
    await eventually(async () => (await delivered()) === ENROLMENTS, 60_000, 'every alert to be delivered');
    for (const id of enrolmentIds) {
      const events = new Set(receiver.received.filter((r) => JSON.parse(r.rawBody.toString()).data?.enrolment_id === id).map((r) => r.headers['x-service-event-id']));
      expect(events.size).toBe(1);
    }
  }

  it('continues as new within its history budget, handing over every alert exactly once', async () => {
    const { enrolmentIds } = await enrolledAndListed();
    const workflowId = `sweep-history-${randomUUID()}`;
    const handle = await app.deps.temporal.client.workflow.start(monitoringSweepWorkflow, {
      taskQueue: app.deps.config.temporal.taskQueue,
      workflowId,
      args: [{ ...sweepSettings(app.deps.config), pageSize: 5_000, historyBudget: HISTORY_BUDGET }],
    });
    const totals = await handle.result();
    expect(totals.alerts).toBeGreaterThanOrEqual(ENROLMENTS);
    await expectWithinBudgetAndDeliveredOnce(workflowId, handle.firstExecutionRunId, enrolmentIds);
  }, 180_000);

  it('a version’s sweep runs its candidates’ pages a few at a time, carrying the rest across continue-as-new', async () => {
    const { enrolmentIds, versionId } = await enrolledAndListed();
    const workflowId = `sweep-history-version-${randomUUID()}`;
    const handle = await app.deps.temporal.client.workflow.start(monitoringSweepWorkflow, {
      taskQueue: app.deps.config.temporal.taskQueue,
      workflowId,
      // Pages of 20 candidates, two at a time: several waves.
      args: [{ ...sweepSettings(app.deps.config), versionId, pageSize: 20, parallelPages: 2, historyBudget: HISTORY_BUDGET }],
    });
    const totals = await handle.result();
    // The candidates are this version's customers and any other its names reach (the test above enrolled namesakes).
    const [{ candidates }] = (await app.deps.orm.em.fork().getConnection().execute<{ candidates: number }[]>('select candidates from change_rescreens where sweep_key = ?', [workflowId])) as [{ candidates: number }];
    expect(candidates).toBeGreaterThanOrEqual(ENROLMENTS);
    expect(totals).toMatchObject({ processed: candidates, failed: 0, pages: Math.ceil(candidates / 20) });
    expect(totals.alerts).toBeGreaterThanOrEqual(ENROLMENTS);
    await expectWithinBudgetAndDeliveredOnce(workflowId, handle.firstExecutionRunId, enrolmentIds);
  }, 180_000);
});
