/**
 * An agent job whose worker is SIGKILLed while a second worker process polls the same task queue. A
 * free person-scan job (no chain needed) runs as a local activity in a worker's workflow task; the
 * test holds a lock on the scans table, so the job is caught writing its scan. The worker running it
 * (named by the workflow history) is killed; the other takes the workflow task over when it times
 * out: the job completes exactly once, with exactly one scan, whatever the dying worker's statement
 * did after the kill.
 */
import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { temporal as temporalProto } from '@temporalio/proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { ACP_ACCOUNT_ID } from '../../src/modules/acp/job-execution';
import { holdLock, type HeldLock } from '../helpers/fault-lock';
import { jsonOf, type Json } from '../helpers/http';
import { eventually } from '../helpers/https-receiver';
import { testConfig } from '../helpers/test-config';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { startWorkerProcess, workerProcessEnv } from '../helpers/worker-process';
import { takeProcessTurn } from '../helpers/process-turns';

// Starts and kills worker processes of its own: takes one of the run's few turns for that (process-turns.ts).
takeProcessTurn();

describe('an agent job whose worker is killed while a second worker runs', () => {
  const taskQueue = `acp-crash-${randomUUID()}`;
  let app: TestApp;
  let workers: ChildProcess[] = [];
  let lock: HeldLock | undefined;
  const query = <T>(text: string, params: unknown[]) => app.deps.orm.em.fork().getConnection().execute<T[]>(text, params);

  beforeAll(async () => {
    const env = workerProcessEnv(taskQueue);
    app = await startTestApp(testConfig({ ...env, RATE_LIMIT_ACP_PER_MINUTE: '10000', RATE_LIMIT_ACP_PER_WALLET_PER_MINUTE: '10000' }));
    workers = [startWorkerProcess(env), startWorkerProcess(env)];
  });
  afterAll(async () => {
    for (const worker of workers) worker.kill('SIGKILL');
    await lock?.release();
    await app?.close();
  });

  /** A worker's identity as the SDK names it by default (`pid@host`). */
  const identityOf = (worker: ChildProcess) => `${worker.pid}@${hostname()}`;
  /** The identities of the workers polling our queue for workflow tasks. */
  const pollers = async () => {
    const described = await app.deps.temporal.client.workflowService.describeTaskQueue({
      namespace: app.deps.config.temporal.namespace,
      taskQueue: { name: taskQueue },
      taskQueueType: temporalProto.api.enums.v1.TaskQueueType.TASK_QUEUE_TYPE_WORKFLOW,
    });
    return new Set((described.pollers ?? []).map((p) => p.identity));
  };
  /** The worker that started the workflow's latest workflow task, from its history. */
  const runningOn = async (workflowId: string) => {
    const history = await app.deps.temporal.client.workflow.getHandle(workflowId).fetchHistory();
    return history.events?.filter((e) => e.workflowTaskStartedEventAttributes).at(-1)?.workflowTaskStartedEventAttributes?.identity ?? undefined;
  };

  it('completes the job exactly once on the surviving worker, with one scan', async () => {
    await eventually(async () => {
      const polling = await pollers();
      return workers.every((w) => polling.has(identityOf(w)));
    }, 120_000, 'both workers to poll the queue');

    // Every scan insert now waits on the test: the job is caught after it was marked submitted.
    lock = await holdLock(app.deps.config.db.ownerUrl, 'lock table scans in share mode');
    const buyer = privateKeyToAccount(generatePrivateKey()).address;
    const submitted = fetch(`${app.url}/acp/jobs`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ service_id: 'pep_scan', buyer_agent_address: buyer, usdc_amount: 5, payload: { name: 'Faultline Crashworth' } }),
    });
    await eventually(async () => (await lock!.waiters()) > 0, 90_000, "the job's scan insert to wait on the lock");
    const [job] = await query<{ id: string; status: string; workflow_id: string }>('select id, status, workflow_id from acp_jobs where lower(buyer_address) = lower(?)', [buyer]);
    expect(job!.status).toBe('submitted');

    const identity = await runningOn(job!.workflow_id);
    const victim = workers.find((w) => identityOf(w) === identity);
    const survivor = workers.find((w) => w !== victim)!;
    expect(victim, `the job runs on ${identity}, one of our two workers`).toBeDefined();
    victim!.kill('SIGKILL');
    await new Promise((r) => victim!.once('exit', r));
    await lock.release(); // the dead worker's insert, already sent, may still go through: it must not count twice

    const done = await eventually(async () => {
      const current = (await jsonOf(await fetch(`${app.url}/acp/jobs/${job!.id}`))) as Json;
      return current.status === 'completed' && current;
    }, 90_000, 'the job to complete on the surviving worker');
    expect(done).toMatchObject({ service_id: 'pep_scan', error: null, payment: { kind: 'free', free_job_number: 1 } });
    // The buyer's call was answered: the job as it stood when the wait ran out, or completed.
    expect((await submitted).status).toBe(200);

    const scans = await query<{ id: string }>('select id from scans where account_id = ? and idempotency_key = ?', [ACP_ACCOUNT_ID, `acp:${job!.id}`]);
    expect(scans).toHaveLength(1);
    expect(done.result.scan_id).toBe(scans[0]!.id);
    const [row] = await query<{ status: string; scan_id: string; settled_at: Date | null }>('select status, scan_id, settled_at from acp_jobs where id = ?', [job!.id]);
    expect(row).toMatchObject({ status: 'completed', scan_id: scans[0]!.id });
    expect(row!.settled_at).not.toBeNull();
    expect(await query('select id from acp_jobs where lower(buyer_address) = lower(?)', [buyer])).toHaveLength(1);
    expect(await app.deps.temporal.client.workflow.getHandle(job!.workflow_id).result()).toMatchObject({ id: job!.id, status: 'completed' });
    // Read once the run has closed: a retried workflow task enters the history only when it completes.
    expect(await runningOn(job!.workflow_id)).toBe(identityOf(survivor));
  }, 180_000);
});
