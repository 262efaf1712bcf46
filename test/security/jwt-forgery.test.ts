import { randomUUID } from 'node:crypto';
import { base64url, decodeJwt, decodeProtectedHeader, exportJWK, generateKeyPair, SignJWT, type JWTPayload } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestClient, tokenFor, type TestClient } from '../helpers/identity';
import { testConfig } from '../helpers/test-config';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { expectPlainError } from './problem-shape';

/**
 * Forgeries bearer-auth.test.ts does not already try (it covers another ES256 key under our kid,
 * `alg: none`, HS256 keyed with the public key, expired and revoked tokens). Tokens "signed with our
 * key" stand for a mistake of our own issuer or a leaked signing path: they must still be refused.
 */
describe('forged and malformed access tokens', () => {
  let app: TestApp;
  let client: TestClient;
  let genuine: string;
  let narrow: string;
  let claims: JWTPayload;
  let header: { alg: string; kid?: string; typ?: string };

  beforeAll(async () => {
    app = await startTestApp(testConfig());
    client = await createTestClient(app.deps.orm.em.fork(), app.deps.config.auth.encryptionKey, { scopes: ['scans:read', 'credits:read'] });
    genuine = await tokenFor(app.url, client);
    narrow = await tokenFor(app.url, client, 'credits:read');
    claims = decodeJwt(genuine);
    header = decodeProtectedHeader(genuine) as typeof header;
  });
  afterAll(async () => {
    await app?.close();
  });

  const whoami = (token: string) => fetch(`${app.url}/v1/whoami`, { headers: { Authorization: `Bearer ${token}` } });
  /** Every forgery gets 401 in the spec's shape with a bearer challenge, and never says whose token it was. */
  const expectRefused = async (token: string, what: string, detail: RegExp = /^(Invalid access token|Access token expired)$/) => {
    const res = await whoami(token);
    const body = await expectPlainError(res, 401, what);
    expect(body.detail, what).toMatch(detail);
    expect(res.headers.get('www-authenticate'), what).toMatch(/^Bearer realm=.*error="invalid_token"/);
  };
  /** Signs `payload` with the service's own active key, as only the service can. */
  const signOurs = async (payload: JWTPayload, protectedHeader: Record<string, unknown> = header) => {
    const { key } = await app.deps.identity.keys.signingKey();
    return new SignJWT(payload).setProtectedHeader(protectedHeader as { alg: string }).sign(key);
  };
  const now = () => Math.floor(Date.now() / 1000);

  it('accepts the genuine token and a token our key signs the same way (the control for the cases below)', async () => {
    expect((await whoami(genuine)).status).toBe(200);
    expect((await whoami(await signOurs({ ...claims, jti: randomUUID() }))).status).toBe(200);
  });

  it('refuses a wrong issuer, a wrong audience, and a missing issuer or audience, even under our key', async () => {
    const { iss, aud, ...rest } = claims;
    expect(iss && aud).toBeTruthy();
    await expectRefused(await signOurs({ ...claims, iss: 'https://issuer.example' }), 'wrong iss');
    await expectRefused(await signOurs({ ...claims, aud: 'another-api' }), 'wrong aud');
    await expectRefused(await signOurs({ ...rest, aud }), 'no iss');
    await expectRefused(await signOurs({ ...rest, iss }), 'no aud');
  });

  it('refuses a token without exp, and one whose nbf is in the future, even under our key', async () => {
    const { exp, ...noExp } = claims;
    expect(exp).toBeGreaterThan(now());
    const eternal = await signOurs({ ...noExp, jti: randomUUID() });
    await expectRefused(eternal, 'no exp');
    await expectRefused(eternal, 'no exp, asked again');
    await expectRefused(await signOurs({ ...claims, jti: randomUUID(), nbf: now() + 3_600 }), 'nbf in the future');
    await expectRefused(await signOurs({ ...claims, jti: randomUUID(), exp: now() - 120 }), 'expired under our key', /^Access token expired$/);
  });

  it('refuses an unknown kid, a missing kid, another typ, and a key embedded in the header', async () => {
    await expectRefused(await signOurs({ ...claims }, { ...header, kid: randomUUID() }), 'unknown kid');
    await expectRefused(await signOurs({ ...claims }, { alg: header.alg, typ: header.typ }), 'no kid');
    await expectRefused(await signOurs({ ...claims }, { ...header, typ: 'JWT' }), 'typ JWT');
    const attacker = await generateKeyPair('ES256', { extractable: true });
    const jwk = await exportJWK(attacker.publicKey);
    for (const extra of [{ jwk }, { jku: 'https://attacker.example/jwks.json' }, { kid: '../../../../dev/null' }]) {
      const forged = await new SignJWT({ ...claims }).setProtectedHeader({ ...header, ...extra } as { alg: string }).sign(attacker.privateKey);
      await expectRefused(forged, `attacker key with ${Object.keys(extra).join()}`);
    }
  });

  it('refuses alg none spelled in other cases, and an empty or truncated signature', async () => {
    const [encodedHeader, payload, signature] = genuine.split('.') as [string, string, string];
    for (const alg of ['None', 'NONE', 'nOnE']) {
      await expectRefused(`${base64url.encode(JSON.stringify({ ...header, alg }))}.${payload}.`, `alg ${alg}`);
    }
    await expectRefused(`${encodedHeader}.${payload}.`, 'empty signature');
    await expectRefused(`${encodedHeader}.${payload}.${signature.slice(0, 20)}`, 'truncated signature');
  });

  it('refuses tampered claims with the signature kept: scope escalated, account, client or expiry changed', async () => {
    const [encodedHeader, , signature] = narrow.split('.') as [string, string, string];
    const narrowClaims = decodeJwt(narrow);
    expect(narrowClaims.scope).toBe('credits:read');
    const other = await createTestClient(app.deps.orm.em.fork(), app.deps.config.auth.encryptionKey, { credits: 0 });
    const tampered = {
      'scope escalated': { ...narrowClaims, scope: 'credits:read scans:read scans:write cases:write' },
      'account swapped': { ...narrowClaims, acc: other.accountId },
      'client swapped': { ...narrowClaims, sub: other.clientId },
      'expiry extended': { ...narrowClaims, exp: now() + 86_400 * 365 },
    };
    for (const [what, payload] of Object.entries(tampered)) {
      await expectRefused(`${encodedHeader}.${base64url.encode(JSON.stringify(payload))}.${signature}`, what);
    }
    const scans = await fetch(`${app.url}/v1/scans/${randomUUID()}`, { headers: { Authorization: `Bearer ${encodedHeader}.${base64url.encode(JSON.stringify(tampered['scope escalated']))}.${signature}` } });
    await expectPlainError(scans, 401, 'escalated token on a scans:read route');
  });

  it('refuses claims our key signed for an account the client does not belong to, or a client that does not exist', async () => {
    const other = await createTestClient(app.deps.orm.em.fork(), app.deps.config.auth.encryptionKey, { credits: 0 });
    await expectRefused(await signOurs({ ...claims, jti: randomUUID(), acc: other.accountId }), 'acc of another account', /^Invalid access token$/);
    await expectRefused(await signOurs({ ...claims, jti: randomUUID(), sub: randomUUID() }), 'unknown client', /^Invalid access token$/);
  });

  it('grants no more than the registration holds when our key signs a broader scope claim', async () => {
    const broad = await signOurs({ ...claims, jti: randomUUID(), scope: 'scans:read credits:read scans:write cases:write' });
    const res = await fetch(`${app.url}/v1/scans/full`, { method: 'POST', headers: { Authorization: `Bearer ${broad}`, 'Content-Type': 'application/json' }, body: '{}' });
    expect(await expectPlainError(res, 403, 'scans:write not registered')).toEqual({ detail: 'Missing required scope: scans:write' });
  });
});
