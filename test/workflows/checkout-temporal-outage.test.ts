import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonOf } from '../helpers/http';
import { eventually } from '../helpers/https-receiver';
import { createTestClient, tokenFor } from '../helpers/identity';
import { deliver, paymentIntentId, sessionEvent } from '../helpers/psp-events';
import { tcpGate, type TcpGate } from '../helpers/tcp-gate';
import { testConfig } from '../helpers/test-config';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { startTestWorker, type TestWorker } from '../helpers/test-worker';
import { testRun } from '../helpers/test-run';

describe('a payment confirmed while Temporal is unreachable from the API', () => {
  const taskQueue = `checkout-outage-${randomUUID()}`;
  let gate: TcpGate;
  let app: TestApp;
  let worker: TestWorker;

  beforeAll(async () => {
    const [host, port] = testRun().temporalAddress.split(':');
    gate = await tcpGate({ host: host!, port: Number(port) });
    await gate.open();
    app = await startTestApp(testConfig({ TEMPORAL_ADDRESS: gate.address, TEMPORAL_TASK_QUEUE: taskQueue, CHECKOUT_START_DEADLINE_MS: '1500' }));
    worker = await startTestWorker(testConfig({ TEMPORAL_TASK_QUEUE: taskQueue }));
  });
  afterAll(async () => {
    await worker?.stop();
    await app?.close();
    await gate?.shut();
  });

  it('answers 503 so the provider delivers again, loses nothing, and grants once on the redelivery', async () => {
    const client = await createTestClient(app.deps.orm.em.fork(), app.deps.config.auth.encryptionKey, { credits: 0 });
    const token = await tokenFor(app.url, client);
    const res = await fetch(`${app.url}/v1/psp/checkout`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ account_id: client.accountId, pack_index: 0 }),
    });
    expect(res.status).toBe(201);
    const { session_id: sessionId } = await jsonOf(res);
    const paid = sessionEvent('checkout.session.completed', { id: sessionId, accountId: client.accountId, amountTotal: 2_900, paymentIntent: paymentIntentId(), paymentStatus: 'paid' });
    const balance = async () =>
      (await app.deps.orm.em.fork().getConnection().execute<{ balance: number }[]>('select balance from credit_balances where account_id = ?', [client.accountId]))[0]?.balance ?? 0;

    await gate.shut();
    const refused = await deliver(app.url, paid);
    expect(refused.status).toBe(503);
    expect((await jsonOf(refused)).detail).toMatch(/will be when the provider delivers it again/);
    const [stored] = await app.deps.orm.em.fork().getConnection().execute<{ processed_at: Date | null }[]>('select processed_at from psp_events where event_id = ?', [paid.id]);
    expect(stored).toEqual({ processed_at: null }); // recorded, not yet acted on
    expect(await balance()).toBe(0);

    await gate.open();
    // The provider keeps retrying; the client may need a moment to reconnect, answering 503 until then.
    const redelivered = await eventually(async () => {
      const res = await deliver(app.url, paid);
      return res.status === 200 && res;
    }, 30_000, 'a redelivery to be accepted once Temporal is reachable again');
    expect((await jsonOf(redelivered)).outcome).toBe('signalled');
    await eventually(async () => (await balance()) === 10, 30_000, 'the grant after the redelivery');
    const grants = await app.deps.orm.em.fork().getConnection().execute<{ n: number }[]>(`select count(*)::int as n from credit_ledger where kind = 'grant' and provider_session_id = ?`, [sessionId]);
    expect(grants[0]!.n).toBe(1);
  }, 60_000);
});
