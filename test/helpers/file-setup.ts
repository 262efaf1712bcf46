/**
 * Runs before every integration test file (the project's `setupFiles`): clones the run's migrated
 * template into the file's own database and names its Redis prefix and task queue, so files running
 * at once in other workers never see each other's rows, counters or workflows. Cloning is a file
 * copy in PostgreSQL (`CREATE DATABASE … TEMPLATE`), far cheaper than migrating again. The global
 * teardown drops every database of the run. The names are set as the file is imported (a file may build
 * its config while vitest collects its tests); the database exists before the file's first hook.
 */
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { beforeAll, inject } from 'vitest';
import { setTestRun, workerSlot } from './test-run';

const slot = workerSlot();
const runId = inject('runId');
const fileId = `w${slot}_${randomBytes(3).toString('hex')}`;
const databaseName = `${inject('templateDatabase')}_${fileId}`;

setTestRun({
  fileId,
  databaseUrl: `${inject('databaseServerUrl')}/${databaseName}`,
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
  const admin = new Client({ connectionString: `${inject('databaseServerUrl')}/postgres` });
  await admin.connect();
  try {
    await admin.query(`create database "${databaseName}" template "${inject('templateDatabase')}"`);
  } finally {
    await admin.end();
  }
});
