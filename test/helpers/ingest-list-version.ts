/** Ingesting a synthetic list version through the real pipeline workflow, as a new release lands in service. */
import { randomUUID } from 'node:crypto';
import type { Client } from '@temporalio/client';
import { expect } from 'vitest';
import type { AppConfig } from '../../src/config';
import { refreshInput } from '../../src/temporal/workflow-inputs';
import { watchlistRefreshWorkflow } from '../../workflows/watchlist-refresh';
import type { RefreshResult } from '../../workflows/definitions';
import { writeSimpleCsv, type SyntheticTarget } from './synthetic-lists';
import type { TestApp } from './test-app';

/** Ingests `targets` as the next version of `source`, waits for its monitoring sweep, and swaps the API's index. */
export async function ingestListVersion(temporal: Client, app: TestApp, config: AppConfig, source: string, targets: SyntheticTarget[]): Promise<RefreshResult> {
  const outcome = await temporal.workflow.execute(watchlistRefreshWorkflow, {
    taskQueue: config.temporal.taskQueue,
    workflowId: `pipeline-${source}-${randomUUID()}`,
    args: [refreshInput(config, { source, file: writeSimpleCsv(targets) })],
  });
  expect(outcome.outcome).toBe('created');
  if (outcome.sweep) await temporal.workflow.getHandle(outcome.sweep).result();
  await app.deps.screening.index.rebuild();
  return outcome;
}
