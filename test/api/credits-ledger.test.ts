import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordMovement } from '../../src/modules/credits/ledger';
import { priceOf } from '../../src/modules/credits/pricing';
import { operatorSql } from '../helpers/operator-sql';
import { jsonOf } from '../helpers/http';
import { createTestClient, tokenFor, type TestClient } from '../helpers/identity';
import { testConfig } from '../helpers/test-config';
import { startTestApp, type TestApp } from '../helpers/test-app';

describe('the credit ledger: append-only, idempotent, never below zero, own account only', () => {
  let app: TestApp;
  let client: TestClient;
  let other: TestClient;
  let token: string;
  const em = () => app.deps.orm.em.fork();
  const get = (path: string, bearer = token) => fetch(`${app.url}${path}`, { headers: { Authorization: `Bearer ${bearer}` } });

  beforeAll(async () => {
    app = await startTestApp(testConfig());
    client = await createTestClient(em(), app.deps.config.auth.encryptionKey, { credits: 0 });
    other = await createTestClient(em(), app.deps.config.auth.encryptionKey);
    token = await tokenFor(app.url, client, 'credits:read');
  });
  afterAll(async () => {
    await app?.close();
  });

  it('records a grant once per idempotency key and moves the balance with it', async () => {
    const grant = { accountId: client.accountId, kind: 'grant' as const, amount: 50, idempotencyKey: `grant:cs_test_${client.accountId}`, description: 'Pack 1: 50 credits', providerSessionId: `cs_test_${client.accountId}`, packIndex: 1, price: priceOf(12_900) };
    const first = await em().transactional((tx) => recordMovement(tx, grant));
    expect(first).toMatchObject({ status: 'recorded', entry: { amount: 50, balance_after: 50, amount_inc_gst_cents: 12_900, gst_cents: 1_173 } });
    const replay = await em().transactional((tx) => recordMovement(tx, grant));
    expect(replay).toMatchObject({ status: 'already_recorded', entry: { entry_id: first.status === 'recorded' ? first.entry.entry_id : '' } });
    const debit = await em().transactional((tx) => recordMovement(tx, { accountId: client.accountId, kind: 'debit', amount: -1, idempotencyKey: `debit:scan:${client.accountId}`, description: 'Full scan' }));
    expect(debit).toMatchObject({ status: 'recorded', entry: { balance_after: 49 } });
    const tooMuch = await em().transactional((tx) => recordMovement(tx, { accountId: client.accountId, kind: 'debit', amount: -50, idempotencyKey: `debit:big:${client.accountId}`, description: 'too much' }));
    expect(tooMuch).toEqual({ status: 'insufficient', balance: 49 });
  });

  it('refuses to change or delete a ledger row (the service role has no right to, and the owner is refused by the trigger), and a balance below zero', async () => {
    const db = em().getConnection();
    const { url, ownerUrl } = app.deps.config.db;
    await expect(db.execute(`update credit_ledger set amount = 1000 where account_id = ?`, [client.accountId])).rejects.toThrow(/permission denied/);
    await expect(db.execute(`delete from credit_ledger where account_id = ?`, [client.accountId])).rejects.toThrow(/permission denied/);
    await expect(operatorSql(url, `alter table credit_ledger disable trigger user`)).rejects.toThrow(/must be owner/);
    await expect(operatorSql(ownerUrl, `update credit_ledger set amount = 1000 where account_id = '${client.accountId}'`)).rejects.toThrow(/immutable/);
    await expect(operatorSql(ownerUrl, `delete from credit_ledger where account_id = '${client.accountId}'`)).rejects.toThrow(/immutable/);
    await expect(db.execute(`update credit_balances set balance = -1 where account_id = ?`, [client.accountId])).rejects.toThrow(/check/);
  });

  it('answers the balance and the ledger newest first, paged, and the sum of the ledger is the balance', async () => {
    const balance = await jsonOf(await get(`/v1/credits/balance?account_id=${client.accountId}`));
    expect(balance).toMatchObject({ account_id: client.accountId, balance: 49, granted: 50, used: 1, refunded: 0, reversed: 0 });
    const page = await jsonOf(await get(`/v1/credits/ledger?account_id=${client.accountId}&limit=1`));
    expect(page).toMatchObject({ total: 2, limit: 1, offset: 0 });
    expect(page.entries).toEqual([expect.objectContaining({ kind: 'debit', amount: -1, balance_after: 49 })]);
    const all = await jsonOf(await get(`/v1/credits/ledger?account_id=${client.accountId}`));
    expect(all.entries.map((e: { kind: string }) => e.kind)).toEqual(['debit', 'grant']);
    expect(all.entries.reduce((sum: number, e: { amount: number }) => sum + e.amount, 0)).toBe(balance.balance);
    const empty = await jsonOf(await get(`/v1/credits/ledger?account_id=${client.accountId}&offset=5`));
    expect(empty).toMatchObject({ entries: [], total: 2 });
  });

  it("answers 403 for another account's credits, 422 without an account or with a bad page, 403 without the scope", async () => {
    const foreign = await get(`/v1/credits/balance?account_id=${other.accountId}`);
    expect(foreign.status).toBe(403);
    expect((await jsonOf(foreign)).detail).toMatch(/only its own account/);
    expect((await get(`/v1/credits/ledger?account_id=${other.accountId}`)).status).toBe(403);
    expect((await get('/v1/credits/balance')).status).toBe(422);
    expect((await get(`/v1/credits/ledger?account_id=${client.accountId}&limit=201`)).status).toBe(422);
    const scansOnly = await tokenFor(app.url, client, 'scans:read');
    expect((await get(`/v1/credits/balance?account_id=${client.accountId}`, scansOnly)).status).toBe(403);
  });
});
