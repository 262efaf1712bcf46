/**
 * What one integration test file runs against. The global setup starts the shared services once per
 * run (PostgreSQL template, Temporal dev server, stripe-mock) and one anvil and one Temporal namespace
 * per vitest worker; `file-setup.ts` gives each file its own database (cloned from the migrated
 * template), Redis key prefix and task queue before the file is imported. Files run in parallel, so a
 * helper asks here, never `inject`, for what belongs to its file.
 */
import { inject } from 'vitest';

export interface TestRun {
  /** Short and unique in the run: names this file's database, Redis prefix and task queue. */
  fileId: string;
  databaseUrl: string;
  redisUrl: string;
  /** `test:<run>:<file>:`: every key this file's app, worker and CLI write. */
  redisKeyPrefix: string;
  temporalAddress: string;
  /** This worker's namespace: files running at once never share a fixed workflow or schedule id. */
  temporalNamespace: string;
  taskQueue: string;
  /** This worker's anvil: its own accounts, nonces and chain time, with the contracts at their usual addresses. */
  anvilRpcUrl: string;
  stripeMockUrl: string;
  workflowBundlePath: string;
}

const KEY = Symbol.for('compliance-intelligence.test-run');
type WithRun = typeof globalThis & { [KEY]?: TestRun };

/** The vitest worker this file runs in, from 1 (`VITEST_POOL_ID`); files in one worker run one after another. */
export function workerSlot(): number {
  const slot = Number(process.env.VITEST_POOL_ID ?? '1');
  const slots = inject('workerSlots');
  if (!Number.isInteger(slot) || slot < 1 || slot > slots) throw new Error(`VITEST_POOL_ID=${process.env.VITEST_POOL_ID} is outside the ${slots} worker slots the global setup prepared: raise maxWorkers in vitest.config.mts's integration project and the setup follows`);
  return slot;
}

/** Set by `file-setup.ts` before each file runs. */
export function setTestRun(run: TestRun): void {
  (globalThis as WithRun)[KEY] = run;
}

export function testRun(): TestRun {
  const run = (globalThis as WithRun)[KEY];
  if (!run) throw new Error('no test run: integration helpers need test/helpers/file-setup.ts in the project\'s setupFiles');
  return run;
}
