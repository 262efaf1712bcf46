import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordMovement } from '../../src/modules/credits/ledger';
import { parsePeriod } from '../../src/modules/finance/reconciliation-period';
import type { ReportRow } from '../../src/modules/finance/report-rows';
import { runReconciliation } from '../../src/modules/finance/reconciliation-source';
import { jsonOf, type Json } from '../helpers/http';
import { eventually } from '../helpers/https-receiver';
import { createTestClient, tokenFor, type TestClient } from '../helpers/identity';
import { deliver, disputeEvent, paymentIntentId, refundEvent, sessionEvent } from '../helpers/psp-events';
import { testConfig } from '../helpers/test-config';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { startTestWorker, type TestWorker } from '../helpers/test-worker';

describe('buying credits: checkout at stripe-mock, confirmed by the provider webhook and the checkout workflow', () => {
  let app: TestApp;
  let worker: TestWorker | undefined;
  const em = () => app.deps.orm.em.fork();
  const query = <T>(text: string, params: unknown[]) => em().getConnection().execute<T[]>(text, params);
  const startWorker = async () => {
    worker = await startTestWorker(app.deps.config);
  };
  const stopWorker = async () => {
    await worker?.stop();
    worker = undefined;
  };

  async function buyer(): Promise<TestClient & { token: string }> {
    const client = await createTestClient(em(), app.deps.config.auth.encryptionKey, { plan: 'scale', credits: 0 });
    return { ...client, token: await tokenFor(app.url, client) };
  }
  const checkout = (who: { token: string }, body: Json, headers: Record<string, string> = {}) =>
    fetch(`${app.url}/v1/psp/checkout`, { method: 'POST', headers: { Authorization: `Bearer ${who.token}`, 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) });
  const open = async (who: TestClient & { token: string }, packIndex: number) => {
    const res = await checkout(who, { account_id: who.accountId, pack_index: packIndex });
    if (res.status !== 201) throw new Error(`checkout answered ${res.status}: ${await res.text()}`);
    return jsonOf(res);
  };
  const balanceOf = async (accountId: string) => (await query<{ balance: number }>('select balance from credit_balances where account_id = ?', [accountId]))[0]?.balance ?? 0;
  const grantsOf = (sessionId: string) => query<{ amount: number; provider_payment_id: string }>(`select amount, provider_payment_id from credit_ledger where kind = 'grant' and provider_session_id = ?`, [sessionId]);
  const sessionRow = async (sessionId: string) => (await query<{ status: string; invoice_number: string | null }>('select status, invoice_number from checkout_sessions where session_id = ?', [sessionId]))[0]!;
  const workflow = (sessionId: string) => app.deps.temporal.client.workflow.getHandle(`checkout-${sessionId}`);
  const outcomeOf = async (res: Response) => {
    expect(res.status).toBe(200);
    return (await jsonOf(res)).outcome as string;
  };

  beforeAll(async () => {
    app = await startTestApp(testConfig({ TEMPORAL_TASK_QUEUE: `checkout-${randomUUID()}` }));
  });
  afterAll(async () => {
    await stopWorker();
    await app?.close();
  });

  it('opens a hosted checkout for the pack at its inc-GST price, and grants nothing by itself', async () => {
    const who = await buyer();
    const session = await open(who, 2);
    expect(session).toMatchObject({ status: 'open', account_id: who.accountId, pack_index: 2, credits: 200, currency: 'AUD', amount_inc_gst_cents: 44_900, gst_cents: 4_082, ex_gst_cents: 40_818 });
    expect(session.session_id).toMatch(/^cs_test_/);
    expect(session.checkout_url).toMatch(/^https:\/\//);
    expect(session.workflow_id).toBe(`checkout-${session.session_id}`);
    expect(await balanceOf(who.accountId)).toBe(0);
    const described = await workflow(session.session_id).describe();
    expect(await described.memo).toMatchObject({ accountId: who.accountId, packIndex: 2, sessionId: session.session_id });
    expect(described.searchAttributes).toMatchObject({ AccountId: [who.accountId], CheckoutSessionId: [session.session_id], CreditPack: ['2'] });
  });

  it('refuses a bad pack (422), another account (403), a token without credits:write (403), and answers a repeated Idempotency-Key with the first session', async () => {
    const who = await buyer();
    expect((await checkout(who, { account_id: who.accountId, pack_index: 4 })).status).toBe(422);
    expect((await checkout(who, { account_id: randomUUID(), pack_index: 0 })).status).toBe(403);
    const readOnly = { token: await tokenFor(app.url, who, 'credits:read') };
    expect((await checkout(readOnly, { account_id: who.accountId, pack_index: 0 })).status).toBe(403);
    const first = await checkout(who, { account_id: who.accountId, pack_index: 1 }, { 'Idempotency-Key': 'pack-1-once' });
    const again = await checkout(who, { account_id: who.accountId, pack_index: 1 }, { 'Idempotency-Key': 'pack-1-once' });
    expect([first.status, again.status]).toEqual([201, 200]);
    expect((await jsonOf(again)).session_id).toBe((await jsonOf(first)).session_id);
    expect((await query<{ n: number }>('select count(*)::int as n from checkout_sessions where account_id = ?', [who.accountId]))[0]!.n).toBe(1);
  });

  it('grants a paid session exactly once though its event is delivered three times and the worker is restarted between deliveries', async () => {
    const who = await buyer();
    await startWorker();
    const session = await open(who, 0);
    await stopWorker(); // the workflow waits with no worker to run it
    const paid = sessionEvent('checkout.session.completed', { id: session.session_id, accountId: who.accountId, amountTotal: 2_900, paymentIntent: paymentIntentId(), paymentStatus: 'paid' });

    expect(await outcomeOf(await deliver(app.url, paid))).toBe('signalled');
    await startWorker();
    await eventually(async () => (await balanceOf(who.accountId)) === 10, 30_000, 'the grant');
    await stopWorker();
    expect(await outcomeOf(await deliver(app.url, paid))).toBe('duplicate');
    await startWorker();
    expect(await outcomeOf(await deliver(app.url, paid))).toBe('duplicate');
    expect(await workflow(session.session_id).result()).toMatchObject({ state: 'paid', eventId: paid.id, newlyGranted: true });

    expect(await grantsOf(session.session_id)).toEqual([{ amount: 10, provider_payment_id: paid.data.object.payment_intent }]);
    expect(await balanceOf(who.accountId)).toBe(10);
    const row = await sessionRow(session.session_id);
    expect(row.status).toBe('paid');
    expect(row.invoice_number).not.toBeNull();
    expect((await query<{ deliveries: number }>('select deliveries from psp_events where event_id = ?', [paid.id]))[0]!.deliveries).toBe(3);
  }, 120_000);

  it('grants nothing for a completed but unpaid session until its delayed payment succeeds', async () => {
    const who = await buyer();
    if (!worker) await startWorker();
    const session = await open(who, 1);
    const intent = paymentIntentId();
    const base = { id: session.session_id, accountId: who.accountId, amountTotal: 12_900, paymentIntent: intent };
    expect(await outcomeOf(await deliver(app.url, sessionEvent('checkout.session.completed', { ...base, paymentStatus: 'unpaid' })))).toBe('signalled');
    await eventually(async () => (await workflow(session.session_id).query<string>('checkoutState')) === 'awaiting_delayed_payment', 30_000, 'the workflow to wait for the delayed payment');
    expect(await balanceOf(who.accountId)).toBe(0);
    expect(await grantsOf(session.session_id)).toEqual([]);

    expect(await outcomeOf(await deliver(app.url, sessionEvent('checkout.session.async_payment_succeeded', base)))).toBe('signalled');
    expect(await workflow(session.session_id).result()).toMatchObject({ state: 'paid' });
    expect(await balanceOf(who.accountId)).toBe(50);
  }, 60_000);

  it('grants nothing when the session expires or its delayed payment fails', async () => {
    const who = await buyer();
    if (!worker) await startWorker();
    const expiring = await open(who, 0);
    const expired = sessionEvent('checkout.session.expired', { id: expiring.session_id, accountId: who.accountId, amountTotal: 2_900 });
    expect(await outcomeOf(await deliver(app.url, expired))).toBe('signalled');
    expect(await workflow(expiring.session_id).result()).toMatchObject({ state: 'expired', ledgerEntryId: null });
    expect((await sessionRow(expiring.session_id)).status).toBe('expired');

    const failing = await open(who, 0);
    const base = { id: failing.session_id, accountId: who.accountId, amountTotal: 2_900, paymentIntent: paymentIntentId() };
    await deliver(app.url, sessionEvent('checkout.session.completed', { ...base, paymentStatus: 'unpaid' }));
    await deliver(app.url, sessionEvent('checkout.session.async_payment_failed', base));
    expect(await workflow(failing.session_id).result()).toMatchObject({ state: 'failed' });
    expect((await sessionRow(failing.session_id)).status).toBe('failed');
    expect(await balanceOf(who.accountId)).toBe(0);
    // A late event about a closed session changes nothing.
    expect(await outcomeOf(await deliver(app.url, sessionEvent('checkout.session.expired', base)))).toBe('settled_already');
  }, 60_000);

  it('reverses credits on a refund (once per refund) and on a dispute', async () => {
    const who = await buyer();
    if (!worker) await startWorker();
    const buy = async (pack: number, amount: number) => {
      const session = await open(who, pack);
      const intent = paymentIntentId();
      await deliver(app.url, sessionEvent('checkout.session.completed', { id: session.session_id, accountId: who.accountId, amountTotal: amount, paymentIntent: intent, paymentStatus: 'paid' }));
      await workflow(session.session_id).result();
      return intent;
    };
    const refunded = await buy(1, 12_900);
    const disputed = await buy(0, 2_900);
    expect(await balanceOf(who.accountId)).toBe(60);

    const partial = refundEvent(refunded, 12_900, 6_450);
    expect(await outcomeOf(await deliver(app.url, partial))).toBe('reversed');
    expect(await outcomeOf(await deliver(app.url, partial))).toBe('duplicate');
    expect(await balanceOf(who.accountId)).toBe(35); // half of pack 1's 50 credits
    expect(await outcomeOf(await deliver(app.url, refundEvent(refunded, 12_900, 12_900, partial.data.object.id as string)))).toBe('reversed');
    expect(await balanceOf(who.accountId)).toBe(10);
    expect(await outcomeOf(await deliver(app.url, disputeEvent(disputed, 2_900)))).toBe('reversed');
    expect(await balanceOf(who.accountId)).toBe(0);

    const reversals = await query<{ amount: number; amount_inc_gst_cents: number; gst_cents: number; provider_payment_id: string }>(
      `select amount, amount_inc_gst_cents, gst_cents, provider_payment_id from credit_ledger where account_id = ? and kind = 'reversal' order by created_at`,
      [who.accountId],
    );
    expect(reversals).toEqual([
      { amount: -25, amount_inc_gst_cents: 6_450, gst_cents: 586, provider_payment_id: refunded },
      { amount: -25, amount_inc_gst_cents: 6_450, gst_cents: 586, provider_payment_id: refunded },
      { amount: -10, amount_inc_gst_cents: 2_900, gst_cents: 264, provider_payment_id: disputed },
    ]);

    // Finance sees the same story from both sides: every grant and reversal matches a provider record.
    const rows: ReportRow[] = [];
    const today = new Date().toISOString().slice(0, 10);
    const { summary } = await runReconciliation(em(), { period: parsePeriod(today, today), accountId: who.accountId }, { onRows: (page) => void rows.push(...page) });
    expect(rows.map((r) => [r.kind, r.status, r.issue])).toEqual([
      ['grant', 'ok', ''],
      ['grant', 'ok', ''],
      ['reversal', 'ok', ''],
      ['reversal', 'ok', ''],
      ['reversal', 'ok', ''],
    ]);
    expect(summary.mismatches).toBe(0);
  }, 60_000);

  it('keeps a refund or dispute that arrives before the payment confirmation and reverses the pack once when the grant lands, in either order, however often delivered', async () => {
    const who = await buyer();
    if (!worker) await startWorker();
    const reversalsOf = (sessionId: string) => query<{ amount: number }>(`select amount from credit_ledger where kind = 'reversal' and provider_session_id = ? order by created_at`, [sessionId]);
    const processedAt = async (eventId: string) => (await query<{ processed_at: Date | null }>('select processed_at from psp_events where event_id = ?', [eventId]))[0]!.processed_at;
    const pay = async (sessionId: string, intent: string) => {
      expect(await outcomeOf(await deliver(app.url, sessionEvent('checkout.session.completed', { id: sessionId, accountId: who.accountId, amountTotal: 2_900, paymentIntent: intent, paymentStatus: 'paid' })))).toBe('signalled');
      expect(await workflow(sessionId).result()).toMatchObject({ state: 'paid', newlyGranted: true });
    };

    // Refund first: kept unprocessed (a redelivery too), applied with the grant.
    const early = await open(who, 0);
    const earlyIntent = paymentIntentId();
    const earlyRefund = refundEvent(earlyIntent, 2_900, 2_900);
    expect(await outcomeOf(await deliver(app.url, earlyRefund))).toBe('parked');
    expect(await outcomeOf(await deliver(app.url, earlyRefund))).toBe('parked');
    expect(await processedAt(earlyRefund.id)).toBeNull();
    expect(await reversalsOf(early.session_id)).toEqual([]);
    await pay(early.session_id, earlyIntent);
    expect(await reversalsOf(early.session_id)).toEqual([{ amount: -10 }]);
    expect(await balanceOf(who.accountId)).toBe(0);
    expect(await processedAt(earlyRefund.id)).not.toBeNull();
    expect(await outcomeOf(await deliver(app.url, earlyRefund))).toBe('duplicate');

    // Confirmation first, then the refund delivered twice.
    const late = await open(who, 0);
    const lateIntent = paymentIntentId();
    await pay(late.session_id, lateIntent);
    expect(await balanceOf(who.accountId)).toBe(10);
    const lateRefund = refundEvent(lateIntent, 2_900, 2_900);
    expect(await outcomeOf(await deliver(app.url, lateRefund))).toBe('reversed');
    expect(await outcomeOf(await deliver(app.url, lateRefund))).toBe('duplicate');
    expect(await reversalsOf(late.session_id)).toEqual([{ amount: -10 }]);
    expect(await balanceOf(who.accountId)).toBe(0);

    // A dispute before the confirmation, the same way.
    const disputed = await open(who, 0);
    const disputedIntent = paymentIntentId();
    const dispute = disputeEvent(disputedIntent, 2_900);
    expect(await outcomeOf(await deliver(app.url, dispute))).toBe('parked');
    await pay(disputed.session_id, disputedIntent);
    expect(await reversalsOf(disputed.session_id)).toEqual([{ amount: -10 }]);
    expect(await balanceOf(who.accountId)).toBe(0);
    expect(await outcomeOf(await deliver(app.url, dispute))).toBe('duplicate');
    expect((await query<{ n: number }>(`select count(*)::int as n from credit_ledger where account_id = ? and kind = 'grant'`, [who.accountId]))[0]!.n).toBe(3);
  }, 120_000);

  it('writes a reversal of 0 credits naming what was used when a refunded pack was already spent', async () => {
    const who = await buyer();
    if (!worker) await startWorker();
    const session = await open(who, 0);
    const intent = paymentIntentId();
    await deliver(app.url, sessionEvent('checkout.session.completed', { id: session.session_id, accountId: who.accountId, amountTotal: 2_900, paymentIntent: intent, paymentStatus: 'paid' }));
    await workflow(session.session_id).result();
    await em().transactional((tx) => recordMovement(tx, { accountId: who.accountId, kind: 'debit', amount: -10, idempotencyKey: `debit:test:${who.accountId}`, description: 'Ten scans' }));
    const refund = refundEvent(intent, 2_900, 2_900);
    expect(await outcomeOf(await deliver(app.url, refund))).toBe('reversed');
    const [row] = await query<{ amount: number; amount_inc_gst_cents: number; description: string }>(
      `select amount, amount_inc_gst_cents, description from credit_ledger where kind = 'reversal' and provider_session_id = ?`,
      [session.session_id],
    );
    expect(row).toMatchObject({ amount: 0, amount_inc_gst_cents: 2_900 });
    expect(row!.description).toMatch(new RegExp(`^Refund ${refund.data.object.id as string} on checkout ${session.session_id}: 0 credits reversed \\(10 of the pack's 10 credits already used\\)$`));
    expect(await balanceOf(who.accountId)).toBe(0);
  }, 60_000);

  it('refuses a forged, stale or unsigned event with 400 and changes nothing', async () => {
    const who = await buyer();
    const session = await open(who, 3);
    const paid = sessionEvent('checkout.session.completed', { id: session.session_id, accountId: who.accountId, amountTotal: 199_000, paymentIntent: paymentIntentId(), paymentStatus: 'paid' });
    const forged = await deliver(app.url, paid, { secret: 'whsec_not_ours' });
    expect(forged.status).toBe(400);
    expect((await jsonOf(forged)).detail).toMatch(/^Signature verification failed/);
    const stale = await deliver(app.url, paid, { timestamp: Math.floor(Date.now() / 1000) - 3_600 });
    expect(stale.status).toBe(400);
    expect((await jsonOf(stale)).detail).toMatch(/tolerance/i);
    expect((await deliver(app.url, paid, { header: null })).status).toBe(400);
    expect((await query<{ n: number }>('select count(*)::int as n from psp_events where event_id = ?', [paid.id]))[0]!.n).toBe(0);
    expect(await balanceOf(who.accountId)).toBe(0);
    expect((await sessionRow(session.session_id)).status).toBe('open');
  });
});
