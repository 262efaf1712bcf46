import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyTimestampedSignature, verifyWebhookSignature } from '../../src/modules/webhooks/signature';
import { hundredEntities } from '../helpers/batch-entities';
import { jsonOf, type Json } from '../helpers/http';
import { eventually, startHttpsReceiver, type HttpsReceiver } from '../helpers/https-receiver';
import { createTestClient, tokenFor, type TestClient } from '../helpers/identity';
import { loadStandardFixtures } from '../helpers/lists';
import { testConfig } from '../helpers/test-config';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { startTestWorker, type TestWorker } from '../helpers/test-worker';

describe('batch screening with signed webhooks', () => {
  let receiver: HttpsReceiver;
  let app: TestApp;
  let worker: TestWorker;
  let client: TestClient;
  let token: string;

  beforeAll(async () => {
    receiver = await startHttpsReceiver();
    const config = testConfig({
      TEMPORAL_TASK_QUEUE: `batch-${randomUUID()}`,
      WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
      WEBHOOK_CA_BUNDLE_PATH: receiver.caPath,
      WEBHOOK_INITIAL_BACKOFF_SECONDS: '0.5',
    });
    app = await startTestApp(config);
    await loadStandardFixtures(app.deps.orm.em.fork());
    worker = await startTestWorker(config);
    await Promise.all([app.deps.screening.index.rebuild(), worker.screening.index.rebuild()]);
    client = await createTestClient(app.deps.orm.em.fork(), config.auth.encryptionKey, { plan: 'enterprise', customRequestsPerMinute: 100_000 });
    token = await tokenFor(app.url, client);
  });
  afterAll(async () => {
    await worker?.stop();
    await app?.close();
    await receiver?.close();
  });

  const submit = (body: unknown) =>
    fetch(`${app.url}/v1/scans/batch`, { method: 'POST', headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  const job = async (id: string) => jsonOf(await fetch(`${app.url}/v1/scans/batch/${id}`, { headers: { Authorization: `Bearer ${token}` } }));

  it('screens a 100-item batch, fails the two unscreenable items alone, and delivers one signed batch.completed', async () => {
    const res = await submit({ entities: hundredEntities(), webhook_url: receiver.url });
    expect(res.status).toBe(202);
    const accepted = await jsonOf(res);
    expect(accepted).toMatchObject({ status: 'pending', total_items: 100, completed_items: 0, failed_items: 0, items: [], completed_at: null });

    const done = await eventually(async () => {
      const current = await job(accepted.job_id);
      return current.status === 'completed' && current;
    }, 60_000, 'the batch to complete');
    expect(done).toMatchObject({ completed_items: 98, failed_items: 2 });
    expect(done.items).toHaveLength(100);
    const failed = done.items.filter((i: Json) => i.status === 'failed');
    expect(failed.map((i: Json) => i.item_index)).toEqual([17, 58]);
    for (const item of failed) expect(item.error_message).toMatch(/no letters or digits/);
    // 100 credits reserved at submission, and the two failed items' credits given back, once each.
    const movements = await app.deps.orm.em.fork().getConnection().execute<{ kind: string; amount: number; item_index: number | null }[]>(
      'select kind, amount, item_index from credit_ledger where job_id = ? order by kind, item_index',
      [accepted.job_id],
    );
    expect(movements).toEqual([
      { kind: 'debit', amount: -100, item_index: null },
      { kind: 'refund', amount: 1, item_index: 17 },
      { kind: 'refund', amount: 1, item_index: 58 },
    ]);
    const scanIds = done.items.filter((i: Json) => i.status === 'completed').map((i: Json) => i.scan_id);
    expect(new Set(scanIds).size).toBe(98);
    const scan = await jsonOf(await fetch(`${app.url}/v1/scans/${scanIds[0]}`, { headers: { Authorization: `Bearer ${token}` } }));
    expect(scan.entity_name).toBe(done.items[0].entity_name);

    const delivery = await eventually(async () => receiver.received.find((r) => JSON.parse(r.rawBody.toString()).data?.job_id === accepted.job_id), 20_000, 'the webhook');
    expect(receiver.received.filter((r) => JSON.parse(r.rawBody.toString()).data?.job_id === accepted.job_id)).toHaveLength(1);
    const body = JSON.parse(delivery.rawBody.toString());
    expect(body).toEqual({ event: 'batch.completed', timestamp: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/), data: { job_id: accepted.job_id, completed: 98, failed: 2 } });
    expect(verifyWebhookSignature(delivery.rawBody, delivery.headers['x-service-signature'] as string, client.webhookSecret)).toBe(true);
    expect(verifyWebhookSignature(delivery.rawBody, delivery.headers['x-service-signature'] as string, 'whsec_wrong')).toBe(false);
    const timestamped = delivery.headers['x-service-signature-v2'] as string;
    expect(timestamped.startsWith(`t=${delivery.headers['x-service-timestamp']},v1=`)).toBe(true);
    expect(verifyTimestampedSignature(delivery.rawBody, timestamped, client.webhookSecret)).toBe(true);
    expect(delivery.headers['x-service-event-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(Number(delivery.headers['x-service-timestamp'])).toBeGreaterThan(0);

    const deliveries = await eventually(async () => {
      const list = await jsonOf(await fetch(`${app.url}/v1/webhooks/deliveries?job_id=${accepted.job_id}`, { headers: { Authorization: `Bearer ${token}` } }));
      return list.deliveries[0]?.status === 'delivered' && list;
    }, 10_000, 'the delivery to be recorded');
    expect(deliveries.deliveries[0]).toMatchObject({ event: 'batch.completed', event_id: delivery.headers['x-service-event-id'], attempts: [{ attempt: 1, status_code: 200, outcome: 'delivered' }] });
  });

  it('retries a receiver that answers 500 twice: three attempts recorded, one success, same event id and body', async () => {
    receiver.script([500, 500]);
    const before = receiver.received.length;
    const accepted = await jsonOf(await submit({ entities: [{ entity_type: 'person', name: 'Retry Receiver Person' }], webhook_url: receiver.url }));
    const list = await eventually(async () => {
      const current = await jsonOf(await fetch(`${app.url}/v1/webhooks/deliveries?job_id=${accepted.job_id}`, { headers: { Authorization: `Bearer ${token}` } }));
      return current.deliveries[0]?.status === 'delivered' && current;
    }, 30_000, 'delivery after retries');
    expect(list.deliveries[0].attempts.map((a: Json) => [a.attempt, a.status_code, a.outcome])).toEqual([
      [1, 500, 'retry'],
      [2, 500, 'retry'],
      [3, 200, 'delivered'],
    ]);
    const mine = receiver.received.slice(before);
    expect(mine).toHaveLength(3);
    expect(new Set(mine.map((r) => r.headers['x-service-event-id'])).size).toBe(1);
    expect(new Set(mine.map((r) => r.rawBody.toString('hex'))).size).toBe(1);
  });

  it('answers 404 for another account’s job and 422 for a malformed id', async () => {
    const accepted = await jsonOf(await submit({ entities: [{ entity_type: 'person', name: 'Owner Only' }] }));
    const other = await createTestClient(app.deps.orm.em.fork(), app.deps.config.auth.encryptionKey);
    const otherToken = await tokenFor(app.url, other);
    expect((await fetch(`${app.url}/v1/scans/batch/${accepted.job_id}`, { headers: { Authorization: `Bearer ${otherToken}` } })).status).toBe(404);
    expect((await fetch(`${app.url}/v1/scans/batch/nope`, { headers: { Authorization: `Bearer ${token}` } })).status).toBe(422);
  });
});
