import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../../src/db/sql';
import { open } from '../../src/modules/identity/secret-box';
import type { AppConfig } from '../../src/config';
import { jsonOf } from '../helpers/http';
import { eventually, startHttpsReceiver, type HttpsReceiver } from '../helpers/https-receiver';
import { createTestClient, type TestClient } from '../helpers/identity';
import { deliver, paymentIntentId, sessionEvent } from '../helpers/psp-events';
import { testConfig } from '../helpers/test-config';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { startTestWorker, type TestWorker } from '../helpers/test-worker';

/** A secret and the forms it could be written in (keys as bytes are logged, if ever, as hex or base64). */
function spellings(secret: string | Buffer): string[] {
  return typeof secret === 'string' ? [secret] : [secret.toString('hex'), secret.toString('base64'), secret.toString('base64url'), secret.toString('latin1')];
}

/** Every secret the configuration holds (the database password too: trust authentication ignores it, so the run can set one). */
function configuredSecrets(config: AppConfig): Record<string, string | Buffer | undefined> {
  return {
    'secrets encryption key': config.auth.encryptionKey,
    'audit anchor key': config.audit.anchorKey,
    'PSP secret key': config.psp.secretKey,
    'PSP webhook secret': config.psp.webhookSecret,
    'escrow provider key': config.acp.providerPrivateKey,
    'escrow evaluator key': config.acp.evaluatorPrivateKey,
    'x402 facilitator key': config.acp.facilitatorPrivateKey,
    'database password': new URL(config.db.url).password || undefined,
  };
}

describe('no secret reaches a log line over a whole flow (API and worker, at trace level)', () => {
  const apiLines: string[] = [];
  const workerLines: string[] = [];
  const secrets: Record<string, string | Buffer> = {};
  let receiver: HttpsReceiver;
  let app: TestApp;
  let worker: TestWorker | undefined;
  let client: TestClient;
  /** Stops the worker and the API once (the test stops them early so their last lines are written before the scan). */
  const stopAll = async () => {
    await worker?.stop();
    worker = undefined;
    await app?.close();
    app = undefined as unknown as TestApp;
  };
  const em = () => app.deps.orm.em.fork();
  const keep = (name: string, value: string | Buffer | undefined) => {
    expect(value, name).toBeTruthy();
    expect(value!.length, `${name} is long enough to be told apart`).toBeGreaterThanOrEqual(12);
    secrets[name] = value!;
  };

  beforeAll(async () => {
    receiver = await startHttpsReceiver();
    const config = testConfig({
      LOG_LEVEL: 'trace',
      DATABASE_APP_PASSWORD: `db-${randomBytes(12).toString('hex')}`,
      TEMPORAL_TASK_QUEUE: `log-secrets-${randomUUID()}`,
      WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
      WEBHOOK_CA_BUNDLE_PATH: receiver.caPath,
    });
    app = await startTestApp(config, apiLines);
    worker = await startTestWorker(config, workerLines);
    for (const [name, value] of Object.entries(configuredSecrets(config))) if (value) keep(name, value);
  });
  afterAll(async () => {
    await stopAll();
    await receiver?.close();
  });

  it('runs a client through tokens, a batch with its signed webhook and a paid checkout, and logs none of their secrets', async () => {
    client = await createTestClient(em(), app.deps.config.auth.encryptionKey, { plan: 'enterprise', customRequestsPerMinute: 100_000, credits: 0 });
    keep('client secret', client.clientSecret);
    keep('webhook secret', client.webhookSecret);
    const basic = Buffer.from(`${client.clientId}:${client.clientSecret}`).toString('base64');
    keep('basic credentials', basic);
    const wrongSecret = `${client.clientSecret.slice(0, -4)}oops`;
    keep('mistyped client secret', wrongSecret);

    const tokenRequest = (init: RequestInit) => fetch(`${app.url}/v1/oauth/token`, { method: 'POST', ...init });
    const byBasic = await jsonOf(await tokenRequest({ headers: { Authorization: `Basic ${basic}` }, body: new URLSearchParams({ grant_type: 'client_credentials' }) }));
    const byForm = await jsonOf(await tokenRequest({ body: new URLSearchParams({ grant_type: 'client_credentials', client_id: client.clientId, client_secret: client.clientSecret }) }));
    expect((await tokenRequest({ body: new URLSearchParams({ grant_type: 'client_credentials', client_id: client.clientId, client_secret: wrongSecret }) })).status).toBe(401);
    keep('access token (basic)', byBasic.access_token);
    keep('access token (form)', byForm.access_token);
    const token = byForm.access_token as string;
    const api = (method: string, path: string, body?: unknown) =>
      fetch(`${app.url}${path}`, { method, headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' }, ...(body ? { body: JSON.stringify(body) } : {}) });
    expect((await fetch(`${app.url}/v1/whoami`, { headers: { Authorization: `Bearer ${token}x` } })).status).toBe(401); // a bad token is logged no more than a good one

    // A paid checkout (stripe-mock, then the provider's signed event, then the checkout workflow grants the credits).
    const session = await jsonOf(await api('POST', '/v1/psp/checkout', { account_id: client.accountId, pack_index: 0 }));
    expect(session.session_id).toMatch(/^cs_/);
    const paid = sessionEvent('checkout.session.completed', { id: session.session_id, accountId: client.accountId, amountTotal: 2_900, paymentIntent: paymentIntentId(), paymentStatus: 'paid' });
    expect((await deliver(app.url, paid)).status).toBe(200);
    await eventually(async () => (await sql<{ n: number }[]>(em(), `select count(*)::int as n from credit_ledger where kind = 'grant' and provider_session_id = ?`, [session.session_id]))[0]!.n === 1, 60_000, 'the checkout grant');

    // A batch whose webhook URL carries a credential of the receiver's, delivered signed by the worker.
    const hookKey = `hookkey-${randomBytes(12).toString('hex')}`;
    keep('webhook URL credential', hookKey);
    const submitted = await api('POST', '/v1/scans/batch', { entities: [{ entity_type: 'person', name: 'Logline Person' }, { entity_type: 'organisation', name: 'Logline Pty Ltd' }], webhook_url: `${receiver.url}?key=${hookKey}` });
    expect(submitted.status).toBe(202);
    const { job_id: jobId } = await jsonOf(submitted);
    const delivery = await eventually(async () => receiver.received.find((r) => r.rawBody.toString().includes(jobId)), 60_000, 'the batch webhook');
    keep('webhook signature', (delivery.headers['x-service-signature'] as string).replace(/^sha256=/, ''));
    keep('webhook signature v2', (delivery.headers['x-service-signature-v2'] as string).split('v1=')[1]);

    // The signing key that signed the tokens, as the database holds it sealed.
    const keys = await sql<{ private_jwk_sealed: string }[]>(em(), 'select private_jwk_sealed from signing_keys');
    for (const [i, row] of keys.entries()) keep(`signing key ${i}`, (JSON.parse(open(row.private_jwk_sealed, app.deps.config.auth.encryptionKey)) as { d: string }).d);

    await stopAll();
    const lines = { api: apiLines, worker: workerLines };
    expect(apiLines.filter((l) => l.includes('"msg":"request"')).length).toBeGreaterThanOrEqual(7);
    expect(workerLines.some((l) => l.includes('"msg":"webhook attempt"'))).toBe(true);
    expect(workerLines.some((l) => l.includes('checkout paid: credits granted'))).toBe(true);
    let checked = 0;
    for (const [name, secret] of Object.entries(secrets)) {
      for (const spelling of spellings(secret)) {
        for (const [writer, written] of Object.entries(lines)) {
          const leaking = written.find((line) => line.includes(spelling));
          expect(leaking, `${name} in a ${writer} log line`).toBeUndefined();
          checked += written.length;
        }
      }
    }
    console.info(`log-secrets: ${Object.keys(secrets).length} secrets, ${apiLines.length} API and ${workerLines.length} worker log lines scanned (${checked} line checks)`);
  });
});
