/**
 * The data pipeline for one list: fetch → parse and store a new version (or find it unchanged) →
 * announce the new version. Every run is recorded in `pipeline_runs`, failures included.
 */
import { ApplicationFailure, proxyActivities, setHandler, workflowInfo } from '@temporalio/workflow';
import type { WatchlistActivities } from '../activities/watchlists';
import { listParsing, infrastructureWork, listDownload } from './activity-options';
import { startVersionSweep } from './version-sweep';
import { type RefreshResult, type RefreshStage, type RefreshWorkflowInput, refreshStageQuery } from './definitions';


const records = proxyActivities<WatchlistActivities>(infrastructureWork);
const downloads = proxyActivities<WatchlistActivities>(listDownload);
const parsing = proxyActivities<WatchlistActivities>(listParsing);

export async function watchlistRefreshWorkflow(request: RefreshWorkflowInput): Promise<RefreshResult> {
  let stage: RefreshStage = 'starting';
  setHandler(refreshStageQuery, () => stage);
  const { runId, workflowId } = workflowInfo();
  await records.beginRefresh({ runId, source: request.source, workflowId });
  try {
    stage = 'fetching';
    const fetched = await downloads.fetchListFiles(request);
    if (fetched.status === 'not_modified') {
      await records.finishRefresh({ runId, status: 'unchanged', detail: { reason: 'not modified since the last download' } });
      stage = 'done';
      return { outcome: 'not_modified', version: null, sweep: null };
    }
    stage = 'storing';
    const version = await parsing.storeListVersion({ runId, source: request.source, list: fetched, listKind: request.listKind });
    let sweep: string | null = null;
    if (version.outcome === 'created') {
      stage = 'announcing';
      sweep = await startVersionSweep(request.sweep, version);
    }
    await records.finishRefresh({
      runId,
      status: version.outcome === 'created' ? 'succeeded' : 'unchanged',
      detail: { version, origin: fetched.origin, validators: fetched.validators, sweep },
    });
    stage = 'done';
    return { outcome: version.outcome, version, sweep };
  } catch (err) {
    stage = 'failed';
    const message = err instanceof ApplicationFailure || err instanceof Error ? (err.cause instanceof Error ? err.cause.message : err.message) : String(err);
    await records.finishRefresh({ runId, status: 'failed', detail: { error: message } });
    throw err;
  }
}
