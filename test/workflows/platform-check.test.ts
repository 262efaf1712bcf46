import { randomUUID } from 'node:crypto';
import { Client, Connection } from '@temporalio/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformCheckWorkflow } from '../../workflows';
import { testConfig } from '../helpers/test-config';
import { startTestWorker, type TestWorker } from '../helpers/test-worker';

describe('platform-check workflow', () => {
  const config = testConfig({ TEMPORAL_TASK_QUEUE: `platform-${randomUUID()}` });
  let worker: TestWorker;
  let connection: Connection;

  beforeAll(async () => {
    worker = await startTestWorker(config);
    connection = await Connection.connect({ address: config.temporal.address });
  });
  afterAll(async () => {
    await connection?.close();
    await worker?.stop();
  });

  it('runs a real workflow whose activity reads the clock of the real database', async () => {
    const client = new Client({ connection, namespace: config.temporal.namespace });
    const before = Date.now();
    const result = await client.workflow.execute(platformCheckWorkflow, {
      taskQueue: config.temporal.taskQueue,
      workflowId: `platform-check-${randomUUID()}`,
    });
    expect(result.taskQueue).toBe(config.temporal.taskQueue);
    const dbTime = Date.parse(result.databaseTime);
    expect(dbTime).toBeGreaterThanOrEqual(before - 5_000);
    expect(dbTime).toBeLessThanOrEqual(Date.now() + 5_000);
  });
});
