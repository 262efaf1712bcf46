import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findCaller, type Caller } from '../../src/modules/identity/caller';
import { BatchRequestSchema } from '../../src/modules/batches/batch-request.schema';
import { BatchService } from '../../src/modules/batches/batch.service';
import { recoveryInput } from '../../src/temporal/workflow-inputs';
import { createWebhookEvent } from '../../src/modules/webhooks/webhook-event.store';
import { enrol } from '../../src/modules/monitoring/enrolments';
import { FullScanRequestSchema } from '../../src/modules/screening/scan-request.schema';
import { collectList, storeListVersion } from '../../src/modules/watchlists/list-version.store';
import { parseListFile, type ListSource } from '../../src/sources/registry';
import { writeSimpleCsv } from '../helpers/synthetic-lists';
import type { RecoveryResult } from '../../workflows/definitions';
import { batchProgressQuery } from '../../workflows/definitions';
import { jsonOf } from '../helpers/http';
import { eventually, startHttpsReceiver, type HttpsReceiver } from '../helpers/https-receiver';
import { createTestClient, TEST_ALLOWANCE, tokenFor, type TestClient } from '../helpers/identity';
import { loadStandardFixtures } from '../helpers/lists';
import { testConfig } from '../helpers/test-config';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { startTestWorker, type TestWorker } from '../helpers/test-worker';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One run of the recovery schedule's workflow, as the Schedule starts it, counting any work as stranded. */
const runRecovery = (app: TestApp) =>
  app.deps.temporal.client.workflow.execute('strandedWorkRecoveryWorkflow', {
    taskQueue: app.deps.config.temporal.taskQueue,
    workflowId: `recovery-${randomUUID()}`,
    args: [{ ...recoveryInput(app.deps.config), strandedAfterSeconds: 0, limit: 100_000 }], // other test files leave stranded work in this database too
  }) as Promise<RecoveryResult>;
const entities = BatchRequestSchema.parse({
  entities: [
    { entity_type: 'person', name: 'Commit Later' },
    { entity_type: 'organisation', name: 'Recovered Holdings Pty Ltd' },
  ],
}).entities;

describe('starting a batch: the job row commits first, then its workflow starts', () => {
  let receiver: HttpsReceiver;
  let app: TestApp;
  let worker: TestWorker;
  let client: TestClient;
  let caller: Caller;
  let token: string;
  const config = () =>
    testConfig({
      TEMPORAL_TASK_QUEUE: `batch-start-${randomUUID()}`,
      WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
      WEBHOOK_INITIAL_BACKOFF_SECONDS: '0.5',
    });

  beforeAll(async () => {
    receiver = await startHttpsReceiver();
    const base = { ...config(), webhooks: { ...config().webhooks, caBundlePath: receiver.caPath } };
    app = await startTestApp(base);
    await loadStandardFixtures(app.deps.orm.em.fork());
    worker = await startTestWorker(base);
    await Promise.all([app.deps.screening.index.rebuild(), worker.screening.index.rebuild()]);
    client = await createTestClient(app.deps.orm.em.fork(), base.auth.encryptionKey, { plan: 'enterprise', customRequestsPerMinute: 100_000 });
    token = await tokenFor(app.url, client);
    const lookup = await findCaller(app.deps.orm.em.fork(), client.clientId);
    if (lookup.state !== 'active') throw new Error('test client is not active');
    caller = lookup.caller;
  });
  afterAll(async () => {
    await worker?.stop();
    await app?.close();
    await receiver?.close();
  });

  const job = async (id: string) => jsonOf(await fetch(`${app.url}/v1/scans/batch/${id}`, { headers: { Authorization: `Bearer ${token}` } }));
  const deliveriesFor = (jobId: string) => receiver.received.filter((r) => JSON.parse(r.rawBody.toString()).data?.job_id === jobId);
  const completed = (jobId: string) => eventually(async () => ((await job(jobId)).status === 'completed' ? job(jobId) : false), 60_000, `job ${jobId} to complete`);

  it('completes with its webhook when the commit is held back after the insert', async () => {
    const slowCommit = new BatchService(app.deps.temporal.client, app.deps.config, { beforeCommit: async () => void (await sleep(3_000)) });
    const accepted = await slowCommit.submit(app.deps.orm.em.fork(), caller, { entities, webhook_url: receiver.url });
    expect(accepted.status).toBe('pending');
    const done = await completed(accepted.job_id);
    expect(done).toMatchObject({ completed_items: 2, failed_items: 0 });
    await eventually(async () => deliveriesFor(accepted.job_id).length > 0, 20_000, 'the webhook');
    expect(deliveriesFor(accepted.job_id)).toHaveLength(1);
    // Operators read a batch's progress from its workflow, without the database.
    const progress = await app.deps.temporal.client.workflow.getHandle(`batch-${accepted.job_id}`).query(batchProgressQuery);
    expect(progress).toEqual({ jobId: accepted.job_id, status: 'completed', total: 2, completed: 2, failed: 0 });
  });

  it('runs a committed job whose workflow was never started (the API died in between) once the recovery schedule fires', async () => {
    const dies = new BatchService(app.deps.temporal.client, app.deps.config, {
      afterCommit: async () => {
        throw new Error('API process died after the commit');
      },
    });
    await expect(dies.submit(app.deps.orm.em.fork(), caller, { entities, webhook_url: receiver.url })).rejects.toThrow('died');
    const [stranded] = await app.deps.orm.em.fork().getConnection().execute<{ id: string; status: string }[]>(
      `select id, status from batch_jobs where account_id = ? order by created_at desc limit 1`,
      [caller.accountId],
    );
    expect(stranded!.status).toBe('pending');
    expect((await job(stranded!.id)).status).toBe('pending');

    const recover = () => runRecovery(app);
    const first = await recover();
    expect(first.batchesStarted).toContain(stranded!.id);
    const done = await completed(stranded!.id);
    expect(done).toMatchObject({ completed_items: 2, failed_items: 0 });
    await eventually(async () => deliveriesFor(stranded!.id).length > 0, 20_000, 'the webhook');

    const again = await recover(); // completed now: never started twice
    expect(again.batchesStarted).not.toContain(stranded!.id);
    await sleep(1_000);
    expect(deliveriesFor(stranded!.id)).toHaveLength(1);
  });
});

describe('the recovery schedule and webhook events left pending', () => {
  it('delivers an event whose delivery never started, with its own event id, and only once', async () => {
    const receiver = await startHttpsReceiver();
    const base = testConfig({ TEMPORAL_TASK_QUEUE: `redrive-${randomUUID()}`, WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' });
    const config = { ...base, webhooks: { ...base.webhooks, caBundlePath: receiver.caPath } };
    const app = await startTestApp(config);
    const worker = await startTestWorker(config);
    try {
      const owner = await createTestClient(app.deps.orm.em.fork(), config.auth.encryptionKey);
      // As a sweep page or a batch leaves it when its process dies after the commit and before the hand-over.
      const event = await createWebhookEvent(app.deps.orm.em.fork(), {
        accountId: owner.accountId,
        clientId: owner.clientId,
        eventType: 'monitoring.alert',
        subjectId: randomUUID(),
        targetUrl: receiver.url,
        data: { enrolment_id: randomUUID() },
      });
      const recover = () => runRecovery(app);
      expect((await recover()).webhooksStarted).toContain(event.id);
      const status = async () => (await app.deps.orm.em.fork().getConnection().execute<{ status: string }[]>('select status from webhook_events where id = ?', [event.id]))[0]!.status;
      await eventually(async () => (await status()) === 'delivered', 30_000, 'the re-driven event to be delivered');
      expect((await recover()).webhooksStarted).not.toContain(event.id);
      const received = receiver.received.filter((r) => r.headers['x-service-event-id'] === event.id);
      expect(received).toHaveLength(1);
    } finally {
      await worker.stop();
      await app.close();
      await receiver.close();
    }
  });
});

describe('the recovery schedule and list versions never swept', () => {
  it('sweeps a version whose refresh stopped after storing it, once', async () => {
    const config = testConfig({ TEMPORAL_TASK_QUEUE: `unswept-${randomUUID()}` });
    const app = await startTestApp(config);
    const worker = await startTestWorker(config);
    try {
      const owner = await createTestClient(app.deps.orm.em.fork(), config.auth.encryptionKey);
      const name = `Unswepta Versionova ${randomUUID().slice(0, 6).replace(/\d/g, 'z')}`;
      const scan = await app.deps.screening.scans.create(app.deps.orm.em.fork(), { owner, request: FullScanRequestSchema.parse({ entity_type: 'person', name }) });
      const { enrolment } = await enrol(app.deps.orm.em.fork(), owner, { scanId: scan.scanId, entityName: name, entityType: 'person', webhookUrl: null });
      // What a refresh leaves when it stops between storing the version and starting its sweep.
      const source = `opensanctions:unswept_${randomUUID().slice(0, 8)}`;
      const file = writeSimpleCsv([{ id: 'U-1', schema: 'Person', name }]);
      const version = await storeListVersion(app.deps.orm.em.fork(), { source, origin: `file:${file}`, list: await collectList(parseListFile({ source: source as ListSource, path: file })), pipelineRunId: randomUUID() });

      const recover = () => runRecovery(app);
      const sweepId = `sweep-${source}-v${version.versionNumber}`;
      expect((await recover()).sweepsStarted).toContain(sweepId);
      await app.deps.temporal.client.workflow.getHandle(sweepId).result();
      const alerts = await app.deps.orm.em.fork().getConnection().execute('select 1 from monitoring_alerts where enrolment_id = ?', [enrolment.enrolment_id]);
      expect(alerts).toHaveLength(1);
      expect((await recover()).sweepsStarted).not.toContain(sweepId);
    } finally {
      await worker.stop();
      await app.close();
    }
  });
});

describe('submitting a batch while Temporal is down', () => {
  let app: TestApp;
  let token: string;
  let client: TestClient;

  beforeAll(async () => {
    // Nothing listens on port 1: the workflow engine is down for this API process.
    app = await startTestApp(testConfig({ TEMPORAL_ADDRESS: '127.0.0.1:1', BATCH_START_DEADLINE_MS: '1500', DATABASE_POOL_MAX: '5' }));
    await loadStandardFixtures(app.deps.orm.em.fork());
    await app.deps.screening.index.rebuild();
    client = await createTestClient(app.deps.orm.em.fork(), app.deps.config.auth.encryptionKey, { plan: 'enterprise', customRequestsPerMinute: 100_000 });
    token = await tokenFor(app.url, client);
  });
  afterAll(async () => {
    await app?.close();
  });

  const post = (path: string, body: unknown) =>
    fetch(`${app.url}${path}`, { method: 'POST', headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

  it('answers 20 concurrent submissions 503 with a plain sentence, accepts nothing, and keeps serving scans', async () => {
    const started = Date.now();
    const submissions = Array.from({ length: 20 }, (_, i) => post('/v1/scans/batch', { entities: [{ entity_type: 'person', name: `Queued Person ${i}` }] }));
    await sleep(300); // while every submission waits on Temporal
    const scan = await post('/v1/scans/full', { entity_type: 'person', name: 'Still Served' });
    expect(scan.status).toBe(200);
    const answers = await Promise.all(submissions);
    expect(Date.now() - started).toBeLessThan(20_000);
    for (const res of answers) {
      expect(res.status).toBe(503);
      const body = await jsonOf(res);
      expect(body).toEqual({ detail: expect.stringMatching(/^The batch could not be queued because the workflow engine is unavailable; nothing was accepted/) });
      expect(body.detail).not.toMatch(/grpc|UNAVAILABLE|DEADLINE|14 |4 /);
    }
    const jobs = await app.deps.orm.em.fork().getConnection().execute<{ status: string }[]>(
      `select j.status from batch_jobs j join client_registrations c on c.client_id = j.client_id where c.client_id = ?`,
      [client.clientId],
    );
    expect(jobs).toHaveLength(20);
    expect(new Set(jobs.map((j) => j.status))).toEqual(new Set(['withdrawn'])); // kept for the record, never run, never shown
    // Nothing was accepted, so nothing is charged: each reservation was refunded (the scan's debit stays).
    const [balance] = await app.deps.orm.em.fork().getConnection().execute<{ balance: number }[]>('select balance from credit_balances where account_id = ?', [client.accountId]);
    expect(balance!.balance).toBe(TEST_ALLOWANCE - 1);
  }, 60_000);
});
