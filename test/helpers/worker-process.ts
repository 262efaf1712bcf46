/**
 * The real worker entry point (`src/worker.ts`) in its own process, for fault tests that kill it with
 * SIGKILL, configured for this test run's database, Redis and Temporal.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { inject } from 'vitest';

const ROOT = join(__dirname, '..', '..');

/** The environment of a worker process on its own task queue, plus `extra` settings. */
export function workerProcessEnv(taskQueue: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    NODE_ENV: 'test',
    LOG_LEVEL: 'error',
    DATABASE_URL: inject('databaseUrl'),
    REDIS_URL: inject('redisUrl'),
    TEMPORAL_ADDRESS: inject('temporalAddress'),
    TEMPORAL_NAMESPACE: inject('temporalNamespace'),
    TEMPORAL_TASK_QUEUE: taskQueue,
    WORKFLOW_BUNDLE_PATH: inject('workflowBundlePath'),
    SHUTDOWN_GRACE_MS: '1000',
    ...extra,
  };
}

export function startWorkerProcess(env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'src/worker.ts'], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
}
