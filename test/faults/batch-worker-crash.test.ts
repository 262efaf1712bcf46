import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonOf } from '../helpers/http';
import { eventually, startHttpsReceiver, type HttpsReceiver } from '../helpers/https-receiver';
import { createTestClient, tokenFor } from '../helpers/identity';
import { loadStandardFixtures } from '../helpers/lists';
import { testConfig } from '../helpers/test-config';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { hundredEntities } from '../helpers/batch-entities';
import { startWorkerProcess, workerProcessEnv } from '../helpers/worker-process';
import { takeProcessTurn } from '../helpers/process-turns';

// Starts and kills worker processes of its own: takes one of the run's few turns for that (process-turns.ts).
takeProcessTurn();

describe('a worker killed in the middle of a batch', () => {
  const taskQueue = `crash-${randomUUID()}`;
  let receiver: HttpsReceiver;
  let app: TestApp;
  let worker: ChildProcess | undefined;
  let env: Record<string, string>;

  beforeAll(async () => {
    receiver = await startHttpsReceiver();
    env = workerProcessEnv(taskQueue, {
      BATCH_CONCURRENCY: '2',
      WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
      WEBHOOK_CA_BUNDLE_PATH: receiver.caPath,
      WEBHOOK_INITIAL_BACKOFF_SECONDS: '1', // a timed-out delivery on a busy machine is retried quickly
    });
    app = await startTestApp(testConfig(env));
    await loadStandardFixtures(app.deps.orm.em.fork());
  });
  afterAll(async () => {
    worker?.kill('SIGKILL');
    await app?.close();
    await receiver?.close();
  });

  it('resumes on a new worker: the job completes, every item has exactly one scan, and the webhook is sent once', async () => {
    const client = await createTestClient(app.deps.orm.em.fork(), app.deps.config.auth.encryptionKey, { plan: 'enterprise', customRequestsPerMinute: 100_000 });
    const token = await tokenFor(app.url, client);
    worker = startWorkerProcess(env);
    const res = await fetch(`${app.url}/v1/scans/batch`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ entities: hundredEntities(), webhook_url: receiver.url }),
    });
    const { job_id: jobId } = await jsonOf(res);
    const poll = async () => jsonOf(await fetch(`${app.url}/v1/scans/batch/${jobId}`, { headers: { Authorization: `Bearer ${token}` } }));

    const midway = await eventually(async () => {
      const current = await poll();
      return current.items.length >= 10 && current;
    }, 60_000, 'the batch to be under way');
    worker.kill('SIGKILL');
    await new Promise((r) => worker!.once('exit', r));
    expect(midway.status).toBe('running');
    const atKill = await poll();
    expect(atKill.status).not.toBe('completed');

    worker = startWorkerProcess(env);
    const done = await eventually(async () => {
      const current = await poll();
      return current.status === 'completed' && current;
    }, 90_000, 'the batch to complete on the new worker');
    expect(done).toMatchObject({ completed_items: 98, failed_items: 2 });
    expect(done.items).toHaveLength(100);

    const scans = await app.deps.orm.em.fork().getConnection().execute<{ key: string; n: number }[]>(
      `select idempotency_key as key, count(*)::int as n from scans where idempotency_key like ? group by idempotency_key`,
      [`batch:${jobId}:%`],
    );
    expect(scans).toHaveLength(98);
    expect(scans.every((s) => s.n === 1)).toBe(true);
    const itemScanIds = done.items.filter((i: { scan_id: string | null }) => i.scan_id).map((i: { scan_id: string }) => i.scan_id);
    expect(new Set(itemScanIds).size).toBe(98);

    await eventually(async () => receiver.received.some((r) => r.rawBody.toString().includes(jobId)), 30_000, 'the webhook');
    await new Promise((r) => setTimeout(r, 1_000)); // a duplicate would arrive right behind the first
    expect(receiver.received.filter((r) => r.rawBody.toString().includes(jobId))).toHaveLength(1);
  }, 180_000);
});
