import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli } from '../helpers/cli';
import { jsonOf } from '../helpers/http';
import { createTestClient, tokenFor, type TestClient } from '../helpers/identity';
import { testConfig } from '../helpers/test-config';
import { startTestApp, type TestApp } from '../helpers/test-app';


describe('operator credits: grant and revoke by agreement, on the ledger with who and why', () => {
  let app: TestApp;
  let who: TestClient & { token: string };
  const ledger = async () =>
    (await jsonOf(await fetch(`${app.url}/v1/credits/ledger?account_id=${who.accountId}`, { headers: { Authorization: `Bearer ${who.token}` } }))).entries as Record<string, unknown>[];
  const balance = async () => jsonOf(await fetch(`${app.url}/v1/credits/balance?account_id=${who.accountId}`, { headers: { Authorization: `Bearer ${who.token}` } }));

  beforeAll(async () => {
    app = await startTestApp(testConfig());
    const client = await createTestClient(app.deps.orm.em.fork(), app.deps.config.auth.encryptionKey, { plan: 'enterprise', credits: 0 });
    who = { ...client, token: await tokenFor(app.url, client, 'credits:read') };
  });
  afterAll(async () => {
    await app?.close();
  });

  it('grants and revokes with the operator and reason on the ledger row, and a repeated request id records once', async () => {
    const granted = await cli('--json', 'credits', 'grant', '--account', who.accountId, '--credits', '500', '--reason', 'Enterprise agreement EA-2026-11', '--operator', 'alice@ops', '--request-id', 'ea-2026-11');
    expect(granted.code, granted.stderr).toBe(0);
    expect(JSON.parse(granted.stdout)).toMatchObject({ kind: 'operator_grant', amount: 500, balance_after: 500, actor: 'alice@ops', reason: 'Enterprise agreement EA-2026-11', recorded_now: true });
    const retried = await cli('--json', 'credits', 'grant', '--account', who.accountId, '--credits', '500', '--reason', 'Enterprise agreement EA-2026-11', '--operator', 'alice@ops', '--request-id', 'ea-2026-11');
    expect(JSON.parse(retried.stdout)).toMatchObject({ entry_id: JSON.parse(granted.stdout).entry_id, recorded_now: false });
    const revoked = await cli('--json', 'credits', 'revoke', '--account', who.accountId, '--credits', '120', '--reason', 'Agreement amended: 380 credits', '--operator', 'bob@ops');
    expect(revoked.code, revoked.stderr).toBe(0);

    expect((await ledger()).map((e) => [e.kind, e.amount, e.balance_after, e.actor, e.reason])).toEqual([
      ['operator_revoke', -120, 380, 'bob@ops', 'Agreement amended: 380 credits'],
      ['operator_grant', 500, 500, 'alice@ops', 'Enterprise agreement EA-2026-11'],
    ]);
    expect(await balance()).toMatchObject({ balance: 380, granted: 0, operator_granted: 500, operator_revoked: 120, free_checks: { per_month: 0, left: 0 } });

    // Finance sees them apart from purchases, with who and why.
    const today = new Date().toISOString().slice(0, 10);
    const report = await cli('finance', 'reconcile', '--from', today, '--to', today, '--account', who.accountId, '--events-only');
    expect(report.code).toBe(0);
    expect(report.stderr).toMatch(/2 rows \(0 grants, 0 reversals, 2 operator, 0 provider only\), 0 mismatches/);
    const rows = parse(report.stdout, { columns: true }) as Record<string, string>[];
    expect(rows.map((r) => [r.kind, r.status, r.issue, r.credits, r.actor, r.reason])).toEqual([
      ['operator', 'ok', 'operator grant', '500', 'alice@ops', 'Enterprise agreement EA-2026-11'],
      ['operator', 'ok', 'operator revocation', '-120', 'bob@ops', 'Agreement amended: 380 credits'],
    ]);
  }, 120_000);

  it('refuses zero, negative or fractional credits, a missing reason, an unknown account and a revocation beyond the balance, with the error shape, changing nothing', async () => {
    const before = await ledger();
    const attempt = (...args: string[]) => cli('--json', 'credits', ...args);
    const base = ['--account', who.accountId, '--reason', 'goodwill', '--operator', 'alice@ops'];
    for (const credits of ['0', '-5', '2.5', '1e3', 'ten']) {
      const refused = await attempt('grant', ...base, `--credits=${credits}`);
      expect(refused.code, `--credits ${credits}`).toBe(2);
      expect(JSON.parse(refused.stderr)).toEqual({ detail: `--credits must be a whole number of at least 1, got ${credits}: nothing changed` });
    }
    const noReason = await attempt('grant', '--account', who.accountId, '--credits', '5', '--reason', '   ', '--operator', 'alice@ops');
    expect(noReason.code).toBe(2);
    expect(JSON.parse(noReason.stderr).detail).toMatch(/--reason must say why/);
    const unknown = await attempt('grant', '--account', '00000000-0000-4000-8000-000000000000', '--credits', '5', '--reason', 'goodwill', '--operator', 'alice@ops');
    expect(unknown.code).toBe(1);
    expect(JSON.parse(unknown.stderr).detail).toMatch(/^no account 00000000-0000-4000-8000-000000000000: nothing changed$/);
    const tooMuch = await attempt('revoke', ...base, '--credits', '381');
    expect(tooMuch.code).toBe(1);
    expect(JSON.parse(tooMuch.stderr)).toEqual({ detail: 'the balance is 380: 381 credits cannot be revoked (the balance never goes below zero): nothing changed' });
    const plain = await cli('credits', 'revoke', ...base, '--credits', '-1');
    expect(plain.code).toBe(2);
    expect(plain.stderr).toMatch(/^error: --credits must be a whole number of at least 1/);
    expect(await ledger()).toEqual(before);
  }, 120_000);
});
