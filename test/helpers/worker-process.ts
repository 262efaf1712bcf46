/**
 * The real worker entry point (`src/worker.ts`) in its own process, for fault tests that kill it with
 * SIGKILL, configured for this test file's database, Redis prefix and Temporal namespace.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { testRun } from './test-run';

const ROOT = join(__dirname, '..', '..');

/** The environment of a worker process on its own task queue, plus `extra` settings. */
export function workerProcessEnv(taskQueue: string, extra: Record<string, string> = {}): Record<string, string> {
  const run = testRun();
  return {
    NODE_ENV: 'test',
    LOG_LEVEL: 'error',
    DATABASE_URL: run.databaseUrl,
    REDIS_URL: run.redisUrl,
    REDIS_KEY_PREFIX: run.redisKeyPrefix,
    TEMPORAL_ADDRESS: run.temporalAddress,
    TEMPORAL_NAMESPACE: run.temporalNamespace,
    TEMPORAL_TASK_QUEUE: taskQueue,
    WORKFLOW_BUNDLE_PATH: run.workflowBundlePath,
    SHUTDOWN_GRACE_MS: '1000',
    ...extra,
  };
}

export function startWorkerProcess(env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'src/worker.ts'], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
}
