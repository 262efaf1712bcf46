import { randomUUID } from 'node:crypto';
import { MockActivityEnvironment } from '@temporalio/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWebhookActivities } from '../../activities/webhooks';
import type { AppConfig } from '../../src/config';
import { sql } from '../../src/db/sql';
import { deliverOnce } from '../../src/modules/webhooks/webhook-delivery';
import { createWebhookEvent, type AttemptRecord } from '../../src/modules/webhooks/webhook-event.store';
import { jsonOf } from '../helpers/http';
import { startHttpsReceiver, type HttpsReceiver } from '../helpers/https-receiver';
import { createTestClient, tokenFor, type TestClient } from '../helpers/identity';
import { testConfig } from '../helpers/test-config';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { expectValidationError } from './problem-shape';
import { rebindName } from './rebinding-dns';
import { startRedirectPair, type RedirectPair } from './redirecting-receiver';

/** Targets that must never be accepted: private, loopback, link-local, metadata, IPv4-mapped, and IPv4 spelled as a number. */
const HOSTILE_URLS = [
  'https://10.0.0.1/hook',
  'https://172.16.5.4/hook',
  'https://172.31.255.254/hook',
  'https://192.168.1.1/hook',
  'https://127.0.0.1/hook',
  'https://127.1.2.3:8443/hook',
  'https://[::1]/hook',
  'https://localhost/hook',
  'https://169.254.10.10/hook',
  'https://[fe80::1]/hook',
  'https://169.254.169.254/latest/meta-data/',
  'https://metadata.google.internal/computeMetadata/v1/',
  'https://[::ffff:127.0.0.1]/hook',
  'https://[::ffff:a9fe:a9fe]/latest/meta-data/',
  'https://2130706433/hook',
  'https://0x7f000001/hook',
  'https://0177.0.0.1/hook',
  'https://0.0.0.0/hook',
  'https://100.64.0.1/hook',
  'https://[fd00::1]/hook',
];

describe('webhook targets cannot reach the service’s own network (SSRF)', () => {
  let receiver: HttpsReceiver;
  let app: TestApp;
  let config: AppConfig;
  let client: TestClient;
  let token: string;
  const em = () => app.deps.orm.em.fork();
  const post = (path: string, body: unknown) =>
    fetch(`${app.url}${path}`, { method: 'POST', headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  /** What the account has stored: jobs, enrolments, ledger movements, scans and webhook events. */
  const footprint = async () =>
    (await sql<{ jobs: number; enrolments: number; movements: number; scans: number; events: number }[]>(
      em(),
      `select (select count(*)::int from batch_jobs where account_id = ?) as jobs, (select count(*)::int from monitoring_enrolments where account_id = ?) as enrolments,
              (select count(*)::int from credit_ledger where account_id = ?) as movements, (select count(*)::int from scans where account_id = ?) as scans,
              (select count(*)::int from webhook_events where account_id = ?) as events`,
      Array(5).fill(client.accountId),
    ))[0]!;

  beforeAll(async () => {
    receiver = await startHttpsReceiver();
    // The guard is on (the default; said explicitly so a change of default cannot turn this file into a no-op), and the
    // receiver's CA is trusted: were the guard missing, deliveries below would reach it and be counted.
    config = testConfig({ WEBHOOK_ALLOW_PRIVATE_TARGETS: 'false', WEBHOOK_CA_BUNDLE_PATH: receiver.caPath, TEMPORAL_TASK_QUEUE: `ssrf-${randomUUID()}` });
    expect(config.webhooks.allowPrivateTargets).toBe(false);
    app = await startTestApp(config);
    client = await createTestClient(em(), config.auth.encryptionKey, { plan: 'enterprise', customRequestsPerMinute: 100_000 });
    token = await tokenFor(app.url, client);
  });
  afterAll(async () => {
    await app?.close();
    await receiver?.close();
  });

  it('refuses every hostile batch and monitoring webhook_url at submission with 422, storing nothing', async () => {
    const scan = await jsonOf(await post('/v1/scans/full', { entity_type: 'person', name: 'Ssrf Probe Person' }));
    const before = await footprint();
    for (const url of HOSTILE_URLS) {
      await expectValidationError(await post('/v1/scans/batch', { entities: [{ entity_type: 'person', name: 'Ssrf Probe' }], webhook_url: url }), 'webhook_url', `batch ${url}`);
      await expectValidationError(await post('/v1/monitoring', { scan_id: scan.scan_id, entity_name: 'Ssrf Probe Person', entity_type: 'person', webhook_url: url }), 'webhook_url', `monitoring ${url}`);
    }
    expect(await footprint()).toEqual(before);
    expect(receiver.received).toHaveLength(0);
  });

  it('accepts a public address at submission (the guard refuses targets, not webhooks)', async () => {
    const scan = await jsonOf(await post('/v1/scans/full', { entity_type: 'person', name: 'Ssrf Control Person' }));
    expect((await post('/v1/monitoring', { scan_id: scan.scan_id, entity_name: 'Ssrf Control Person', entity_type: 'person', webhook_url: 'https://93.184.216.34/hook' })).status).toBe(201);
    expect((await post('/v1/scans/batch', { entities: [{ entity_type: 'person', name: 'Ssrf Control' }], webhook_url: 'https://93.184.216.34/hook' })).status).toBe(202);
  });

  describe('at delivery, for a URL stored earlier (its name resolved publicly then, or it was written as a literal)', () => {
    const port = () => new URL(receiver.url).port;
    /** Each stored target points at the live receiver, so a connection would be seen. `localhost` stands for a name rebound to loopback. */
    const storedTargets = () =>
      ['localhost', '127.0.0.1', '[::1]', '[::ffff:127.0.0.1]', '2130706433', '0x7f000001', '0177.0.0.1'].map((host) => `https://${host}:${port()}/hooks/compliance`);
    /** One attempt by the real delivery activity (heartbeats and all), outside a workflow. */
    const attempt = (cfg: AppConfig, eventId: string): Promise<AttemptRecord> =>
      new MockActivityEnvironment().run(createWebhookActivities({ config: cfg, orm: app.deps.orm, logger: app.deps.logger, screening: app.deps.screening }).attemptWebhookDelivery, { eventId, attempt: 1 });
    const storedEvent = (targetUrl: string) =>
      createWebhookEvent(em(), { accountId: client.accountId, clientId: client.clientId, eventType: 'batch.completed', subjectId: randomUUID(), targetUrl, data: { job_id: randomUUID(), completed: 1, failed: 0 } });

    it('refuses the connection, records why as a permanent failure, and the receiver sees nothing', async () => {
      for (const targetUrl of storedTargets()) {
        const event = await storedEvent(targetUrl);
        const outcome = await attempt(config, event.id);
        expect(outcome, targetUrl).toMatchObject({ outcome: 'permanent_failure', statusCode: null, error: expect.stringMatching(/refused to connect to (127\.0\.0\.1|::1|::ffff:7f00:1)/) });
        const [row] = await sql<{ outcome: string; error: string }[]>(em(), 'select outcome, error from webhook_attempts where event_id = ?', [event.id]);
        expect(row, targetUrl).toEqual({ outcome: 'permanent_failure', error: outcome.error });
      }
      expect(receiver.received).toHaveLength(0);
      const listed = await jsonOf(await fetch(`${app.url}/v1/webhooks/deliveries?limit=200`, { headers: { Authorization: `Bearer ${token}` } }));
      const refused = listed.deliveries.filter((d: { target_url: string }) => d.target_url.includes(`:${port()}/`));
      expect(refused).toHaveLength(storedTargets().length);
      for (const d of refused) expect(d.attempts[0].error).toMatch(/refused to connect/);
    });

    it('refuses at connection a name that resolved publicly when the batch was submitted and to loopback when delivered (DNS rebinding)', async () => {
      const hostname = `hooks-${randomUUID().slice(0, 8)}.rebind.test`;
      const dns = rebindName(hostname, [['93.184.216.34'], ['127.0.0.1']]);
      try {
        const submitted = await post('/v1/scans/batch', { entities: [{ entity_type: 'person', name: 'Ssrf Rebind' }], webhook_url: `https://${hostname}:${port()}/hooks/compliance` });
        expect(submitted.status).toBe(202);
        expect(dns.questions).toBe(1); // the check at submission saw the public address
        const { job_id: jobId } = await jsonOf(submitted);
        const [job] = await sql<{ webhook_url: string }[]>(em(), 'select webhook_url from batch_jobs where id = ?', [jobId]);
        // The job's batch.completed event, as the batch workflow creates it from the stored job, then its delivery.
        const event = await createWebhookEvent(em(), { accountId: client.accountId, clientId: client.clientId, eventType: 'batch.completed', subjectId: jobId, targetUrl: job!.webhook_url, data: { job_id: jobId, completed: 1, failed: 0 } });
        const outcome = await attempt(config, event.id);
        expect(outcome).toMatchObject({ outcome: 'permanent_failure', statusCode: null, error: expect.stringMatching(/refused to connect to 127\.0\.0\.1/) });
        expect(dns.questions).toBe(2); // the connection asked again, and what it was told is what was checked
      } finally {
        dns.restore();
      }
      expect(receiver.received).toHaveLength(0);
    });

    it('delivers the same stored event when private targets are allowed (so the refusals above are the guard’s)', async () => {
      const event = await storedEvent(storedTargets()[0]!);
      const open = { ...config, webhooks: { ...config.webhooks, allowPrivateTargets: true } };
      expect(await attempt(open, event.id)).toMatchObject({ outcome: 'delivered', statusCode: 200 });
      expect(receiver.received).toHaveLength(1);
    });
  });

  describe('redirects', () => {
    let pair: RedirectPair;
    beforeAll(async () => {
      pair = await startRedirectPair();
    });
    afterAll(async () => {
      await pair?.close();
    });

    it('never follows a receiver’s redirect to a private or metadata address, whatever the status', async () => {
      const event = { id: randomUUID(), accountId: 'a', clientId: 'c', eventType: 'batch.completed', subjectId: 's', targetUrl: pair.url, body: '{}', status: 'pending' as const };
      // Private targets are allowed here only because the "public" receiver itself has to run on this machine.
      const options = { timeoutMs: 5_000, allowPrivateTargets: true, caBundlePath: pair.caPath };
      const locations = [pair.targetUrl, 'https://169.254.169.254/latest/meta-data/', 'https://[::ffff:a9fe:a9fe]/', 'https://metadata.google.internal/'];
      let sent = 0;
      for (const status of [301, 302, 303, 307, 308]) {
        for (const location of locations) {
          pair.redirect(status, location);
          const outcome = await deliverOnce(event, 'whsec_redirect', 1, options);
          sent += 1;
          expect(outcome, `${status} to ${location}`).toMatchObject({ outcome: 'permanent_failure', statusCode: status, error: 'redirects are not followed' });
        }
      }
      expect(pair.hits).toEqual({ redirector: sent, target: 0 });
    });
  });
});
