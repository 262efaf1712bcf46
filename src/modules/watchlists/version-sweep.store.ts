/**
 * The hand-over from a stored list version to its monitoring sweep, recorded so that a version whose
 * sweep never started (its refresh failed or was stopped after storing it) is found and swept later.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from '../../db/sql';

/** Records that `workflowId` sweeps this version (the first record stands). */
export async function recordVersionSweep(em: EntityManager, versionId: string, workflowId: string): Promise<void> {
  await sql(em, 'update list_versions set sweep_workflow_id = ? where id = ? and sweep_workflow_id is null', [workflowId, versionId]);
}

/** Versions stored by a pipeline run, older than `olderThanSeconds`, whose sweep was never recorded. */
export async function unsweptVersions(em: EntityManager, olderThanSeconds: number, limit: number): Promise<{ versionId: string; source: string; versionNumber: number }[]> {
  const rows = await sql<{ id: string; source: string; version_number: number }[]>(
    em,
    `select id, source, version_number from list_versions
      where sweep_workflow_id is null and pipeline_run_id is not null and created_at < now() - make_interval(secs => ?)
      order by created_at limit ?`,
    [olderThanSeconds, limit],
  );
  return rows.map((row) => ({ versionId: row.id, source: row.source, versionNumber: row.version_number }));
}
