import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HeldWindowClock } from '../helpers/clock';
import { jsonOf } from '../helpers/http';
import { testConfig } from '../helpers/test-config';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { PASSING_TOKEN, startTurnstileServer, type TurnstileServer } from '../helpers/turnstile-server';

interface SubscriberRow {
  email: string;
  source: string;
  first_source: string;
  revision: number;
  sync_status: string;
  sync_attempts: number;
}

const subscribe = (app: TestApp, body: unknown) =>
  fetch(`${app.url}/v1/newsletter/subscribe`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

const rowsFor = (app: TestApp, email: string) =>
  app.deps.orm.em
    .fork()
    .getConnection()
    .execute<SubscriberRow[]>('select email, source, first_source, revision, sync_status, sync_attempts from newsletter_subscribers where lower(email) = lower(?)', [email.trim()]);

/** An address no other test (or earlier run) has used. */
const freshEmail = (label: string) => `${label}.${randomUUID().slice(0, 8)}@example.com`;

describe('POST /v1/newsletter/subscribe without a Turnstile secret or a provider', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(testConfig({ REDIS_KEY_PREFIX: `test:nl:${randomUUID()}:` }));
  });
  afterAll(async () => {
    await app?.close();
  });

  it('upserts on the normalised address: one row, the first source kept and the latest recorded', async () => {
    const email = freshEmail('Jane.Citizen');
    const first = await subscribe(app, { email: `  ${email.replace('example.com', 'Example.COM')} `, source: 'footer' });
    expect(first.status).toBe(200);
    expect(await jsonOf(first)).toEqual({ subscribed: true });
    const second = await subscribe(app, { email: email.toUpperCase(), source: 'pricing-page', turnstile_token: null });
    expect(second.status).toBe(200);
    expect(await jsonOf(second)).toEqual({ subscribed: true });

    const rows = await rowsFor(app, email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ email: email.toLowerCase(), first_source: 'footer', source: 'pricing-page', revision: 2, sync_status: 'not_configured', sync_attempts: 0 });
  });

  it('answers 422 to an invalid address or a missing source, and stores nothing', async () => {
    const invalid = await subscribe(app, { email: 'not-an-address', source: 'footer' });
    expect(invalid.status).toBe(422);
    expect((await jsonOf(invalid)).detail[0].loc).toEqual(['body', 'email']);
    expect(await rowsFor(app, 'not-an-address')).toHaveLength(0);

    const email = freshEmail('nosource');
    const noSource = await subscribe(app, { email });
    expect(noSource.status).toBe(422);
    expect((await jsonOf(noSource)).detail[0].loc).toEqual(['body', 'source']);
    expect((await subscribe(app, { email, source: '' })).status).toBe(422);
    expect(await rowsFor(app, email)).toHaveLength(0);
  });

  it('is public and documented, no longer a 501', async () => {
    const doc = await jsonOf(await fetch(`${app.url}/openapi.json`));
    const op = doc.paths['/v1/newsletter/subscribe'].post;
    expect(op.security).toEqual([]);
    expect(doc.components.schemas.NewsletterSubscribeRequest.properties.email).toMatchObject({ type: 'string', format: 'email' });
    expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['200', '400', '422', '429', '503']));
  });

  it('limits each IP to the configured sign-ups a minute, then answers 429 with Retry-After', async () => {
    // Its own key prefix: the other tests' requests from 127.0.0.1 this minute must not count here.
    const limited = await startTestApp(testConfig({ RATE_LIMIT_NEWSLETTER_PER_MINUTE: '2', REDIS_KEY_PREFIX: `test:nl-${randomUUID()}:` }), undefined, new HeldWindowClock().now);
    try {
      for (let i = 0; i < 2; i++) expect((await subscribe(limited, { email: freshEmail('limit'), source: 'footer' })).status).toBe(200);
      const email = freshEmail('limited');
      const refused = await subscribe(limited, { email, source: 'footer' });
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
      expect((await jsonOf(refused)).detail).toMatch(/limit/i);
      expect(await rowsFor(limited, email)).toHaveLength(0);
    } finally {
      await limited.close();
    }
  });
});

describe('POST /v1/newsletter/subscribe with a Turnstile secret', () => {
  const SECRET = '0x4AAAAAAATestSecretForNewsletter';
  let turnstile: TurnstileServer;
  let app: TestApp;
  beforeAll(async () => {
    turnstile = await startTurnstileServer({ secret: SECRET });
    app = await startTestApp(testConfig({ REDIS_KEY_PREFIX: `test:nl-ts:${randomUUID()}:`, TURNSTILE_SECRET: SECRET, TURNSTILE_VERIFY_URL: turnstile.verifyUrl }));
  });
  afterAll(async () => {
    await app?.close();
    await turnstile?.close();
  });

  it('stores the address when siteverify passes the token, sending the secret, the token and the caller IP', async () => {
    const email = freshEmail('human');
    const res = await subscribe(app, { email, source: 'landing', turnstile_token: PASSING_TOKEN });
    expect(res.status).toBe(200);
    expect(await jsonOf(res)).toEqual({ subscribed: true });
    expect(turnstile.received.at(-1)).toEqual({ secret: SECRET, response: PASSING_TOKEN, remoteip: '127.0.0.1' });
    expect(await rowsFor(app, email)).toHaveLength(1);
  });

  it('answers 400 to a token siteverify refuses, and stores nothing', async () => {
    const email = freshEmail('bot');
    const res = await subscribe(app, { email, source: 'landing', turnstile_token: 'XXXX.forged.token' });
    expect(res.status).toBe(400);
    const body = await jsonOf(res);
    expect(body.detail).toMatch(/^Human verification failed/);
    expect(body.detail).toMatch(/invalid-input-response/);
    expect(await rowsFor(app, email)).toHaveLength(0);
  });

  it('answers 400 to a missing or null token without asking siteverify, and stores nothing', async () => {
    const email = freshEmail('notoken');
    const before = turnstile.received.length;
    for (const body of [{ email, source: 'landing' }, { email, source: 'landing', turnstile_token: null }, { email, source: 'landing', turnstile_token: '' }]) {
      const res = await subscribe(app, body);
      expect(res.status).toBe(400);
      expect((await jsonOf(res)).detail).toMatch(/^Human verification failed: turnstile_token is required/);
    }
    expect(turnstile.received.length).toBe(before);
    expect(await rowsFor(app, email)).toHaveLength(0);
  });

  it('answers 503 with Retry-After when siteverify is failing, and stores nothing', async () => {
    const email = freshEmail('outage');
    turnstile.failNext(1);
    const res = await subscribe(app, { email, source: 'landing', turnstile_token: PASSING_TOKEN });
    expect(res.status).toBe(503);
    expect(res.headers.get('Retry-After')).toBe('5');
    expect((await jsonOf(res)).detail).toMatch(/Human verification is unavailable/);
    expect(await rowsFor(app, email)).toHaveLength(0);
  });

  it('answers 503, not 400, when siteverify refuses our own secret (a configuration fault, not the visitor)', async () => {
    const misconfigured = await startTestApp(
      testConfig({ REDIS_KEY_PREFIX: `test:nl-bad:${randomUUID()}:`, TURNSTILE_SECRET: 'not-the-secret', TURNSTILE_VERIFY_URL: turnstile.verifyUrl }),
    );
    try {
      const email = freshEmail('badsecret');
      const res = await subscribe(misconfigured, { email, source: 'landing', turnstile_token: PASSING_TOKEN });
      expect(res.status).toBe(503);
      expect(await rowsFor(misconfigured, email)).toHaveLength(0);
    } finally {
      await misconfigured.close();
    }
  });
});
