/**
 * The record of each watchlist refresh: operators read it (and /health shows the latest) to know when a
 * list last changed and why a run failed. Keyed by the Temporal run, so a retried step never records twice.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import type { ListValidators } from '../../sources/common/fetch-list-file';
import { sql } from '../../db/sql';

export type PipelineRunStatus = 'running' | 'succeeded' | 'unchanged' | 'failed';

/** Starts (or, on a retry, finds) the run record for a workflow run. */
export async function beginPipelineRun(em: EntityManager, input: { runId: string; source: string; workflowId: string }): Promise<void> {
  await sql(em, 
    `insert into pipeline_runs (id, source, workflow_id, status, started_at) values (?, ?, ?, 'running', now()) on conflict (id) do nothing`,
    [input.runId, input.source, input.workflowId],
  );
}

export async function finishPipelineRun(
  em: EntityManager,
  input: { runId: string; status: Exclude<PipelineRunStatus, 'running'>; detail: Record<string, unknown> },
): Promise<void> {
  await sql(em, `update pipeline_runs set status = ?, finished_at = now(), detail = ? where id = ?`, [
    input.status,
    JSON.stringify(input.detail),
    input.runId,
  ]);
}

/** The download validators of the last run that fetched `source`, for a conditional GET. */
export async function lastValidators(em: EntityManager, source: string): Promise<Record<string, ListValidators>> {
  const [row] = await sql<{ validators: Record<string, ListValidators> | null }[]>(em, 
    `select detail->'validators' as validators from pipeline_runs
      where source = ? and status in ('succeeded', 'unchanged') and jsonb_exists(detail, 'validators')
      order by started_at desc limit 1`,
    [source],
  );
  return row?.validators ?? {};
}
