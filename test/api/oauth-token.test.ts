import { randomUUID } from 'node:crypto';
import { ClientCredentials } from 'simple-oauth2';
import { decodeJwt, decodeProtectedHeader, createLocalJWKSet, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HeldWindowClock } from '../helpers/clock';
import { jsonOf } from '../helpers/http';
import { createTestClient, type TestClient } from '../helpers/identity';
import { testConfig } from '../helpers/test-config';
import { startTestApp, type TestApp } from '../helpers/test-app';

describe('POST /v1/oauth/token', () => {
  let app: TestApp;
  const clock = new HeldWindowClock();
  let client: TestClient;
  const form = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
    fetch(`${app.url}/v1/oauth/token`, { method: 'POST', body: new URLSearchParams(fields), headers });

  beforeAll(async () => {
    app = await startTestApp(testConfig(), undefined, clock.now);
    client = await createTestClient(app.deps.orm.em.fork(), app.deps.config.auth.encryptionKey, { scopes: ['scans:read', 'scans:write', 'cases:read'] });
  });
  afterAll(async () => {
    await app?.close();
  });

  it.each(['body', 'header'] as const)('issues a token to a real OAuth 2.0 client library (credentials in the %s)', async (authorizationMethod) => {
    const oauth = new ClientCredentials({
      client: { id: client.clientId, secret: client.clientSecret },
      auth: { tokenHost: app.url, tokenPath: '/v1/oauth/token' },
      options: { authorizationMethod },
    });
    const token = await oauth.getToken({});
    expect(token.token.token_type).toBe('Bearer');
    expect(token.token.expires_in).toBe(3600);
    expect(token.token.scope).toBe('scans:read scans:write cases:read');
    const accessToken = String(token.token.access_token);
    const claims = decodeJwt(accessToken);
    expect(claims).toMatchObject({ sub: client.clientId, acc: client.accountId, aud: 'compliance-intelligence-api' });
    expect(decodeProtectedHeader(accessToken)).toMatchObject({ alg: 'ES256', kid: expect.any(String) });
    // The published JWKS verifies it.
    const jwks = await jsonOf(await fetch(`${app.url}/.well-known/jwks.json`));
    await expect(jwtVerify(accessToken, createLocalJWKSet(jwks))).resolves.toBeDefined();
  });

  it('narrows scopes on request but never broadens them', async () => {
    const narrowed = await jsonOf(await form({ grant_type: 'client_credentials', client_id: client.clientId, client_secret: client.clientSecret, scope: 'scans:read' }));
    expect(narrowed.scope).toBe('scans:read');
    const res = await form({ grant_type: 'client_credentials', client_id: client.clientId, client_secret: client.clientSecret, scope: 'scans:read reports:read' });
    expect(res.status).toBe(400);
    expect(await jsonOf(res)).toMatchObject({ error: 'invalid_scope', detail: expect.stringContaining('reports:read') });
  });

  it('answers 400 unsupported_grant_type for any grant other than client_credentials', async () => {
    const res = await form({ grant_type: 'password', client_id: client.clientId, client_secret: client.clientSecret });
    expect(res.status).toBe(400);
    expect(await jsonOf(res)).toMatchObject({ error: 'unsupported_grant_type' });
  });

  it('answers 401 invalid_client for a wrong secret, an unknown client and a malformed id, all alike', async () => {
    for (const [id, secret] of [
      [client.clientId, 'wrong'],
      ['00000000-0000-4000-8000-000000000000', 'whatever'],
      ['not-a-uuid', 'x'],
    ] as const) {
      const res = await form({ grant_type: 'client_credentials', client_id: id, client_secret: secret });
      expect(res.status).toBe(401);
      expect(await jsonOf(res)).toEqual({ detail: 'Invalid client credentials', error: 'invalid_client' });
    }
  });

  it('answers 400 invalid_request when credentials are missing or sent twice', async () => {
    expect((await form({ grant_type: 'client_credentials' })).status).toBe(400);
    const basic = `Basic ${Buffer.from(`${client.clientId}:${client.clientSecret}`).toString('base64')}`;
    const twice = await form({ grant_type: 'client_credentials', client_id: client.clientId, client_secret: client.clientSecret }, { Authorization: basic });
    expect(twice.status).toBe(400);
    expect((await jsonOf(twice)).error).toBe('invalid_request');
  });

  it('refuses a JSON body with 415: the endpoint is form-encoded', async () => {
    const res = await fetch(`${app.url}/v1/oauth/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ grant_type: 'client_credentials', client_id: client.clientId, client_secret: client.clientSecret }),
    });
    expect(res.status).toBe(415);
  });

  it('refuses a revoked client', async () => {
    const revoked = await createTestClient(app.deps.orm.em.fork(), app.deps.config.auth.encryptionKey);
    await app.deps.orm.em.fork().getConnection().execute('update client_registrations set revoked_at = now() where client_id = ?', [revoked.clientId]);
    const res = await form({ grant_type: 'client_credentials', client_id: revoked.clientId, client_secret: revoked.clientSecret });
    expect(res.status).toBe(401);
  });

  it('allows 10 token requests per minute per client, then 429 with Retry-After', async () => {
    const limited = await createTestClient(app.deps.orm.em.fork(), app.deps.config.auth.encryptionKey);
    clock.nextMinute();
    const statuses: number[] = [];
    let last: Response | undefined;
    for (let i = 0; i < 11; i += 1) {
      last = await form({ grant_type: 'client_credentials', client_id: limited.clientId, client_secret: limited.clientSecret });
      statuses.push(last.status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
    expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await jsonOf(last!)).detail).toMatch(/Rate limit exceeded/);
  });
});

describe('POST /v1/oauth/token under attack', () => {
  let app: TestApp;
  const clock = new HeldWindowClock();
  const STRANGER = '203.0.113.9';
  const OWNER = '198.51.100.7';
  const form = (fields: Record<string, string>, ip: string) =>
    fetch(`${app.url}/v1/oauth/token`, { method: 'POST', body: new URLSearchParams(fields), headers: { 'X-Forwarded-For': ip } });

  beforeAll(async () => {
    app = await startTestApp(
      testConfig({
        TRUST_PROXY: 'true',
        REDIS_KEY_PREFIX: `test:${randomUUID()}:`,
        RATE_LIMIT_TOKEN_PER_IP_PER_MINUTE: '30',
        RATE_LIMIT_TOKEN_FAILURES_PER_IP_PER_MINUTE: '5',
      }),
      undefined,
      clock.now,
    );
  });
  afterAll(async () => {
    await app?.close();
  });

  it('does not let a stranger who knows a client id lock that client out', async () => {
    const victim = await createTestClient(app.deps.orm.em.fork(), app.deps.config.auth.encryptionKey);
    clock.nextMinute();
    const strangers: number[] = [];
    for (let i = 0; i < 12; i += 1) strangers.push((await form({ grant_type: 'client_credentials', client_id: victim.clientId, client_secret: `guess-${i}` }, STRANGER)).status);
    expect(strangers.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(new Set(strangers.slice(5))).toEqual(new Set([429])); // the stranger's address is refused before hashing
    const owner = await form({ grant_type: 'client_credentials', client_id: victim.clientId, client_secret: victim.clientSecret }, OWNER);
    expect(owner.status).toBe(200);
    expect((await jsonOf(owner)).access_token).toEqual(expect.any(String));
  });

  it('takes the client address from the right of X-Forwarded-For, so a spoofed entry on the left does not escape the limit', async () => {
    clock.nextMinute();
    const statuses: number[] = [];
    for (let i = 0; i < 8; i += 1) {
      const spoofed = `10.${i}.${i}.${i}, 203.0.113.10`; // the client wrote the first entry; our proxy appended the second
      statuses.push((await form({ grant_type: 'client_credentials', client_id: randomUUID(), client_secret: 'x' }, spoofed)).status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
  });

  it('stops random client ids from one address after a few failures, and limits every request per address', async () => {
    clock.nextMinute();
    const address = '192.0.2.44';
    const statuses: number[] = [];
    for (let i = 0; i < 40; i += 1) statuses.push((await form({ grant_type: 'client_credentials', client_id: randomUUID(), client_secret: 'x' }, address)).status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5); // five scrypt checks, then refused up front
    expect(statuses.slice(5).every((s) => s === 429)).toBe(true);
    const last = await form({ grant_type: 'client_credentials', client_id: randomUUID(), client_secret: 'x' }, address);
    expect((await jsonOf(last)).detail).toMatch(/from this IP address/);

    const busy = '192.0.2.45';
    const unparsed: number[] = [];
    for (let i = 0; i < 31; i += 1) unparsed.push((await form({ grant_type: 'password' }, busy)).status); // no hashing at all, still counted
    expect(unparsed.slice(0, 30).every((s) => s === 400)).toBe(true);
    expect(unparsed[30]).toBe(429);
  });
});
