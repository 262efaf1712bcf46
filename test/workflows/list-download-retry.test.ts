import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../src/db/migrate';
import { refreshInput } from '../../src/temporal/workflow-inputs';
import { watchlistRefreshWorkflow } from '../../workflows/watchlist-refresh';
import { eventually } from '../helpers/https-receiver';
import { startOwnPostgres, type OwnPostgres } from '../helpers/own-postgres';
import { testConfig } from '../helpers/test-config';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { startTestWorker, type TestWorker } from '../helpers/test-worker';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a downloaded list survives a retry of its parse', () => {
  const body = readFileSync(join(__dirname, '..', 'fixtures', 'lists', 'un', 'consolidated.xml'));
  let requests = 0;
  let server: Server;
  let cluster: OwnPostgres;
  let app: TestApp;
  let worker: TestWorker;

  beforeAll(async () => {
    // The UN list's web server.
    server = createServer((req, res) => {
      requests += 1;
      res.writeHead(200, { 'content-type': 'application/xml', etag: `"${randomUUID()}"` }).end(body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    cluster = await startOwnPostgres();
    const databaseUrl = `${cluster.serverUrl}/list_retry`;
    await migrate({ url: databaseUrl, poolMax: 2 });
    const config = testConfig({
      DATABASE_URL: databaseUrl,
      TEMPORAL_TASK_QUEUE: `list-retry-${randomUUID()}`,
      LIST_URL_UN: `http://127.0.0.1:${(server.address() as AddressInfo).port}/consolidated.xml`,
    });
    app = await startTestApp(config);
    worker = await startTestWorker(config);
  });
  afterAll(async () => {
    await worker?.stop();
    await app?.close();
    cluster?.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('stores the version after PostgreSQL went down while the downloaded file was being stored', async () => {
    const config = app.deps.config;
    // Another session holds the list's store lock, so the parse attempt waits inside its store step...
    const holder = new Client({ connectionString: config.db.url });
    await holder.connect();
    await holder.query(`select pg_advisory_lock(hashtext('list:un'))`);
    const handle = await app.deps.temporal.client.workflow.start(watchlistRefreshWorkflow, {
      taskQueue: config.temporal.taskQueue,
      workflowId: `pipeline-un-${randomUUID()}`,
      args: [refreshInput(config, { source: 'un' })],
    });
    await eventually(
      async () => (await holder.query(`select 1 from pg_stat_activity where wait_event_type = 'Lock' and query like '%pg_advisory_xact_lock%'`)).rowCount! > 0,
      30_000,
      'the store step to wait on the lock',
    );
    expect(requests).toBe(1);
    // ...when the database goes down: that attempt fails with a retryable error, and its retry needs the file.
    holder.on('error', () => {});
    cluster.stop();
    await sleep(8_000);
    cluster.start();

    const result = await handle.result();
    expect(result.outcome).toBe('created');
    expect(result.version?.entityCount).toBeGreaterThan(0);
    const [kept] = await app.deps.orm.em.fork().getConnection().execute<{ n: number }[]>('select count(*)::int as n from fetched_list_files');
    expect(kept!.n).toBe(0); // released once the version is stored
    const [run] = await app.deps.orm.em.fork().getConnection().execute<{ status: string }[]>('select status from pipeline_runs where workflow_id = ?', [handle.workflowId]);
    expect(run!.status).toBe('succeeded');
  }, 180_000);
});
