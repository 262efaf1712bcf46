/**
 * Replays the recorded histories of every workflow type the worker registers (test/fixtures/histories/,
 * written by `npx tsx scripts/record-histories.ts`) against today's workflow bundle, the check to pass
 * before a deploy: a workflow whose code no longer makes the commands its open executions recorded
 * would fail those executions on the next worker (docs/operations.md). A registered type without a
 * history fails too, so a new workflow cannot skip the check.
 */
import { join } from 'node:path';
import { readFileSync, statSync } from 'node:fs';
import { bundleWorkflowCode, DefaultLogger, makeTelemetryFilterString, Runtime, Worker, type WorkflowBundleWithSourceMap } from '@temporalio/worker';
import { DeterminismViolationError } from '@temporalio/workflow';
import { temporal } from '@temporalio/proto';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  configSecrets,
  HISTORY_DIR,
  MAX_HISTORY_BYTES,
  readHistory,
  readHistoryFile,
  registeredWorkflowTypes,
  secretsIn,
  startedType,
  storedHistoryFiles,
  typeOfFile,
} from '../../scripts/record-histories/history-files';
import { ANVIL_DEPLOYER_KEY } from '../../src/tools/agent-commerce-contracts';
import { testConfig } from '../helpers/test-config';

const quiet = { trace() {}, debug() {}, info() {}, warn() {}, error() {}, log() {} };

describe('recorded workflow histories replay against today’s workflow code', () => {
  const types = registeredWorkflowTypes();
  const files = storedHistoryFiles();
  /** The secrets every test run is configured with (the recording's were the same): none may be in a history. */
  const runSecrets = [...configSecrets(testConfig()), ANVIL_DEPLOYER_KEY, ANVIL_DEPLOYER_KEY.slice(2)];
  let workflowBundle: WorkflowBundleWithSourceMap;

  beforeAll(async () => {
    // Core's own warnings (the deliberate nondeterminism below) go to the quiet logger, not the console.
    Runtime.install({ logger: new DefaultLogger('ERROR'), telemetryOptions: { logging: { filter: makeTelemetryFilterString({ core: 'ERROR' }), forward: {} } } });
    workflowBundle = await bundleWorkflowCode({ workflowsPath: join(__dirname, '..', '..', 'workflows', 'index.ts'), logger: quiet });
  });

  it('has a recorded history for every workflow type the worker registers, and none of a type it does not', () => {
    expect(types.length).toBeGreaterThanOrEqual(14);
    const missing = types.filter((type) => !files.includes(`${type}.json`));
    expect(missing, 'record them with `npx tsx scripts/record-histories.ts`').toEqual([]);
    expect(files.filter((file) => !types.includes(typeOfFile(file))), 'histories of workflow types the worker no longer registers').toEqual([]);
    for (const file of files) expect(startedType(readHistoryFile(file)), `${file} starts another workflow type`).toBe(typeOfFile(file));
  });

  it('replays every stored history with no nondeterminism', async () => {
    const histories = files.map((file) => ({ workflowId: file, history: readHistoryFile(file) }));
    const failures: string[] = [];
    const replayed: string[] = [];
    for await (const result of Worker.runReplayHistories({ workflowBundle }, histories)) {
      replayed.push(result.workflowId);
      if (result.error) failures.push(`${result.workflowId}: ${result.error.name}: ${result.error.message}`);
    }
    expect(failures).toEqual([]);
    expect(replayed.sort()).toEqual(files);
  }, 180_000);

  it('fails a history whose commands the code no longer makes (the check can fail)', async () => {
    // The batch's history as if the platform check had made it: the code schedules another activity than the history holds.
    const history = readHistory('batchScreeningWorkflow');
    const [first, ...rest] = history.events!;
    const started = first!.workflowExecutionStartedEventAttributes!;
    const relabelled = temporal.api.history.v1.History.create({
      events: [{ ...first, workflowExecutionStartedEventAttributes: { ...started, workflowType: { name: 'platformCheckWorkflow' }, input: null } }, ...rest],
    });
    await expect(Worker.runReplayHistory({ workflowBundle }, relabelled, 'relabelled-batch')).rejects.toBeInstanceOf(DeterminismViolationError);
  }, 120_000);

  it('keeps every history small and free of secrets, with its payloads decoded', () => {
    for (const file of files) {
      expect(statSync(join(HISTORY_DIR, file)).size, file).toBeLessThanOrEqual(MAX_HISTORY_BYTES);
      expect(secretsIn(readFileSync(join(HISTORY_DIR, file), 'utf8'), runSecrets), file).toEqual([]);
    }
  });
});
