import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordMovement } from '../../src/modules/credits/ledger';
import { verifyTimestampedSignature, verifyWebhookSignature } from '../../src/modules/webhooks/signature';
import { jsonOf, type Json } from '../helpers/http';
import { eventually, startHttpsReceiver, type HttpsReceiver, type ReceivedWebhook } from '../helpers/https-receiver';
import { createTestClient, grantTestCredits, tokenFor, type TestClient } from '../helpers/identity';
import { loadStandardFixtures } from '../helpers/lists';
import { testConfig } from '../helpers/test-config';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { startTestWorker, type TestWorker } from '../helpers/test-worker';

describe('credits.low_80 / credits.low_95: once per crossing of the balance after the latest grant', () => {
  let receiver: HttpsReceiver;
  let app: TestApp;
  let worker: TestWorker;
  let client: TestClient;
  let token: string;
  const em = () => app.deps.orm.em.fork();

  beforeAll(async () => {
    receiver = await startHttpsReceiver();
    const config = testConfig({
      TEMPORAL_TASK_QUEUE: `low-credit-${randomUUID()}`,
      WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
      WEBHOOK_CA_BUNDLE_PATH: receiver.caPath,
      WEBHOOK_INITIAL_BACKOFF_SECONDS: '0.5',
    });
    app = await startTestApp(config);
    await loadStandardFixtures(em());
    worker = await startTestWorker(config);
    await Promise.all([app.deps.screening.index.rebuild(), worker.screening.index.rebuild()]);
    client = await createTestClient(em(), config.auth.encryptionKey, { plan: 'enterprise', customRequestsPerMinute: 10_000, credits: 0 });
    await grantTestCredits(em(), client.accountId, 20);
    token = await tokenFor(app.url, client);
  });
  afterAll(async () => {
    await worker?.stop();
    await app?.close();
    await receiver?.close();
  });

  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${app.url}${path}`, { method: 'POST', headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) });
  let scanned = 0;
  /** `count` full scans, one after another, each answered 200. */
  const scans = async (count: number, headers?: () => Record<string, string>) => {
    for (let i = 0; i < count; i++) {
      const res = await post('/v1/scans/full', { entity_type: 'person', name: `Low Credit Person ${++scanned}` }, headers?.());
      expect(res.status, `scan ${scanned}`).toBe(200);
    }
  };
  const balance = async () => (await jsonOf(await fetch(`${app.url}/v1/credits/balance?account_id=${client.accountId}`, { headers: { Authorization: `Bearer ${token}` } }))).balance;
  const lowEvents = () =>
    app.deps.orm.em
      .fork()
      .getConnection()
      .execute<{ event_type: string; subject_id: string; status: string }[]>(
        `select event_type, subject_id, status from webhook_events where account_id = ? and event_type like 'credits.low_%' order by created_at, event_type`,
        [client.accountId],
      );
  const received = (event: string): (ReceivedWebhook & { body: Json })[] =>
    receiver.received
      .map((r) => ({ ...r, body: JSON.parse(r.rawBody.toString()) as Json }))
      .filter((r) => r.body.event === event && r.body.data?.account_id === client.accountId);
  const settled = () => eventually(async () => (await lowEvents()).every((e) => e.status === 'delivered'), 15_000, 'every low-credit event to be delivered');

  it('sends one signed credits.low_80 at 5 → 4 and one credits.low_95 at 2 → 1 of 20, nothing more, and again after a new grant', async () => {
    // The account's webhook URL: the one it gave on a batch (1 item, 20 → 19 credits).
    const batch = await post('/v1/scans/batch', { entities: [{ entity_type: 'person', name: 'Webhook Giver' }], webhook_url: receiver.url });
    expect(batch.status).toBe(202);

    await scans(14); // 19 → 5: above both lines (4 and 1)
    expect(await balance()).toBe(5);
    expect(await lowEvents()).toEqual([]);

    await scans(1); // 5 → 4: 80 % used (the one-statement debit)
    const [low80] = await eventually(async () => received('credits.low_80').length > 0 && received('credits.low_80'), 15_000, 'credits.low_80');
    expect(low80!.body).toEqual({
      event: 'credits.low_80',
      timestamp: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      data: { account_id: client.accountId, balance: 4, reference_balance: 20, used_percent: 80, threshold_percent: 80 },
    });
    expect(verifyWebhookSignature(low80!.rawBody, low80!.headers['x-service-signature'] as string, client.webhookSecret)).toBe(true);
    expect(verifyTimestampedSignature(low80!.rawBody, low80!.headers['x-service-signature-v2'] as string, client.webhookSecret)).toBe(true);

    await scans(2); // 4 → 2: past the 80 line already, above the 95 line
    expect((await lowEvents()).map((e) => e.event_type)).toEqual(['credits.low_80']);

    await scans(1, () => ({ 'Idempotency-Key': `low-95-${client.accountId}` })); // 2 → 1: 95 % used (the ledger's path)
    const [low95] = await eventually(async () => received('credits.low_95').length > 0 && received('credits.low_95'), 15_000, 'credits.low_95');
    expect(low95!.body.data).toEqual({ account_id: client.accountId, balance: 1, reference_balance: 20, used_percent: 95, threshold_percent: 95 });
    expect(verifyWebhookSignature(low95!.rawBody, low95!.headers['x-service-signature'] as string, client.webhookSecret)).toBe(true);

    await scans(1); // 1 → 0
    expect((await post('/v1/scans/full', { entity_type: 'person', name: 'Low Credit Refused' })).status).toBe(402);
    await settled();
    expect(received('credits.low_80')).toHaveLength(1);
    expect(received('credits.low_95')).toHaveLength(1);
    const [grant20] = await em().getConnection().execute<{ id: string }[]>(`select id from credit_ledger where account_id = ? and kind = 'grant'`, [client.accountId]);
    expect((await lowEvents()).map((e) => e.subject_id)).toEqual([`${client.accountId}:${grant20!.id}:80`, `${client.accountId}:${grant20!.id}:95`]);

    // A new grant is a new reference (10: lines at 2 and 0); a batch reserving all 10 crosses both at once.
    await grantTestCredits(em(), client.accountId, 10);
    const reservation = await post('/v1/scans/batch', { entities: Array.from({ length: 10 }, (_, i) => ({ entity_type: 'person', name: `Low Credit Batch Person ${i}` })) });
    expect(reservation.status).toBe(202);
    await eventually(async () => received('credits.low_95').length === 2 && received('credits.low_80').length === 2, 15_000, 'the second grant’s events');
    expect(received('credits.low_80')[1]!.body.data).toEqual({ account_id: client.accountId, balance: 0, reference_balance: 10, used_percent: 100, threshold_percent: 80 });
    expect(received('credits.low_95')[1]!.body.data).toEqual({ account_id: client.accountId, balance: 0, reference_balance: 10, used_percent: 100, threshold_percent: 95 });

    // Credits given back (3: over the 80 line again) and spent again cross the same lines of the same grant: nothing is sent.
    await em().transactional((tx) =>
      recordMovement(tx, { accountId: client.accountId, kind: 'refund', amount: 3, idempotencyKey: `refund:low-credit:${client.accountId}`, description: 'Test refund' }),
    );
    await scans(3); // 3 → 2 crosses the 80 line, 1 → 0 the 95 line, each a second time
    expect(await balance()).toBe(0);
    await settled();
    expect(await lowEvents()).toHaveLength(4);
    expect(received('credits.low_80')).toHaveLength(2);
    expect(received('credits.low_95')).toHaveLength(2);
  });
});
