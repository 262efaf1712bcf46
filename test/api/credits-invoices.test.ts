import { randomBytes, randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../../src/db/sql';
import { PACKS } from '../../src/modules/credits/pricing';
import { createAccount } from '../../src/modules/identity/accounts';
import { jsonOf } from '../helpers/http';
import { createTestClient, tokenFor, type TestClient } from '../helpers/identity';
import { pdfPages } from '../helpers/pdf-text';
import { testConfig } from '../helpers/test-config';
import { startTestApp, type TestApp } from '../helpers/test-app';

const id = (prefix: string) => `${prefix}_test_${randomBytes(10).toString('hex')}`;

/** A checkout as the checkout workflow leaves it once paid: status, payment intent, invoice number, settled time. */
async function paidCheckout(em: EntityManager, accountId: string, packIndex: number, settledAt: string | null, status = 'paid'): Promise<{ sessionId: string; paymentIntent: string; invoiceNumber: number | null }> {
  const pack = PACKS[packIndex]!;
  const sessionId = id('cs');
  const paymentIntent = id('pi');
  const [row] = await sql<{ invoice_number: string | null }[]>(
    em,
    `insert into checkout_sessions (session_id, account_id, client_id, pack_index, credits, amount_inc_gst_cents, gst_cents, ex_gst_cents, currency,
       checkout_url, workflow_id, status, payment_intent_id, provider_amount_total, invoice_number, expires_at, settled_at)
     values (?, ?, ?, ?, ?, ?, ?, ?, 'AUD', ?, ?, ?, ?, ?, case when ? = 'paid' then nextval('tax_invoice_number_seq') end, now() + interval '1 day', ?)
     returning invoice_number`,
    [sessionId, accountId, randomUUID(), packIndex, pack.credits, pack.price.inc_gst_cents, pack.price.gst_cents, pack.price.ex_gst_cents,
      `https://checkout.example/${sessionId}`, `checkout-${sessionId}`, status, status === 'paid' ? paymentIntent : null, status === 'paid' ? pack.price.inc_gst_cents : null, status, settledAt],
  );
  return { sessionId, paymentIntent, invoiceNumber: row!.invoice_number === null ? null : Number(row!.invoice_number) };
}

const invoiceId = (n: number) => `INV-${String(n).padStart(6, '0')}`;

describe('tax invoices of paid checkouts', () => {
  let app: TestApp;
  let client: TestClient;
  let other: TestClient;
  let token: string;
  let older: Awaited<ReturnType<typeof paidCheckout>>;
  let newer: Awaited<ReturnType<typeof paidCheckout>>;
  let foreign: Awaited<ReturnType<typeof paidCheckout>>;
  let open: Awaited<ReturnType<typeof paidCheckout>>;
  const em = () => app.deps.orm.em.fork();
  const get = (path: string, bearer = token) => fetch(`${app.url}${path}`, { headers: { Authorization: `Bearer ${bearer}` } });

  beforeAll(async () => {
    app = await startTestApp(testConfig({ SELLER_ABN: '51824753556', SELLER_NAME: 'Compliance Intelligence Pty Ltd', SELLER_ADDRESS: '1 Example Street, Sydney NSW 2000' }));
    const account = await createAccount(em(), { name: 'Harbour Analytics Pty Ltd', plan: 'starter' });
    client = await createTestClient(em(), app.deps.config.auth.encryptionKey, { accountId: account.id });
    other = await createTestClient(em(), app.deps.config.auth.encryptionKey, { credits: 0 });
    token = await tokenFor(app.url, client, 'credits:read');
    older = await paidCheckout(em(), client.accountId, 1, '2026-03-01T13:30:00.000Z'); // 2 March in Sydney (AEDT, +11)
    newer = await paidCheckout(em(), client.accountId, 3, '2026-03-05T01:00:00.000Z');
    open = await paidCheckout(em(), client.accountId, 0, null, 'open');
    foreign = await paidCheckout(em(), other.accountId, 0, '2026-03-02T00:00:00.000Z');
  });
  afterAll(async () => {
    await app?.close();
  });

  it('serves the PDF: "Tax invoice", the seller and its ABN, the date, the buyer, the amounts with GST, the payment reference', async () => {
    const res = await get(`/v1/credits/invoices/${invoiceId(older.invoiceNumber!)}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toContain(invoiceId(older.invoiceNumber!));
    const bytes = new Uint8Array(await res.arrayBuffer());
    const text = (await pdfPages(bytes)).join('\n');
    for (const expected of [
      'Tax invoice',
      'Compliance Intelligence Pty Ltd',
      'ABN 51 824 753 556',
      invoiceId(older.invoiceNumber!),
      '2 March 2026',
      'Harbour Analytics Pty Ltd',
      `Account ${client.accountId}`,
      'Credit pack 1 — 50 credits',
      '$117.27', // ex GST
      '$11.73', // GST
      '$129.00', // inc GST
      'GST (10%)',
      'Total price includes GST.',
      `Checkout session: ${older.sessionId}`,
      `Payment intent: ${older.paymentIntent}`,
    ]) {
      expect(text).toContain(expected);
    }
    const again = new Uint8Array(await (await get(`/v1/credits/invoices/${invoiceId(older.invoiceNumber!)}`)).arrayBuffer());
    expect(Buffer.from(again).equals(Buffer.from(bytes))).toBe(true); // the same invoice, the same bytes
  });

  it('lists the account’s invoices newest first, paged, with the URL of each PDF', async () => {
    const list = await jsonOf(await get(`/v1/credits/invoices?account_id=${client.accountId}`));
    expect(list).toMatchObject({ account_id: client.accountId, total: 2, limit: 50, offset: 0 });
    expect(list.invoices).toEqual([
      {
        invoice_id: invoiceId(newer.invoiceNumber!),
        session_id: newer.sessionId,
        payment_intent_id: newer.paymentIntent,
        issued_at: '2026-03-05T01:00:00.000Z',
        pack_index: 3,
        credits: 1_000,
        inc_gst_cents: 199_000,
        gst_cents: 18_091,
        ex_gst_cents: 180_909,
        currency: 'AUD',
        url: `/v1/credits/invoices/${invoiceId(newer.invoiceNumber!)}`,
      },
      expect.objectContaining({ invoice_id: invoiceId(older.invoiceNumber!), session_id: older.sessionId, credits: 50, inc_gst_cents: 12_900, gst_cents: 1_173, ex_gst_cents: 11_727 }),
    ]);
    expect(JSON.stringify(list)).not.toContain(open.sessionId); // an unpaid checkout has no invoice
    const second = await jsonOf(await get(`/v1/credits/invoices?account_id=${client.accountId}&limit=1&offset=1`));
    expect(second).toMatchObject({ total: 2, limit: 1, offset: 1, invoices: [expect.objectContaining({ session_id: older.sessionId })] });
    expect((await get(`/v1/credits/invoices?account_id=${client.accountId}&limit=201`)).status).toBe(422);
    expect((await get('/v1/credits/invoices')).status).toBe(422);
  });

  it("answers 404 for another account's invoice or an unknown one, 403 for another account's list", async () => {
    for (const path of [`/v1/credits/invoices/${invoiceId(foreign.invoiceNumber!)}`, '/v1/credits/invoices/INV-999999999', '/v1/credits/invoices/not-an-invoice']) {
      const res = await get(path);
      expect(res.status).toBe(404);
      expect((await jsonOf(res)).detail).toMatch(/No invoice .* for this account/);
    }
    const list = await get(`/v1/credits/invoices?account_id=${other.accountId}`);
    expect(list.status).toBe(403);
    expect((await jsonOf(list)).detail).toMatch(/only its own account/);
    const scansOnly = await tokenFor(app.url, client, 'scans:read');
    expect((await get(`/v1/credits/invoices/${invoiceId(older.invoiceNumber!)}`, scansOnly)).status).toBe(403);
  });

  it('answers 503 naming SELLER_ABN when the seller has no ABN configured', async () => {
    const noAbn = await startTestApp(testConfig());
    try {
      const bearer = await tokenFor(noAbn.url, client, 'credits:read');
      const res = await fetch(`${noAbn.url}/v1/credits/invoices/${invoiceId(older.invoiceNumber!)}`, { headers: { Authorization: `Bearer ${bearer}` } });
      expect(res.status).toBe(503);
      expect((await jsonOf(res)).detail).toMatch(/SELLER_ABN must be set/);
      const list = await fetch(`${noAbn.url}/v1/credits/invoices?account_id=${client.accountId}`, { headers: { Authorization: `Bearer ${bearer}` } });
      expect(list.status).toBe(200);
    } finally {
      await noAbn.close();
    }
  });
});
