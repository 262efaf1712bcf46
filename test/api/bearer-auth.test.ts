import { randomUUID } from 'node:crypto';
import { decodeJwt, decodeProtectedHeader, exportSPKI, generateKeyPair, importJWK, SignJWT, type CryptoKey } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HeldWindowClock } from '../helpers/clock';
import { jsonOf, type Json } from '../helpers/http';
import { createTestClient, tokenFor, type TestClient } from '../helpers/identity';
import { sql } from '../../src/db/sql';
import { testConfig } from '../helpers/test-config';
import { startTestApp, type TestApp } from '../helpers/test-app';

interface ProtectedRoute {
  method: string;
  path: string;
  /** The OpenAPI path, with `{param}` placeholders. */
  template: string;
  scope: string | undefined;
}

/** Every bearer route, read from the OpenAPI document so a new route is covered the day it lands. */
function protectedRoutes(document: Json): ProtectedRoute[] {
  const routes: ProtectedRoute[] = [];
  for (const [path, operations] of Object.entries(document.paths as Record<string, Record<string, Json>>)) {
    for (const [method, operation] of Object.entries(operations)) {
      const oauth = operation.security?.find((s: Json) => s.oauth2)?.oauth2 as string[] | undefined;
      if (oauth) routes.push({ method: method.toUpperCase(), path: path.replace(/\{[^}]+\}/g, randomUUID()), template: path, scope: oauth[0] });
    }
  }
  return routes;
}

describe('bearer authentication', () => {
  let app: TestApp;
  const clock = new HeldWindowClock();
  let routes: ProtectedRoute[];
  let allScopes: TestClient;
  const call = (route: ProtectedRoute, token?: string) =>
    fetch(`${app.url}${route.path}`, {
      method: route.method,
      headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { 'Content-Type': 'application/json' }) },
      ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { body: '{}' }),
    });

  beforeAll(async () => {
    app = await startTestApp(testConfig({ SELLER_ABN: '51824753556' }), undefined, clock.now);
    routes = protectedRoutes(await jsonOf(await fetch(`${app.url}/openapi.json`)));
    allScopes = await createTestClient(app.deps.orm.em.fork(), app.deps.config.auth.encryptionKey, { plan: 'enterprise', customRequestsPerMinute: 10_000 });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('finds the protected routes in the OpenAPI document', () => {
    expect(routes.map((r) => `${r.method} ${r.path}`)).toContain('GET /v1/whoami');
  });

  describe('every protected route × {no token, expired, revoked, wrong scope, right scope}', () => {
    let expired: string;
    let revoked: string;
    let right: string;
    let narrow: string;

    beforeAll(async () => {
      right = await tokenFor(app.url, allScopes);
      narrow = await tokenFor(app.url, allScopes, 'credits:read');
      const shortLived = await app.deps.identity.tokens.issue({ clientId: allScopes.clientId, accountId: allScopes.accountId, scopes: ['scans:read'] }, 1);
      const toRevoke = await createTestClient(app.deps.orm.em.fork(), app.deps.config.auth.encryptionKey, { plan: 'scale' });
      revoked = await tokenFor(app.url, toRevoke);
      await app.deps.orm.em.fork().getConnection().execute('update client_registrations set revoked_at = now() where client_id = ?', [toRevoke.clientId]);
      await new Promise((r) => setTimeout(r, 2_100));
      expired = shortLived.accessToken;
    });

    it('answers 401 with WWW-Authenticate and no X-Api-Key-Expires (the caller is unknown) when there is no token', async () => {
      for (const route of routes) {
        const res = await call(route);
        expect(res.status, `${route.method} ${route.path}`).toBe(401);
        expect(res.headers.get('www-authenticate')).toMatch(/^Bearer/);
        expect(res.headers.has('x-api-key-expires')).toBe(false);
        expect((await jsonOf(res)).detail).toBe('Missing bearer token');
      }
    });

    it('authenticates before it reads the body: an anonymous malformed or mistyped body is 401, not 422 or 415', async () => {
      for (const [body, type] of [['{"entity_type": "person", "name": ', 'application/json'], ['<x/>', 'application/xml']]) {
        const res = await fetch(`${app.url}/v1/scans/full`, { method: 'POST', headers: { 'Content-Type': type! }, body });
        expect(res.status, type).toBe(401);
        expect(res.headers.get('www-authenticate')).toMatch(/^Bearer/);
      }
      const authenticated = await fetch(`${app.url}/v1/scans/full`, { method: 'POST', headers: { Authorization: `Bearer ${right}`, 'Content-Type': 'application/json' }, body: '{"name": ' });
      expect(authenticated.status).toBe(422);
    });

    it('answers 401 for an expired token, still naming the registration expiry', async () => {
      for (const route of routes) {
        const res = await call(route, expired);
        expect(res.status, `${route.method} ${route.path}`).toBe(401);
        expect(res.headers.get('x-api-key-expires')).toBe('never');
        expect((await jsonOf(res)).detail).toBe('Access token expired');
      }
    });

    it('answers 401 for a token of a revoked registration before the token expires', async () => {
      for (const route of routes) {
        const res = await call(route, revoked);
        expect(res.status, `${route.method} ${route.path}`).toBe(401);
        expect(res.headers.get('x-api-key-expires')).toBe('never');
        expect((await jsonOf(res)).detail).toBe('Client registration revoked');
      }
    });

    it('answers 403 with the exact detail for a token without the route scope', async () => {
      for (const route of routes.filter((r) => r.scope && r.scope !== 'credits:read')) {
        const res = await call(route, narrow);
        expect(res.status, `${route.method} ${route.path}`).toBe(403);
        expect(res.headers.get('x-api-key-expires')).toBe('never');
        expect(await jsonOf(res)).toEqual({ detail: `Missing required scope: ${route.scope}` });
      }
    });

    it('answers 2xx to a token with the right scope on every route, given a valid request', async () => {
      const api = async (method: string, path: string, body?: unknown) =>
        fetch(`${app.url}${path}`, { method, headers: { Authorization: `Bearer ${right}`, 'Content-Type': 'application/json' }, ...(body ? { body: JSON.stringify(body) } : {}) });
      const newScan = async () => (await jsonOf(await api('POST', '/v1/scans/full', { entity_type: 'person', name: `Route Check ${randomUUID().slice(0, 8)}` }))).scan_id as string;
      const scanId = await newScan();
      const caseId = (await jsonOf(await api('POST', '/v1/cases', { scan_id: scanId, reviewer: 'route check' }))).case_id as string;
      const jobId = (await jsonOf(await api('POST', '/v1/scans/batch', { entities: [{ entity_type: 'person', name: 'Route Check Batch' }] }))).job_id as string;
      // A paid checkout, so the account has a tax invoice to download.
      const [{ invoice_number: invoiceNumber }] = (await sql<{ invoice_number: string }[]>(
        app.deps.orm.em.fork(),
        `insert into checkout_sessions (session_id, account_id, client_id, pack_index, credits, amount_inc_gst_cents, gst_cents, ex_gst_cents, currency,
           checkout_url, workflow_id, status, payment_intent_id, invoice_number, expires_at, settled_at)
         values (?, ?, ?, 0, 10, 2900, 264, 2636, 'AUD', 'https://checkout.example', 'checkout-route-check', 'paid', 'pi_route_check',
           nextval('tax_invoice_number_seq'), now(), now()) returning invoice_number`,
        [`cs_route_check_${randomUUID()}`, allScopes.accountId, allScopes.clientId],
      )) as [{ invoice_number: string }];
      const enrol = async () => (await jsonOf(await api('POST', '/v1/monitoring', { scan_id: await newScan(), entity_name: 'Route Check', entity_type: 'person' }))).enrolment_id as string;
      const bodies: Record<string, unknown> = {
        'POST /v1/scans/full': { entity_type: 'person', name: 'Route Check Person' },
        'POST /v1/scans/batch': { entities: [{ entity_type: 'person', name: 'Route Check Batch' }] },
        'POST /v1/cases': { scan_id: scanId, reviewer: 'route check' },
        'PATCH /v1/cases/{case_id}/decision': { decision: 'false_positive', reviewer: 'route check', notes: null },
        'POST /v1/monitoring': { scan_id: scanId, entity_name: 'Route Check', entity_type: 'person' },
        'POST /v1/feeds/asic/check': { name: 'Route Check Pty Ltd' },
        'POST /v1/feeds/austrac-enforcement/check': { name: 'Route Check Pty Ltd' },
        'POST /v1/psp/checkout': { account_id: allScopes.accountId, pack_index: 0 },
      };
      for (const route of routes) {
        const key = `${route.method} ${route.template}`;
        const path = route.template
          .replace('{scan_id}', scanId)
          .replace('{case_id}', caseId)
          .replace('{job_id}', jobId)
          .replace('{invoice_id}', `INV-${invoiceNumber.padStart(6, '0')}`)
          .replace('{enrolment_id}', route.method === 'DELETE' ? await enrol() : randomUUID());
        expect(path, `${key} has a parameter this test does not know`).not.toMatch(/\{/);
        const query = key.startsWith('GET /v1/credits/') ? `?account_id=${allScopes.accountId}` : '';
        const res = await api(route.method, `${path}${query}`, bodies[key]);
        expect(res.status, `${key}: ${res.status} ${res.status >= 300 ? await res.text() : ''}`).toBeGreaterThanOrEqual(200);
        expect(res.status, key).toBeLessThan(300);
        expect(res.headers.get('x-api-key-expires'), key).toBe('never');
        expect(res.headers.get('x-ratelimit-limit'), key).toBe('10000');
      }
      const whoami = await api('GET', '/v1/whoami');
      expect(await jsonOf(whoami)).toMatchObject({ account_id: allScopes.accountId, client_id: allScopes.clientId, plan: 'enterprise', key_expires_at: null });
    });
  });

  it('refuses a registration that has expired even while its token has not', async () => {
    const client = await createTestClient(app.deps.orm.em.fork(), app.deps.config.auth.encryptionKey, { expiresAt: new Date(Date.now() + 3_600_000) });
    const token = await tokenFor(app.url, client);
    const ok = await fetch(`${app.url}/v1/whoami`, { headers: { Authorization: `Bearer ${token}` } });
    expect(ok.status).toBe(200);
    const expiresHeader = ok.headers.get('x-api-key-expires')!;
    expect(new Date(expiresHeader).getTime()).toBeGreaterThan(Date.now());
    expect(expiresHeader).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    await app.deps.orm.em.fork().getConnection().execute("update client_registrations set expires_at = now() - interval '1 second' where client_id = ?", [client.clientId]);
    const deadline = Date.now() + 1_000; // the change reaches the caller cache through a notification
    let res = await fetch(`${app.url}/v1/whoami`, { headers: { Authorization: `Bearer ${token}` } });
    while (res.status === 200 && Date.now() < deadline) res = await fetch(`${app.url}/v1/whoami`, { headers: { Authorization: `Bearer ${token}` } });
    expect(res.status).toBe(401);
    expect((await jsonOf(res)).detail).toBe('Client registration expired');
  });

  it('refuses a client revoked after it was cached, within moments of the revocation (PostgreSQL notification)', async () => {
    const client = await createTestClient(app.deps.orm.em.fork(), app.deps.config.auth.encryptionKey);
    const token = await tokenFor(app.url, client);
    const whoami = () => fetch(`${app.url}/v1/whoami`, { headers: { Authorization: `Bearer ${token}` } });
    expect((await whoami()).status).toBe(200);
    expect((await whoami()).status).toBe(200); // now served from the caller cache
    await app.deps.orm.em.fork().getConnection().execute('update client_registrations set revoked_at = now() where client_id = ?', [client.clientId]);
    const deadline = Date.now() + 1_000;
    let status = 200;
    while (status === 200 && Date.now() < deadline) status = (await whoami()).status;
    expect(status).toBe(401);
  });

  describe('forged tokens', () => {
    let genuine: string;
    beforeAll(async () => {
      genuine = await tokenFor(app.url, allScopes);
    });
    const whoami = (token: string) => fetch(`${app.url}/v1/whoami`, { headers: { Authorization: `Bearer ${token}` } });

    it('refuses a token signed with another ES256 key, even under our kid', async () => {
      const { privateKey } = await generateKeyPair('ES256');
      const forged = await new SignJWT(decodeJwt(genuine)).setProtectedHeader(decodeProtectedHeader(genuine) as { alg: string }).sign(privateKey);
      const res = await whoami(forged);
      expect(res.status).toBe(401);
      expect((await jsonOf(res)).detail).toBe('Invalid access token');
    });

    it('refuses alg: none', async () => {
      const header = Buffer.from(JSON.stringify({ ...decodeProtectedHeader(genuine), alg: 'none' })).toString('base64url');
      const [, payload] = genuine.split('.');
      expect((await whoami(`${header}.${payload}.`)).status).toBe(401);
      expect((await whoami(`${header}.${payload}`)).status).toBe(401);
    });

    it('refuses HS256 keyed with the public key (algorithm confusion)', async () => {
      const jwks = await jsonOf(await fetch(`${app.url}/.well-known/jwks.json`));
      const { kid } = decodeProtectedHeader(genuine);
      const publicJwk = jwks.keys.find((k: Json) => k.kid === kid);
      const pem = await exportSPKI((await importJWK(publicJwk, 'ES256', { extractable: true })) as CryptoKey);
      for (const secret of [pem, JSON.stringify(publicJwk)]) {
        const forged = await new SignJWT(decodeJwt(genuine)).setProtectedHeader({ alg: 'HS256', kid, typ: 'at+jwt' }).sign(new TextEncoder().encode(secret));
        expect((await whoami(forged)).status).toBe(401);
      }
    });

    it('refuses a malformed Authorization header', async () => {
      const res = await fetch(`${app.url}/v1/whoami`, { headers: { Authorization: `Token ${genuine}` } });
      expect(res.status).toBe(401);
      expect((await jsonOf(res)).detail).toMatch(/Malformed Authorization header/);
    });
  });

  it('keeps tokens signed before a key rotation valid, and signs new ones with the new key', async () => {
    const before = await tokenFor(app.url, allScopes);
    const newKid = await app.deps.identity.keys.rotate();
    const after = await tokenFor(app.url, allScopes);
    expect(decodeProtectedHeader(after).kid).toBe(newKid);
    expect(decodeProtectedHeader(before).kid).not.toBe(newKid);
    for (const token of [before, after]) {
      expect((await fetch(`${app.url}/v1/whoami`, { headers: { Authorization: `Bearer ${token}` } })).status).toBe(200);
    }
    const jwks = await jsonOf(await fetch(`${app.url}/.well-known/jwks.json`));
    expect(jwks.keys.map((k: Json) => k.kid)).toEqual(expect.arrayContaining([newKid, decodeProtectedHeader(before).kid]));
  });

  it('gives a Free client 10 requests a minute with headers counting down, then 429 with Retry-After', async () => {
    const free = await createTestClient(app.deps.orm.em.fork(), app.deps.config.auth.encryptionKey, { plan: 'free' });
    const token = await tokenFor(app.url, free);
    clock.nextMinute();
    const nextMinute = clock.resetAt;
    for (let i = 1; i <= 10; i += 1) {
      const res = await fetch(`${app.url}/v1/whoami`, { headers: { Authorization: `Bearer ${token}` } });
      expect(res.status).toBe(200);
      expect(res.headers.get('x-ratelimit-limit')).toBe('10');
      expect(res.headers.get('x-ratelimit-remaining')).toBe(String(10 - i));
      expect(Number(res.headers.get('x-ratelimit-reset'))).toBe(nextMinute);
    }
    const refused = await fetch(`${app.url}/v1/whoami`, { headers: { Authorization: `Bearer ${token}` } });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(refused.headers.get('x-api-key-expires')).toBe('never');
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    const body = await jsonOf(refused);
    expect(typeof body.detail).toBe('string');
    expect(body.detail).toMatch(/Rate limit exceeded: 10 requests per minute/);
  });
});
