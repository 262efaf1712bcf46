import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../src/db/migrate';
import { jsonOf, type Json } from '../helpers/http';
import { eventually, startHttpsReceiver, type HttpsReceiver } from '../helpers/https-receiver';
import { createTestClient, tokenFor } from '../helpers/identity';
import { loadStandardFixtures } from '../helpers/lists';
import { startOwnPostgres, type OwnPostgres } from '../helpers/own-postgres';
import { testConfig } from '../helpers/test-config';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { startTestWorker, type TestWorker } from '../helpers/test-worker';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Long enough that every activity in flight fails several attempts (backoff 1, 2, 4 s...) and writes are
 * cut off mid-statement. That the same retries last an outage of hours is a property of the activity
 * options, asserted in test/unit/platform/outage-budget.test.ts, so this outage need not last hours.
 */
const OUTAGE_MS = Number(process.env.TEST_DATABASE_OUTAGE_MS ?? 10_000);

describe('a restart of a PostgreSQL cluster the test owns, after an outage, in the middle of a batch and of a webhook delivery', () => {
  let cluster: OwnPostgres;
  let receiver: HttpsReceiver;
  let app: TestApp;
  let worker: TestWorker;
  let token: string;

  beforeAll(async () => {
    cluster = await startOwnPostgres();
    receiver = await startHttpsReceiver();
    const databaseUrl = `${cluster.serverUrl}/outage_workflows`;
    await migrate({ url: databaseUrl, poolMax: 2 });
    const base = testConfig({
      DATABASE_URL: databaseUrl,
      TEMPORAL_TASK_QUEUE: `outage-${randomUUID()}`,
      WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
      WEBHOOK_INITIAL_BACKOFF_SECONDS: '1',
      WEBHOOK_MAX_BACKOFF_SECONDS: '4',
      BATCH_CONCURRENCY: '1',
      BATCH_CHUNK_SIZE: '1',
    });
    const config = { ...base, webhooks: { ...base.webhooks, caBundlePath: receiver.caPath } };
    app = await startTestApp(config);
    await loadStandardFixtures(app.deps.orm.em.fork());
    worker = await startTestWorker(config);
    await Promise.all([app.deps.screening.index.rebuild(), worker.screening.index.rebuild()]);
    const client = await createTestClient(app.deps.orm.em.fork(), config.auth.encryptionKey, { plan: 'enterprise', customRequestsPerMinute: 100_000 });
    token = await tokenFor(app.url, client);
  });
  afterAll(async () => {
    await worker?.stop();
    await app?.close();
    await receiver?.close();
    cluster?.destroy();
  });

  const submit = async (count: number, prefix: string) =>
    jsonOf(
      await fetch(`${app.url}/v1/scans/batch`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ entities: Array.from({ length: count }, (_, i) => ({ entity_type: 'person', name: `${prefix} Person ${i}` })), webhook_url: receiver.url }),
      }),
    );
  const job = async (id: string) => jsonOf(await fetch(`${app.url}/v1/scans/batch/${id}`, { headers: { Authorization: `Bearer ${token}` } }));
  const requestsFor = (jobId: string) => receiver.received.filter((r) => JSON.parse(r.rawBody.toString()).data?.job_id === jobId);

  it('waits the outage out: every item completes with exactly one scan, each webhook is delivered once, no driver text reaches a customer', async () => {
    // A webhook whose receiver is failing, so its delivery is between attempts when the database goes.
    receiver.script([503, 503, 503, 503, 503, 503, 503, 503]);
    const early = await submit(2, 'Early');
    await eventually(async () => requestsFor(early.job_id).length > 0, 30_000, 'the first webhook attempt');
    // A batch screening one item per activity, caught part-way.
    const big = await submit(60, 'Outage');
    await eventually(async () => (await job(big.job_id)).completed_items >= 3, 30_000, 'the batch to be under way');

    cluster.stop();
    await sleep(OUTAGE_MS);
    receiver.script([]); // the receiver has recovered meanwhile
    cluster.start();

    const done = await eventually(async () => {
      const current = await job(big.job_id).catch(() => undefined);
      return current?.status === 'completed' && current;
    }, 180_000, 'the batch to complete after the outage');
    expect(done).toMatchObject({ total_items: 60, completed_items: 60, failed_items: 0 });
    expect(done.items.every((item: Json) => item.status === 'completed' && item.error_message === null)).toBe(true);
    // Exactly one scan per item, though chunks were cut off mid-write and retried after the restart.
    const scans = await app.deps.orm.em.fork().getConnection().execute<{ key: string; n: number }[]>(
      'select idempotency_key as key, count(*)::int as n from scans where idempotency_key like ? group by idempotency_key',
      [`batch:${big.job_id}:%`],
    );
    expect(scans).toHaveLength(60);
    expect(scans.every((s) => s.n === 1)).toBe(true);
    expect(new Set(done.items.map((item: Json) => item.scan_id)).size).toBe(60);

    for (const jobId of [early.job_id, big.job_id]) {
      const deliveries = await eventually(async () => {
        const list = await jsonOf(await fetch(`${app.url}/v1/webhooks/deliveries?job_id=${jobId}`, { headers: { Authorization: `Bearer ${token}` } }));
        return list.deliveries[0]?.status === 'delivered' && list.deliveries;
      }, 120_000, `the webhook of ${jobId} to be delivered`);
      expect(deliveries).toHaveLength(1);
      const attempts = deliveries[0].attempts as Json[];
      expect(attempts.filter((a) => a.outcome === 'delivered')).toHaveLength(1);
      expect(new Set(requestsFor(jobId).map((r) => r.headers['x-service-event-id']))).toEqual(new Set([deliveries[0].event_id]));
    }
    expect((await job(early.job_id)).status).toBe('completed');
  }, 420_000);
});
