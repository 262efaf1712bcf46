import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EntityManager } from '@mikro-orm/postgresql';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli, cliWithEnv } from '../helpers/cli';
import { openOrm, type Orm } from '../../src/db/orm';
import { sql } from '../../src/db/sql';
import { createAccount } from '../../src/modules/identity/accounts';
import { recordMovement } from '../../src/modules/credits/ledger';
import { matchWindow, parsePeriod } from '../../src/modules/finance/reconciliation-period';
import { ledgerPages } from '../../src/modules/finance/ledger-movement.store';
import { PACKS, priceOf } from '../../src/modules/credits/pricing';
import { TEST_PSP_WEBHOOK_SECRET, testConfig } from '../helpers/test-config';
import { testRun } from '../helpers/test-run';


/** The provider is stripe-mock itself here: its lists hold only its 2009 fixtures, none of them ours, so the provider side is the stored events. */
const reconcile = (...args: string[]) =>
  cliWithEnv({ PSP_SECRET_KEY: 'sk_test_ComplianceIntelligenceTests', PSP_WEBHOOK_SECRET: TEST_PSP_WEBHOOK_SECRET, PSP_API_BASE_URL: testRun().stripeMockUrl }, 'finance', 'reconcile', ...args);

const id = (prefix: string) => `${prefix}_test_${randomBytes(10).toString('hex')}`;
const utcDay = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

/** A provider event stored as the webhook stores it: the whole Stripe event in `payload`. */
async function storeEvent(em: EntityManager, type: string, object: Record<string, unknown>, refs: { sessionId?: string; paymentIntent: string }): Promise<void> {
  const event = { id: id('evt'), object: 'event', type, created: Math.floor(Date.now() / 1000) - 1, livemode: false, data: { object } };
  await sql(
    em,
    `insert into psp_events (event_id, event_type, provider_created_at, session_id, payment_intent_id, payload, processed_at)
     values (?, ?, to_timestamp(?), ?, ?, ?::jsonb, clock_timestamp())`,
    [event.id, type, event.created, refs.sessionId ?? null, refs.paymentIntent, JSON.stringify(event)],
  );
}

interface Checkout {
  sessionId: string;
  paymentIntent: string;
  packIndex: number;
}

/** A checkout the provider reports paid; `grant` says whether the ledger has its grant (false plants a mismatch). */
async function paidCheckout(orm: Orm, accountId: string, packIndex: number, grant: boolean): Promise<Checkout> {
  const pack = PACKS[packIndex]!;
  const checkout = { sessionId: id('cs'), paymentIntent: id('pi'), packIndex };
  const em = orm.em.fork();
  await sql(
    em,
    `insert into checkout_sessions (session_id, account_id, client_id, pack_index, credits, amount_inc_gst_cents, gst_cents, ex_gst_cents, currency,
       checkout_url, workflow_id, status, payment_intent_id, provider_amount_total, invoice_number, expires_at, settled_at)
     values (?, ?, ?, ?, ?, ?, ?, ?, 'AUD', ?, ?, 'paid', ?, ?, nextval('tax_invoice_number_seq'), now() + interval '1 day', clock_timestamp())`,
    [checkout.sessionId, accountId, randomUUID(), packIndex, pack.credits, pack.price.inc_gst_cents, pack.price.gst_cents, pack.price.ex_gst_cents,
      `https://checkout.example/${checkout.sessionId}`, `checkout-${checkout.sessionId}`, checkout.paymentIntent, pack.price.inc_gst_cents],
  );
  await storeEvent(
    em,
    'checkout.session.completed',
    {
      id: checkout.sessionId,
      object: 'checkout.session',
      payment_status: 'paid',
      amount_total: pack.price.inc_gst_cents,
      currency: 'aud',
      payment_intent: checkout.paymentIntent,
      client_reference_id: accountId,
      metadata: { account_id: accountId, pack_index: String(packIndex) },
    },
    { sessionId: checkout.sessionId, paymentIntent: checkout.paymentIntent },
  );
  if (grant) {
    await orm.em.fork().transactional((tx) =>
      recordMovement(tx, {
        accountId,
        kind: 'grant',
        amount: pack.credits,
        idempotencyKey: `grant:checkout:${checkout.sessionId}`,
        description: `Pack ${packIndex}: ${pack.credits} credits bought`,
        providerSessionId: checkout.sessionId,
        providerPaymentId: checkout.paymentIntent,
        packIndex,
        price: pack.price,
      }),
    );
  }
  return checkout;
}

/** The provider refunds `cents` of the checkout's charge, and the ledger reverses the credits it bought. */
async function refundedCheckout(orm: Orm, accountId: string, checkout: Checkout, cents: number, credits: number): Promise<string> {
  const chargeId = id('ch');
  const amount = PACKS[checkout.packIndex]!.price.inc_gst_cents;
  await storeEvent(orm.em.fork(), 'charge.refunded', { id: chargeId, object: 'charge', amount, amount_refunded: cents, currency: 'aud', payment_intent: checkout.paymentIntent }, { paymentIntent: checkout.paymentIntent });
  await orm.em.fork().transactional((tx) =>
    recordMovement(tx, {
      accountId,
      kind: 'reversal',
      amount: -credits,
      idempotencyKey: `reversal:refund:${chargeId}:${cents}`,
      description: `Refund ${chargeId} on checkout ${checkout.sessionId}: ${credits} credits reversed`,
      providerSessionId: checkout.sessionId,
      providerPaymentId: checkout.paymentIntent,
      packIndex: checkout.packIndex,
      price: priceOf(cents),
    }),
  );
  return chargeId;
}


describe('finance reconcile (the CLI, on the real database)', () => {
  let orm: Orm;
  let dir: string;
  let account: string;
  let consistent: string;
  let checkouts: Checkout[];
  let planted: Checkout;
  let refundCharge: string;

  beforeAll(async () => {
    orm = await openOrm(testConfig().db);
    dir = await mkdtemp(join(tmpdir(), 'finance-reconcile-'));
    account = (await createAccount(orm.em.fork(), { name: 'Reconciled Pty Ltd', plan: 'starter' })).id;
    consistent = (await createAccount(orm.em.fork(), { name: 'Consistent Pty Ltd', plan: 'starter' })).id;
    // A test allowance: a grant that is not a purchase, left out of the report and counted.
    await orm.em.fork().transactional((tx) => recordMovement(tx, { accountId: account, kind: 'grant', amount: 5, idempotencyKey: `test-grant:${account}:5`, description: 'Test allowance' }));
    checkouts = [await paidCheckout(orm, account, 1, true), await paidCheckout(orm, account, 0, true), await paidCheckout(orm, account, 3, true)];
    refundCharge = await refundedCheckout(orm, account, checkouts[0]!, 6_450, 25);
    planted = await paidCheckout(orm, account, 2, false); // the one mismatch: paid, never granted
    await paidCheckout(orm, consistent, 0, true);
  }, 120_000);

  afterAll(async () => {
    await orm?.close(true);
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('writes one row per grant and reversal, flags the planted mismatch and only it, and exits 3', async () => {
    const out = join(dir, 'report.csv');
    const result = await reconcile('--from', utcDay(-1), '--to', utcDay(1), '--account', account, '--out', out);
    expect(result.stderr).toMatch(/5 rows \(3 grants, 1 reversals, 0 operator, 1 provider only\), 1 mismatches, 1 non-purchase grants excluded; [1-9]\d* provider records read \([1-9]\d* not ours\)/);
    expect(result.code).toBe(3);
    await expect(stat(`${out}.partial`)).rejects.toThrow(); // renamed into place
    const rows = parse(await readFile(out, 'utf8'), { columns: true }) as Record<string, string>[];
    expect(Object.keys(rows[0]!)).toEqual([
      'kind', 'status', 'issue', 'account_id', 'ledger_entry_id', 'ledger_created_at', 'provider_event_id', 'provider_session_id', 'payment_intent_id',
      'charge_id', 'dispute_id', 'credits', 'inc_gst_cents', 'gst_cents', 'ex_gst_cents', 'provider_amount_cents', 'invoice_number', 'actor', 'reason',
    ]);
    expect(rows.map((r) => [r.kind, r.provider_session_id, r.status])).toEqual([
      ['grant', checkouts[0]!.sessionId, 'ok'],
      ['grant', checkouts[1]!.sessionId, 'ok'],
      ['grant', checkouts[2]!.sessionId, 'ok'],
      ['reversal', checkouts[0]!.sessionId, 'ok'],
      ['provider_only', planted.sessionId, 'mismatch'],
    ]);
    expect(rows.filter((r) => r.status === 'mismatch')).toEqual([
      expect.objectContaining({ kind: 'provider_only', issue: 'paid session with no grant', provider_session_id: planted.sessionId, payment_intent_id: planted.paymentIntent, provider_amount_cents: '44900', ledger_entry_id: '', account_id: account }),
    ]);
    expect(rows[0]).toMatchObject({ account_id: account, payment_intent_id: checkouts[0]!.paymentIntent, credits: '50', inc_gst_cents: '12900', gst_cents: '1173', ex_gst_cents: '11727', provider_amount_cents: '12900', issue: '' });
    expect(rows[0]!.invoice_number).toMatch(/^\d+$/);
    expect(rows[0]!.ledger_entry_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(rows[2]).toMatchObject({ credits: '1000', inc_gst_cents: '199000', gst_cents: '18091', ex_gst_cents: '180909' });
    expect(rows[3]).toMatchObject({ kind: 'reversal', charge_id: refundCharge, payment_intent_id: checkouts[0]!.paymentIntent, credits: '-25', inc_gst_cents: '6450', gst_cents: '586', ex_gst_cents: '5864', provider_amount_cents: '6450' });
  }, 120_000);

  it('pages through the ledger by keyset without skipping or repeating a movement', async () => {
    const window = matchWindow(parsePeriod(utcDay(-1), utcDay(1)));
    const ids = async (pageSize: number) => {
      const pages: string[][] = [];
      for await (const page of ledgerPages(orm.em.fork(), window, account, pageSize)) pages.push(page.map((m) => m.entry_id));
      return pages;
    };
    const [whole] = await ids(1_000);
    expect(whole).toHaveLength(4); // 3 grants and 1 reversal; the test allowance is not a purchase
    const paged = await ids(3);
    expect(paged.map((p) => p.length)).toEqual([3, 1]);
    expect(paged.flat()).toEqual(whole);
  });

  it('exits 0 with a clean report on stdout when the ledger and the provider agree, 2 with nothing written on bad usage, 1 when it cannot write', async () => {
    const clean = await reconcile('--from', utcDay(-1), '--to', utcDay(1), '--account', consistent);
    expect(clean.code).toBe(0);
    const rows = parse(clean.stdout, { columns: true }) as Record<string, string>[];
    expect(rows.map((r) => [r.kind, r.status])).toEqual([['grant', 'ok']]);
    expect(clean.stderr).toMatch(/1 rows \(1 grants, 0 reversals, 0 operator, 0 provider only\), 0 mismatches, 0 non-purchase grants excluded/);
    const eventsOnly = await cli('finance', 'reconcile', '--from', utcDay(-1), '--to', utcDay(1), '--account', consistent, '--events-only');
    expect(eventsOnly.code).toBe(0);
    expect(eventsOnly.stderr).toMatch(/provider's records not read \(--events-only\)/);
    const unconfigured = await cliWithEnv({ PSP_SECRET_KEY: '', PSP_WEBHOOK_SECRET: '' }, 'finance', 'reconcile', '--from', utcDay(-1), '--to', utcDay(1));
    expect(unconfigured.code).toBe(1);
    expect(unconfigured.stderr).toMatch(/PSP_SECRET_KEY is not set/);

    const out = join(dir, 'never.csv');
    const bad = await reconcile('--from', '2026-02-30', '--to', utcDay(0), '--out', out);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--from must be a date as YYYY-MM-DD/);
    await expect(stat(out)).rejects.toThrow();
    const unwritable = await reconcile('--from', utcDay(0), '--to', utcDay(0), '--out', join(dir, 'no-such-dir', 'report.csv'));
    expect(unwritable.code).toBe(1);
    expect(unwritable.stderr).toMatch(/ENOENT/);
    const help = await cli('finance', 'reconcile', '--help');
    expect(help.stdout).toMatch(/3 {2}reconciled, mismatches flagged/);
  }, 120_000);
});
