import { randomUUID } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordMovement } from '../../src/modules/credits/ledger';
import { createPspClient } from '../../src/modules/checkout/psp-client';
import { matchWindow, parsePeriod } from '../../src/modules/finance/reconciliation-period';
import { readProviderRecords } from '../../src/modules/finance/provider-records';
import { cliWithEnv } from '../helpers/cli';
import { jsonOf } from '../helpers/http';
import { createTestClient, tokenFor, type TestClient } from '../helpers/identity';
import { deliver, sessionEvent } from '../helpers/psp-events';
import { providerId, startPspRecords, type PspRecords } from '../helpers/psp-records';
import { TEST_PSP_WEBHOOK_SECRET, testConfig } from '../helpers/test-config';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { startTestWorker, type TestWorker } from '../helpers/test-worker';
import { testRun } from '../helpers/test-run';

const SECRET = 'sk_test_ComplianceIntelligenceTests';
const today = () => new Date().toISOString().slice(0, 10);


describe("finance against the provider's own records: reconcile reads them with the SDK, repair grants a payment that never reached us, once", () => {
  let app: TestApp;
  let worker: TestWorker;
  let records: PspRecords;
  let who: TestClient & { token: string };
  const taskQueue = `finance-provider-${randomUUID()}`;
  const query = <T>(text: string, params: unknown[]) => app.deps.orm.em.fork().getConnection().execute<T[]>(text, params);
  const env = () => ({
    PSP_SECRET_KEY: SECRET,
    PSP_WEBHOOK_SECRET: TEST_PSP_WEBHOOK_SECRET,
    PSP_API_BASE_URL: records.url,
    TEMPORAL_ADDRESS: testRun().temporalAddress,
    TEMPORAL_NAMESPACE: testRun().temporalNamespace,
    TEMPORAL_TASK_QUEUE: taskQueue,
  });
  const open = async () => {
    const res = await fetch(`${app.url}/v1/psp/checkout`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${who.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ account_id: who.accountId, pack_index: 0 }),
    });
    expect(res.status).toBe(201);
    return (await jsonOf(res)).session_id as string;
  };
  const grantsOf = (sessionId: string) => query<{ amount: number }>(`select amount from credit_ledger where kind = 'grant' and provider_session_id = ?`, [sessionId]);
  const reconcile = async () => {
    const result = await cliWithEnv(env(), 'finance', 'reconcile', '--from', today(), '--to', today(), '--account', who.accountId);
    return { ...result, rows: parse(result.stdout, { columns: true }) as Record<string, string>[] };
  };

  // A payment whose webhook never came, one that came, a refund of the latter that never came, and a
  // grant the provider has no payment for.
  let undelivered: string;
  let delivered: string;
  let refundCharge: string;
  let unbacked: string;

  beforeAll(async () => {
    app = await startTestApp(testConfig({ TEMPORAL_TASK_QUEUE: taskQueue }));
    worker = await startTestWorker(app.deps.config);
    records = await startPspRecords(testRun().stripeMockUrl, SECRET);
    const client = await createTestClient(app.deps.orm.em.fork(), app.deps.config.auth.encryptionKey, { plan: 'scale', credits: 0 });
    who = { ...client, token: await tokenFor(app.url, client) };

    undelivered = await open();
    await records.plantPaidSession({ id: undelivered, accountId: who.accountId, amountTotal: 2_900, paymentIntent: providerId('pi') });

    delivered = await open();
    const deliveredIntent = providerId('pi');
    await records.plantPaidSession({ id: delivered, accountId: who.accountId, amountTotal: 2_900, paymentIntent: deliveredIntent });
    await deliver(app.url, sessionEvent('checkout.session.completed', { id: delivered, accountId: who.accountId, amountTotal: 2_900, paymentIntent: deliveredIntent, paymentStatus: 'paid' }));
    await app.deps.temporal.client.workflow.getHandle(`checkout-${delivered}`).result();
    const charge = await records.plantCharge({ paymentIntent: deliveredIntent, amount: 2_900 });
    refundCharge = charge.id as string;
    await records.plantRefund({ charge: refundCharge, paymentIntent: deliveredIntent, amount: 2_900 });

    unbacked = `cs_test_${randomUUID().replace(/-/g, '')}`;
    await app.deps.orm.em.fork().transactional((tx) =>
      recordMovement(tx, { accountId: who.accountId, kind: 'grant', amount: 10, idempotencyKey: `grant:checkout:${unbacked}`, description: 'Pack 0: 10 credits bought', providerSessionId: unbacked, packIndex: 0 }),
    );
    // Someone else's payment on the same provider account: read, and left out.
    await records.plantPaidSession({ id: providerId('cs'), accountId: null, amountTotal: 5_000, paymentIntent: providerId('pi') });
  }, 180_000);

  afterAll(async () => {
    await worker?.stop();
    await records?.close();
    await app?.close();
  });

  it('reports a paid session whose webhook never came, a refund with no reversal and a grant with no provider payment, each a mismatch', async () => {
    const { code, rows, stderr } = await reconcile();
    expect(code).toBe(3);
    expect(stderr).toMatch(/provider records read \([1-9]\d* not ours\)/);
    const mismatches = rows.filter((r) => r.status === 'mismatch').map((r) => [r.kind, r.issue, r.provider_session_id || r.charge_id, r.provider_event_id]);
    expect(mismatches).toEqual(
      expect.arrayContaining([
        ['grant', 'grant with no paid session', unbacked, ''],
        ['provider_only', 'paid session with no grant', undelivered, ''], // no event id: its webhook never reached us
        ['provider_only', 'refund with no reversal', delivered, ''],
      ]),
    );
    expect(mismatches).toHaveLength(3);
    expect(rows.find((r) => r.provider_session_id === delivered && r.kind === 'grant')).toMatchObject({ status: 'ok', provider_amount_cents: '2900' });
    expect(rows.find((r) => r.issue === 'refund with no reversal')).toMatchObject({ charge_id: refundCharge, provider_amount_cents: '2900' });
  }, 120_000);

  it('pages through every list to its end', async () => {
    records.listRequests.length = 0;
    const psp = createPspClient({ ...app.deps.config.psp, apiBaseUrl: records.url })!;
    const read = await readProviderRecords(psp, app.deps.orm.em.fork(), matchWindow(parsePeriod(today(), today())), 1);
    const sessionPages = records.listRequests.filter((r) => r.collection === 'checkout/sessions');
    expect(sessionPages.length).toBeGreaterThanOrEqual(3); // three planted sessions, one a page
    expect(sessionPages.slice(1).every((r) => r.query.get('starting_after') !== null)).toBe(true);
    expect(read.facts.filter((f) => f.kind === 'paid_session').map((f) => f.kind === 'paid_session' && f.session_id).sort()).toEqual([delivered, undelivered].sort());
  }, 60_000);

  it('finance repair grants the paid session through its workflow once (run twice: one grant), and refuses one the provider says is unpaid', async () => {
    const first = await cliWithEnv(env(), '--json', 'finance', 'repair', '--session', undelivered);
    expect(first.code, first.stderr).toBe(0);
    expect(JSON.parse(first.stdout)).toMatchObject({ session_id: undelivered, status: 'granted', credits: 10 });
    const again = await cliWithEnv(env(), '--json', 'finance', 'repair', '--session', undelivered);
    expect(again.code).toBe(0);
    expect(JSON.parse(again.stdout)).toMatchObject({ status: 'already_granted', ledger_entry_id: JSON.parse(first.stdout).ledger_entry_id });
    // The webhook arriving after all changes nothing either.
    await deliver(app.url, sessionEvent('checkout.session.completed', { id: undelivered, accountId: who.accountId, amountTotal: 2_900, paymentIntent: providerId('pi'), paymentStatus: 'paid' }));
    expect(await grantsOf(undelivered)).toEqual([{ amount: 10 }]);
    expect((await query<{ status: string }>('select status from checkout_sessions where session_id = ?', [undelivered]))[0]!.status).toBe('paid');

    const unpaid = await open(); // stripe-mock's own record of it: unpaid
    const refused = await cliWithEnv(env(), '--json', 'finance', 'repair', '--session', unpaid);
    expect(refused.code).toBe(1);
    expect(JSON.parse(refused.stderr)).toEqual({ detail: `the payment provider says ${unpaid} is unpaid (status open): nothing granted` });
    expect(await grantsOf(unpaid)).toEqual([]);
    const bad = await cliWithEnv(env(), 'finance', 'repair', '--session', 'not-a-session');
    expect(bad.code).toBe(2);

    const after = await reconcile();
    expect(after.rows.find((r) => r.provider_session_id === undelivered)).toMatchObject({ kind: 'grant', status: 'ok', provider_amount_cents: '2900' });
  }, 180_000);
});
