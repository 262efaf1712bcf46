/**
 * Starting the monitoring sweep of a new list version (`sweep-<source>-v<n>`), which re-screens the
 * enrolments the version's changes reach and outlives whoever
 * starts it: the refresh that stored the version, or the recovery schedule when that refresh never
 * got so far. A sweep already started under that id stands; either way the hand-over is recorded.
 */
import { ParentClosePolicy, patched, proxyActivities, startChild, workflowInfo } from '@temporalio/workflow';
import type { WatchlistActivities } from '../activities/watchlists';
import { infrastructureWork } from './activity-options';
import { isAlreadyStarted } from './already-started';
import { monitoringSweepWorkflow } from './monitoring-sweep';
import type { SweepSettings } from './definitions';

const records = proxyActivities<WatchlistActivities>(infrastructureWork);

/** Starts (or finds) the version's sweep and records it; returns the sweep's workflow id. */
export async function startVersionSweep(settings: SweepSettings, version: { versionId: string; source: string; versionNumber: number }): Promise<string> {
  const sweepKey = `${version.source}-v${version.versionNumber}`;
  const workflowId = `sweep-${sweepKey}`;
  try {
    await startChild(monitoringSweepWorkflow, {
      workflowId,
      // The version's changes choose whom to re-screen; a history recorded before that replays as it ran.
      args: [{ sweepKey, ...settings, ...(patched('change-driven-rescreen') ? { versionId: version.versionId } : {}) }],
      parentClosePolicy: ParentClosePolicy.ABANDON,
      taskQueue: workflowInfo().taskQueue,
    });
  } catch (err) {
    if (!isAlreadyStarted(err)) throw err;
  }
  await records.recordSweepStarted({ versionId: version.versionId, workflowId });
  return workflowId;
}
