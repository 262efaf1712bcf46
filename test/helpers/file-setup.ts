/**
 * Runs before every integration test file (the project's `setupFiles`): names the file's own database,
 * Redis prefix and task queue, so files running at once in other workers never see each other's rows,
 * counters or workflows, and clones the database from the run's migrated template before the file's
 * first hook. The names are set as the file is imported (a file may build its config while vitest
 * collects its tests). The global teardown drops every database of the run.
 */
import { randomBytes } from 'node:crypto';
import { beforeAll, inject } from 'vitest';
import { cloneTemplateDatabase } from './template-database';
import { setTestRun, workerSlot } from './test-run';

const slot = workerSlot();
const runId = inject('runId');
const fileId = `w${slot}_${randomBytes(3).toString('hex')}`;

setTestRun({
  fileId,
  databaseUrl: `${inject('databaseServerUrl')}/${inject('templateDatabase')}_${fileId}`,
  redisUrl: inject('redisUrl'),
  redisKeyPrefix: `test:${runId}:${fileId}:`,
  temporalAddress: inject('temporalAddress'),
  temporalNamespace: inject('temporalNamespaces')[slot - 1]!,
  taskQueue: `test-${runId}-${fileId}`,
  anvilRpcUrl: inject('anvilRpcUrls')[slot - 1]!,
  stripeMockUrl: inject('stripeMockUrl'),
  workflowBundlePath: inject('workflowBundlePath'),
});

beforeAll(async () => {
  await cloneTemplateDatabase(fileId);
});
