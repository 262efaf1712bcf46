import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonOf } from '../helpers/http';
import { testConfig } from '../helpers/test-config';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { startTestWorker, type TestWorker } from '../helpers/test-worker';
import { tcpGate } from '../helpers/tcp-gate';
import { eventually } from '../helpers/https-receiver';

/** A TCP port on this machine where nothing listens: stands in for a service that is down. */
const CLOSED_PORT = 1;

describe('GET /health', () => {
  describe('with every component running', () => {
    const config = testConfig({ TEMPORAL_TASK_QUEUE: `health-${randomUUID()}` });
    let app: TestApp;
    let worker: TestWorker;
    beforeAll(async () => {
      worker = await startTestWorker(config);
      app = await startTestApp(config);
    });
    afterAll(async () => {
      await app?.close();
      await worker?.stop();
    });

    it('answers 200 and names every component ok, with latency', async () => {
      const res = await fetch(`${app.url}/health`);
      expect(res.status).toBe(200);
      const body = await jsonOf(res);
      // Other test files share this database and may have recorded a failed pipeline run.
      const pipelineOk = body.components.data_pipeline === null || body.components.data_pipeline.status === 'ok';
      expect(body.status, JSON.stringify(body.components)).toBe(pipelineOk ? 'ok' : 'degraded');
      for (const name of ['database', 'rate_limit_store', 'temporal', 'acp']) {
        expect(body.components[name].status, name).toBe('ok');
        expect(typeof body.components[name].detail).toBe('string');
        expect(body.components[name].latency_ms).toBeGreaterThanOrEqual(0);
      }
    });

    it('reports the latest data-pipeline run once one exists', async () => {
      const conn = app.deps.orm.em.getConnection();
      await conn.execute(
        `insert into pipeline_runs (id, source, workflow_id, status, started_at, finished_at) values (?, 'dfat', 'pipeline-dfat-test', 'failed', now(), now())`,
        [randomUUID()],
      );
      const body = await jsonOf(await fetch(`${app.url}/health`));
      expect(body.components.data_pipeline.status).toBe('degraded');
      expect(body.components.data_pipeline.last_run).toMatchObject({ source: 'dfat', status: 'failed', workflow_id: 'pipeline-dfat-test' });
      await conn.execute(`delete from pipeline_runs where workflow_id = 'pipeline-dfat-test'`);
    });
  });

  it('answers 200 and says the rate-limit store is down when Redis is unreachable', async () => {
    const app = await startTestApp(testConfig({ REDIS_URL: `redis://127.0.0.1:${CLOSED_PORT}` }));
    try {
      const res = await fetch(`${app.url}/health`);
      expect(res.status).toBe(200);
      const body = await jsonOf(res);
      expect(body.components.rate_limit_store.status).toBe('down');
      expect(body.components.database.status).toBe('ok');
      expect(body.status).toBe('degraded');
    } finally {
      await app.close();
    }
  });

  it('answers 503 when PostgreSQL is unreachable', async () => {
    const app = await startTestApp(testConfig({ DATABASE_URL: `postgres://postgres@127.0.0.1:${CLOSED_PORT}/nothing` }));
    try {
      const res = await fetch(`${app.url}/health`);
      expect(res.status).toBe(503);
      const body = await jsonOf(res);
      expect(body.status).toBe('down');
      expect(body.components.database.status).toBe('down');
      expect(body.components.database.detail).toMatch(/ECONNREFUSED|connect/i);
    } finally {
      await app.close();
    }
  });

  it('sees Temporal come back after it was down at the first probe, and goes down again with it', async () => {
    const [host, port] = testConfig().temporal.address!.split(':');
    const gate = await tcpGate({ host: host!, port: Number(port) });
    const app = await startTestApp(testConfig({ TEMPORAL_ADDRESS: gate.address, TEMPORAL_CONNECT_TIMEOUT_MS: '1000' }));
    const temporalRow = async () => (await jsonOf(await fetch(`${app.url}/health`))).components.temporal;
    try {
      expect((await temporalRow()).status).toBe('down');
      // Down for longer than the client's connect timeout (1 s here), so a remembered first connection attempt has failed for good.
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect((await temporalRow()).status).toBe('down');
      await gate.open();
      // gRPC reconnects with its own backoff, so the first probes after the server returns may still fail.
      const back = await eventually(async () => {
        const row = await temporalRow();
        return row.status !== 'down' && row;
      }, 30_000, 'the Temporal row to recover');
      expect(back.status).toBe('degraded'); // no worker polls this queue, but the server is reachable
      expect(back.detail).toMatch(/reachable/);
      await gate.shut();
      await eventually(async () => (await temporalRow()).status === 'down', 30_000, 'the Temporal row to go down again');
    } finally {
      // Let the client's pending gRPC retries reach the server before it closes: a retry timer firing on
      // a closed channel throws outside any test (Temporal's retry interceptor cannot be cancelled).
      await gate.open();
      await eventually(async () => (await temporalRow()).status !== 'down', 30_000, 'Temporal to be reachable before closing').catch(() => undefined);
      await app.close();
      await gate.shut();
    }
  });

  it('probes the ACP for real: the endpoints served and the chain its payments are verified on', async () => {
    const app = await startTestApp(testConfig());
    try {
      const acp = (await jsonOf(await fetch(`${app.url}/health`))).components.acp;
      expect(acp.status).toBe('ok');
      expect(acp.detail).toMatch(/^5 of 5 agent-job endpoints served; chain 84532 reachable at block \d+.*; ERC-8183 escrow rail on/);
    } finally {
      await app.close();
    }
    const unreachable = await startTestApp(testConfig({ ACP_RPC_URL: 'http://127.0.0.1:1' }));
    try {
      expect((await jsonOf(await fetch(`${unreachable.url}/health`))).components.acp.status).toBe('down');
    } finally {
      await unreachable.close();
    }
  });
});
