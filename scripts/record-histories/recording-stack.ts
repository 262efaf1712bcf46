/**
 * What the history recording runs against: the test stack (the run's database, Temporal dev server,
 * stripe-mock and anvil from the integration global setup), one API and one worker on a task queue of
 * their own, an HTTPS webhook receiver, the ABN Lookup double and a stand-in email provider. Every
 * secret the run holds is collected, so the recorder can prove none of them reached a history.
 */
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Client } from '@temporalio/client';
import type { AppConfig } from '../../src/config';
import { configSecrets } from './history-files';
import { startAbnLookupServer, type AbnLookupServer } from '../../test/helpers/abn-lookup-server';
import { startHttpsReceiver, type HttpsReceiver } from '../../test/helpers/https-receiver';
import { createTestClient, tokenFor, type TestClient } from '../../test/helpers/identity';
import { loadStandardFixtures } from '../../test/helpers/lists';
import { testConfig } from '../../test/helpers/test-config';
import { startTestApp, type TestApp } from '../../test/helpers/test-app';
import { startTestWorker, type TestWorker } from '../../test/helpers/test-worker';

const ABN_LOOKUP_GUID = 'c0ffee00-0000-4000-8000-recording-guid';
const EMAIL_PROVIDER_KEY = 'nl-recording-provider-key';

export interface RecordingStack {
  config: AppConfig;
  app: TestApp;
  worker: TestWorker;
  temporal: Client;
  receiver: HttpsReceiver;
  customer: TestClient;
  token: string;
  /** Every secret value this run knows: none may appear in a recorded history. */
  secrets: string[];
  stop(): Promise<void>;
}

/** An email provider that accepts every push, so the newsletter sync completes. */
async function startEmailProvider(): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ id: randomUUID() })));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/contacts`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Starts the stack with settings that let every workflow type run to an end within seconds. */
export async function startRecordingStack(): Promise<RecordingStack> {
  const receiver = await startHttpsReceiver();
  const abnLookup: AbnLookupServer = await startAbnLookupServer({ guid: ABN_LOOKUP_GUID, captured: false, records: [] });
  const emailProvider = await startEmailProvider();
  const config = testConfig({
    TEMPORAL_TASK_QUEUE: `record-histories-${randomUUID()}`,
    WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
    WEBHOOK_CA_BUNDLE_PATH: receiver.caPath,
    WEBHOOK_INITIAL_BACKOFF_SECONDS: '0.5',
    ABN_LOOKUP_GUID,
    ABN_LOOKUP_BASE_URL: abnLookup.baseUrl,
    NEWSLETTER_SYNC_URL: emailProvider.url,
    NEWSLETTER_SYNC_API_KEY: EMAIL_PROVIDER_KEY,
    ACP_FREE_JOBS_PER_WALLET: '100',
    RATE_LIMIT_ACP_PER_MINUTE: '10000',
    RATE_LIMIT_ACP_PER_WALLET_PER_MINUTE: '10000',
    ACP_ABUSE_REVIEW_EVERY_SECONDS: '5',
    ACP_BOND_CLEAN_WINDOW_SECONDS: '600',
  });
  const app = await startTestApp(config);
  await loadStandardFixtures(app.deps.orm.em.fork());
  const worker = await startTestWorker(config);
  await Promise.all([app.deps.screening.index.rebuild(), worker.screening.index.rebuild()]);
  const customer = await createTestClient(app.deps.orm.em.fork(), config.auth.encryptionKey, { plan: 'enterprise', customRequestsPerMinute: 100_000 });
  const token = await tokenFor(app.url, customer);
  const secrets = [
    customer.clientSecret,
    customer.webhookSecret,
    token,
    ABN_LOOKUP_GUID,
    EMAIL_PROVIDER_KEY,
    config.auth.encryptionKey.toString('base64'),
    config.auth.encryptionKey.toString('hex'),
    ...Object.entries(process.env).flatMap(([name, value]) => (/SECRET|KEY|TOKEN|PASSWORD/i.test(name) && value && value.length >= 8 ? [value] : [])),
    ...configSecrets(config),
  ];
  return {
    config,
    app,
    worker,
    temporal: app.deps.temporal.client,
    receiver,
    customer,
    token,
    secrets,
    stop: async () => {
      await worker.stop();
      await app.close();
      await Promise.all([receiver.close(), abnLookup.close(), emailProvider.close()]);
    },
  };
}
