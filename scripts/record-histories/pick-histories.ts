/**
 * Chooses, for each registered workflow type, one run the recording produced and writes its history:
 * a completed run where there is one (a long-running type has only progressed runs), the fullest that
 * stays a modest fixture. Nothing is written unless every type has a run and no history holds a secret,
 * so a failed recording never leaves a half-updated set behind.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import type { Client, WorkflowExecutionInfo } from '@temporalio/client';
import { join } from 'node:path';
import { historyToJson } from './history-json';
import { HISTORY_DIR, MAX_HISTORY_BYTES, historyFile, registeredWorkflowTypes, secretsIn, storedHistoryFiles, typeOfFile } from './history-files';

const STATUS_RANK: Record<string, number> = { COMPLETED: 0, CONTINUED_AS_NEW: 1, RUNNING: 2 };
const rank = (run: WorkflowExecutionInfo) => STATUS_RANK[run.status.name] ?? 3;

export interface RecordedHistory {
  workflowType: string;
  workflowId: string;
  status: string;
  events: number;
  bytes: number;
}

/** The runs on the recording's task queue, by workflow type, best candidates first. */
async function runsByType(temporal: Client, taskQueue: string): Promise<Map<string, WorkflowExecutionInfo[]>> {
  const byType = new Map<string, WorkflowExecutionInfo[]>();
  for await (const run of temporal.workflow.list()) {
    if (run.taskQueue !== taskQueue) continue;
    byType.set(run.type, [...(byType.get(run.type) ?? []), run]);
  }
  for (const runs of byType.values()) runs.sort((a, b) => rank(a) - rank(b) || (b.historyLength ?? 0) - (a.historyLength ?? 0));
  return byType;
}

/** Fetches, checks and writes one history per registered type; throws, writing nothing, on any gap or secret. */
export async function writeHistories(temporal: Client, taskQueue: string, secrets: readonly string[]): Promise<RecordedHistory[]> {
  const byType = await runsByType(temporal, taskQueue);
  const chosen: (RecordedHistory & { json: string })[] = [];
  const problems: string[] = [];
  for (const workflowType of registeredWorkflowTypes()) {
    let picked: (RecordedHistory & { json: string }) | undefined;
    for (const run of byType.get(workflowType) ?? []) {
      const history = await temporal.workflow.getHandle(run.workflowId, run.runId).fetchHistory();
      const json = historyToJson(history);
      const bytes = Buffer.byteLength(json);
      if (bytes > MAX_HISTORY_BYTES) continue;
      picked = { workflowType, workflowId: run.workflowId, status: run.status.name, events: history.events?.length ?? 0, bytes, json };
      break;
    }
    if (!picked) {
      problems.push(`${workflowType}: no run of a modest size was recorded`);
      continue;
    }
    const leaked = secretsIn(picked.json, secrets);
    if (leaked.length) problems.push(`${workflowType} (${picked.workflowId}) holds ${leaked.join(', ')}`);
    chosen.push(picked);
  }
  if (problems.length) throw new Error(`not recorded:\n${problems.join('\n')}`);
  mkdirSync(HISTORY_DIR, { recursive: true });
  // A history of a type the worker no longer registers could never replay: it goes; kept files of registered types stay.
  const types = new Set(registeredWorkflowTypes());
  for (const stale of storedHistoryFiles()) if (!types.has(typeOfFile(stale))) rmSync(join(HISTORY_DIR, stale));
  for (const c of chosen) writeFileSync(historyFile(c.workflowType), c.json);
  return chosen.map(({ json: _json, ...summary }) => summary);
}
