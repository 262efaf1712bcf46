import { randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startNewsletterSync } from '../../src/modules/newsletter/newsletter-sync';
import { workflowIds } from '../../src/temporal/workflow-ids';
import type { NewsletterSyncResult } from '../../workflows/definitions';
import { jsonOf } from '../helpers/http';
import { eventually } from '../helpers/https-receiver';
import { testConfig } from '../helpers/test-config';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { startTestWorker, type TestWorker } from '../helpers/test-worker';

const API_KEY = 'nl-provider-test-key';

/** The email provider's side: records each push and answers with the status `plan` gives for the n-th request (1-based). */
interface SyncServer {
  url: string;
  received: { headers: IncomingHttpHeaders; body: unknown }[];
  plan: (n: number) => number;
  close(): Promise<void>;
}

async function startSyncServer(): Promise<SyncServer> {
  const state: SyncServer = { url: '', received: [], plan: () => 200, close: async () => {} };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      state.received.push({ headers: req.headers, body: JSON.parse(Buffer.concat(chunks).toString('utf8') || 'null') as unknown });
      const status = req.headers.authorization === `Bearer ${API_KEY}` ? state.plan(state.received.length) : 401;
      res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(status < 300 ? { id: randomUUID() } : { error: 'unavailable' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/contacts`;
  state.close = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  return state;
}

interface Row {
  id: string;
  email: string;
  source: string;
  revision: number;
  sync_status: string;
  sync_attempts: number;
  synced_at: Date | null;
  sync_error: string | null;
}

describe('the newsletter sync to the email provider, on Temporal', () => {
  let provider: SyncServer;
  let app: TestApp;
  let worker: TestWorker;

  const subscribe = async (email: string, source: string) => {
    const started = performance.now();
    const res = await fetch(`${app.url}/v1/newsletter/subscribe`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email, source }) });
    return { res, ms: performance.now() - started, body: await jsonOf(res) };
  };
  const row = async (email: string): Promise<Row> => {
    const [found] = await app.deps.orm.em.fork().getConnection().execute<Row[]>('select * from newsletter_subscribers where email = ?', [email]);
    return found!;
  };
  const handleFor = (email: string) => app.deps.temporal.client.workflow.getHandle(workflowIds.newsletterSync(email));

  beforeAll(async () => {
    provider = await startSyncServer();
    const config = testConfig({
      TEMPORAL_TASK_QUEUE: `newsletter-${randomUUID()}`,
      REDIS_KEY_PREFIX: `test:nl-sync:${randomUUID()}:`,
      NEWSLETTER_SYNC_URL: provider.url,
      NEWSLETTER_SYNC_API_KEY: API_KEY,
    });
    app = await startTestApp(config);
    worker = await startTestWorker(config);
  });
  afterAll(async () => {
    await worker?.stop();
    await app?.close();
    await provider?.close();
  });

  it('answers 200 at once, then retries a failing provider until it accepts, and records synced', async () => {
    const email = `sync.${randomUUID().slice(0, 8)}@example.com`;
    const before = provider.received.length;
    provider.plan = (n) => (n - before <= 2 ? 503 : 201); // fails twice, then accepts

    const { res, ms, body } = await subscribe(email.toUpperCase(), 'footer');
    expect(res.status).toBe(200);
    expect(body).toEqual({ subscribed: true });
    expect(ms).toBeLessThan(2_000);
    expect((await row(email)).sync_status).toBe('pending'); // the answer did not wait for the sync

    const result = (await handleFor(email).result()) as NewsletterSyncResult;
    expect(result).toEqual({ status: 'synced', recorded: true });
    const synced = await row(email);
    expect(synced).toMatchObject({ sync_status: 'synced', sync_attempts: 3, sync_error: null });
    expect(synced.synced_at).not.toBeNull();

    const pushes = provider.received.slice(before);
    expect(pushes).toHaveLength(3);
    for (const push of pushes) {
      expect(push.body).toEqual({ email, source: 'footer' });
      expect(push.headers.authorization).toBe(`Bearer ${API_KEY}`);
      expect(push.headers['content-type']).toBe('application/json');
    }

    // The address is nowhere in what Temporal keeps: not the id, the input, the memo, or any event.
    const handle = handleFor(email);
    expect(handle.workflowId).toMatch(/^newsletter-sync-[0-9a-f]{32}$/);
    const description = await handle.describe();
    expect(description.memo ?? {}).toEqual({});
    const history = JSON.stringify(await handle.fetchHistory());
    expect(history.toLowerCase()).not.toContain(email.split('@')[0]!);
  });

  it('answers 200 when the provider keeps failing; the run gives up at its attempt cap and records failed', async () => {
    const email = `down.${randomUUID().slice(0, 8)}@example.com`;
    const before = provider.received.length;
    provider.plan = () => 500;

    const { res, ms, body } = await subscribe(email, 'pricing');
    expect(res.status).toBe(200);
    expect(body).toEqual({ subscribed: true });
    expect(ms).toBeLessThan(2_000);
    await eventually(async () => provider.received.length > before, 15_000, 'the first push attempt');
    const pending = await row(email);
    expect(pending.sync_status).toBe('pending'); // retrying, with the default cap of 10 attempts over minutes

    // The same start the API made, with a small cap; it ends the run already going (as a newer sign-up would).
    await startNewsletterSync(app.deps.temporal.client, app.deps.config, { id: pending.id, revision: pending.revision, email }, { maxAttempts: 3, initialIntervalMs: 200, maxIntervalMs: 400 });
    const result = (await handleFor(email).result()) as NewsletterSyncResult;
    expect(result).toEqual({ status: 'failed', recorded: true });
    const failed = await row(email);
    expect(failed.sync_status).toBe('failed');
    expect(failed.sync_error).toMatch(/HTTP 500/);
    expect(failed.synced_at).toBeNull();
    expect(failed.sync_attempts).toBeGreaterThanOrEqual(3); // 3 of the capped run, plus what the first run made before it was ended
  });

  it('records failed after one attempt when the provider refuses the subscriber (a 4xx is not retried)', async () => {
    const email = `refused.${randomUUID().slice(0, 8)}@example.com`;
    const before = provider.received.length;
    provider.plan = () => 422;
    const { res } = await subscribe(email, 'footer');
    expect(res.status).toBe(200);
    expect(await handleFor(email).result()).toEqual({ status: 'failed', recorded: true });
    expect(await row(email)).toMatchObject({ sync_status: 'failed', sync_attempts: 1 });
    expect((await row(email)).sync_error).toMatch(/refused the subscriber: HTTP 422/);
    expect(provider.received.length - before).toBe(1);
  });

  it('a newer sign-up supersedes a run still retrying: the latest source is pushed and recorded', async () => {
    const email = `again.${randomUUID().slice(0, 8)}@example.com`;
    provider.plan = () => 503;
    expect((await subscribe(email, 'footer')).res.status).toBe(200);
    await eventually(async () => (await row(email)).sync_attempts >= 1, 15_000, 'the first run to try once');
    provider.plan = () => 200;
    expect((await subscribe(email, 'webinar')).res.status).toBe(200);
    expect(await handleFor(email).result()).toEqual({ status: 'synced', recorded: true });
    const synced = await row(email);
    expect(synced).toMatchObject({ sync_status: 'synced', source: 'webinar', revision: 2, sync_attempts: 1 });
    expect(provider.received.at(-1)!.body).toEqual({ email, source: 'webinar' });
  });

  it('answers 200 and leaves the row pending when Temporal cannot be reached', async () => {
    const logLines: string[] = [];
    const cut = await startTestApp(
      testConfig({ TEMPORAL_ADDRESS: '127.0.0.1:1', REDIS_KEY_PREFIX: `test:nl-cut:${randomUUID()}:`, NEWSLETTER_SYNC_URL: provider.url, NEWSLETTER_SYNC_API_KEY: API_KEY, LOG_LEVEL: 'warn' }),
      logLines,
    );
    try {
      const email = `cut.${randomUUID().slice(0, 8)}@example.com`;
      const res = await fetch(`${cut.url}/v1/newsletter/subscribe`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email, source: 'footer' }) });
      expect(res.status).toBe(200);
      expect(await jsonOf(res)).toEqual({ subscribed: true });
      expect((await row(email)).sync_status).toBe('pending');
      const warning = logLines.find((l) => l.includes('newsletter sync not started'));
      expect(warning).toBeDefined();
      expect(warning).not.toContain(email);
    } finally {
      await cut.close();
    }
  });
});
