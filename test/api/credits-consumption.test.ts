import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonOf } from '../helpers/http';
import { createTestClient, grantTestCredits, tokenFor } from '../helpers/identity';
import { loadStandardFixtures } from '../helpers/lists';
import { testConfig } from '../helpers/test-config';
import { startTestApp, type TestApp } from '../helpers/test-app';

describe('paying for checks: free checks, then credits, 402 when none are left', () => {
  let app: TestApp;
  const em = () => app.deps.orm.em.fork();
  const scan = (token: string, name: string, headers: Record<string, string> = {}) =>
    fetch(`${app.url}/v1/scans/full`, { method: 'POST', headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', ...headers }, body: JSON.stringify({ entity_type: 'person', name }) });
  const balance = async (token: string, accountId: string) => jsonOf(await fetch(`${app.url}/v1/credits/balance?account_id=${accountId}`, { headers: { Authorization: `Bearer ${token}` } }));
  const scansOf = async (accountId: string) => (await em().getConnection().execute<{ n: number }[]>('select count(*)::int as n from scans where account_id = ?', [accountId]))[0]!.n;

  beforeAll(async () => {
    app = await startTestApp(testConfig());
    await loadStandardFixtures(em());
    await app.deps.screening.index.rebuild();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('debits exactly 10 of 50 parallel scans on an account with 10 credits, answers 402 to the other 40, and the ledger sums to the balance', async () => {
    const client = await createTestClient(em(), app.deps.config.auth.encryptionKey, { plan: 'enterprise', customRequestsPerMinute: 10_000, credits: 10 });
    const token = await tokenFor(app.url, client);
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => scan(token, `Parallel Person ${i}`)));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 402)).toHaveLength(40);
    const refused = await jsonOf(answers[statuses.indexOf(402)]!);
    // Refused before screening (balance read first), or, for a scan that passed that read while others spent the last credit, after it: each says which.
    expect(refused.detail).toMatch(
      /^Not enough credits: (this needs 1 credit and the balance is 0\. Nothing was screened, stored or charged\.|the balance is 0: other requests of this account used the last credits while this scan was being screened\. Its result was discarded: nothing was stored or charged\.)/,
    );
    // Once the balance is known to be empty, the next scan is refused before it is screened: a name that
    // screening itself would refuse (422) is answered 402, with the plain text.
    const after = await scan(token, '!!!');
    expect(after.status).toBe(402);
    expect((await jsonOf(after)).detail).toBe(
      'Not enough credits: this needs 1 credit and the balance is 0. Nothing was screened, stored or charged. Buy a pack with POST /v1/psp/checkout (prices at GET /v1/credits/pricing).',
    );
    expect(await scansOf(client.accountId)).toBe(10); // a refused scan is not stored
    expect(await balance(token, client.accountId)).toMatchObject({ balance: 0, granted: 10, used: 10 });
    const ledger = await jsonOf(await fetch(`${app.url}/v1/credits/ledger?account_id=${client.accountId}&limit=200`, { headers: { Authorization: `Bearer ${token}` } }));
    expect(ledger.entries.reduce((sum: number, e: { amount: number }) => sum + e.amount, 0)).toBe(0);
    expect(ledger.entries.filter((e: { kind: string; scan_id: string | null }) => e.kind === 'debit' && e.scan_id)).toHaveLength(10);
  });

  it('gives a Free plan account 10 free checks a month, then uses credits, and never charges a replay or a retrieval', async () => {
    const client = await createTestClient(em(), app.deps.config.auth.encryptionKey, { plan: 'free', credits: 0 });
    const token = await tokenFor(app.url, client);
    // Eight checks used earlier this month (the Free plan's 10 requests a minute leave room for the rest).
    await em().getConnection().execute('insert into free_checks (account_id, month, used) values (?, ?, 8)', [client.accountId, new Date().toISOString().slice(0, 7)]);
    const ids: string[] = [];
    for (let i = 9; i <= 10; i++) {
      const res = await scan(token, `Free Person ${i}`);
      expect(res.status, `free check ${i}`).toBe(200);
      ids.push((await jsonOf(res)).scan_id);
    }
    expect(await scansOf(client.accountId)).toBe(2);
    expect(await balance(token, client.accountId)).toMatchObject({ balance: 0, free_checks: { month: new Date().toISOString().slice(0, 7), per_month: 10, used: 10, left: 0 } });
    const freeRows = await jsonOf(await fetch(`${app.url}/v1/credits/ledger?account_id=${client.accountId}`, { headers: { Authorization: `Bearer ${token}` } }));
    expect(freeRows.entries.map((e: { kind: string; amount: number; free_checks: number; scan_id: string }) => [e.kind, e.amount, e.free_checks, e.scan_id])).toEqual([
      ['free_check', 0, 1, ids[1]],
      ['free_check', 0, 1, ids[0]],
    ]);
    expect(freeRows.entries[0].description).toMatch(/free checks \(10 of 10 used in \d{4}-\d{2}\)/);
    const eleventh = await scan(token, 'Free Person 11');
    expect(eleventh.status).toBe(402);
    expect((await jsonOf(eleventh)).detail).toMatch(/this month's 10 free checks are used and this needs 1 credit and the balance is 0\. Nothing was screened, stored or charged\./);
    // Decided before screening: a name screening would refuse (422) gets the 402.
    expect((await scan(token, '!!!')).status).toBe(402);
    expect((await fetch(`${app.url}/v1/scans/${ids[0]}`, { headers: { Authorization: `Bearer ${token}` } })).status).toBe(200);
    await grantTestCredits(em(), client.accountId, 1);
    const paid = await scan(token, 'Free Person 12', { 'Idempotency-Key': 'free-12' });
    expect(paid.status).toBe(200);
    const replay = await scan(token, 'Free Person 12', { 'Idempotency-Key': 'free-12' });
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(await balance(token, client.accountId)).toMatchObject({ balance: 0, granted: 1, used: 1 });
  });

  it('reserves a batch at submission: 402 and no job when credits fall short (refunds of failed items: batch-screening workflow test)', async () => {
    const client = await createTestClient(em(), app.deps.config.auth.encryptionKey, { plan: 'enterprise', customRequestsPerMinute: 10_000, credits: 3 });
    const token = await tokenFor(app.url, client);
    const submit = (entities: unknown[]) =>
      fetch(`${app.url}/v1/scans/batch`, { method: 'POST', headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' }, body: JSON.stringify({ entities }) });
    const tooMany = await submit(Array.from({ length: 4 }, (_, i) => ({ entity_type: 'person', name: `Batch Person ${i}` })));
    expect(tooMany.status).toBe(402);
    expect((await jsonOf(tooMany)).detail).toMatch(/this needs 4 credits and the balance is 3/);
    expect((await em().getConnection().execute<{ n: number }[]>('select count(*)::int as n from batch_jobs where account_id = ?', [client.accountId]))[0]!.n).toBe(0);
    expect(await balance(token, client.accountId)).toMatchObject({ balance: 3 });
  });
});
