import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli } from '../helpers/cli';
import { jsonOf } from '../helpers/http';
import { testConfig } from '../helpers/test-config';
import { startTestApp, type TestApp } from '../helpers/test-app';



describe('the admin CLI', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(testConfig());
  });
  afterAll(async () => {
    await app?.close();
  });

  const token = (clientId: string, clientSecret: string) =>
    fetch(`${app.url}/v1/oauth/token`, { method: 'POST', body: new URLSearchParams({ grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret }) });

  it('creates an account and a client whose secret gets a token, rotates it, and revokes the client', async () => {
    const account = JSON.parse((await cli('--json', 'accounts', 'create', '--name', 'CLI Test Pty Ltd', '--plan', 'starter')).stdout);
    expect(account).toMatchObject({ name: 'CLI Test Pty Ltd', plan: 'starter', account_id: expect.stringMatching(/^[0-9a-f-]{36}$/) });

    const registered = JSON.parse((await cli('--json', 'clients', 'register', '--account', account.account_id, '--scopes', 'scans:read,scans:write')).stdout);
    expect(registered).toMatchObject({ client_id: expect.any(String), client_secret: expect.any(String), webhook_secret: expect.any(String) });
    const issued = await token(registered.client_id, registered.client_secret);
    expect(issued.status).toBe(200);
    expect((await jsonOf(issued)).scope).toBe('scans:read scans:write');

    const listed = JSON.parse((await cli('--json', 'clients', 'list', '--account', account.account_id)).stdout);
    expect(JSON.stringify(listed)).toContain(registered.client_id);
    expect(JSON.stringify(listed)).not.toContain(registered.client_secret); // shown once, never again

    const rotated = JSON.parse((await cli('--json', 'clients', 'rotate-secret', registered.client_id)).stdout);
    expect(rotated.client_secret).not.toBe(registered.client_secret);
    expect((await token(registered.client_id, registered.client_secret)).status).toBe(401);
    expect((await token(registered.client_id, rotated.client_secret)).status).toBe(200);

    const revoked = await cli('--json', 'clients', 'revoke', registered.client_id);
    expect(revoked.code).toBe(0);
    expect(JSON.parse(revoked.stdout).revoked_at).toEqual(expect.any(String));
    expect((await token(registered.client_id, rotated.client_secret)).status).toBe(401);
  }, 120_000);

  it('exits 2 with a clear message on bad input, and changes nothing', async () => {
    const before = (await app.deps.orm.em.fork().getConnection().execute<{ n: number }[]>('select count(*)::int as n from accounts'))[0]!.n;
    const badPlan = await cli('accounts', 'create', '--name', 'Nope', '--plan', 'platinum');
    expect(badPlan.code).toBe(2);
    expect(badPlan.stderr).toMatch(/plan/i);
    const badScope = await cli('clients', 'register', '--account', '00000000-0000-4000-8000-000000000000', '--scopes', 'everything:please');
    expect(badScope.code).toBeGreaterThan(0);
    expect(badScope.stderr).toMatch(/scope|account/i);
    const unknown = await cli('frobnicate');
    expect(unknown.code).toBe(2);
    const after = (await app.deps.orm.em.fork().getConnection().execute<{ n: number }[]>('select count(*)::int as n from accounts'))[0]!.n;
    expect(after).toBe(before);
  }, 120_000);

  it('lists every register with its version, and queries AusTender notices, refusing a bad query', async () => {
    const status = JSON.parse((await cli('--json', 'registers', 'status')).stdout) as { source: string; version: number | null; last_refreshed: string }[];
    expect(status.map((s) => s.source)).toEqual(['abr', 'asic_companies', 'asic_banned_persons', 'asic_banned_orgs', 'asic_notices', 'austrac_enforcement', 'austrac_reporting_entities', 'austender']);
    const answer = JSON.parse((await cli('--json', 'registers', 'austender', '--agency', 'No Such Agency Anywhere', '--min-value', '10')).stdout);
    expect(answer).toMatchObject({ contracts: [], total: 0 });
    const bad = await cli('registers', 'austender', '--from', '2025-07-01', '--to', '2025-06-01');
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toMatch(/to: from must not be after to/);
    const unknown = await cli('registers', 'ingest', '--source', 'asic', '--file', '/nonexistent');
    expect(unknown.stderr).toMatch(/--source must be one of abr, asic_companies/);
  });
});
