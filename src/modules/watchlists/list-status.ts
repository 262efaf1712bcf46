/** What an operator (or /health, or the matching index) needs to know about each loaded list. */
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from '../../db/sql';

export interface ListStatus {
  source: string;
  versionId: string;
  versionNumber: number;
  listKind: string;
  entityCount: number;
  counts: Record<string, number>;
  problemCount: number;
  changes: { added: number; removed: number; changed: number };
  createdAt: Date;
  /** Where the version was read from: an official URL, or `file:<path>` for an operator's or the snapshot's copy. */
  origin: string;
  /** The publisher's date of a dated copy (YYYY-MM-DD), null for a download. */
  publishedAt: string | null;
  lastRun: { status: string; startedAt: Date; finishedAt: Date | null; workflowId: string | null } | null;
}

interface Row {
  id: string;
  source: string;
  version_number: number;
  list_kind: string;
  entity_count: number;
  counts: Record<string, number>;
  problem_count: number;
  added_count: number;
  removed_count: number;
  changed_count: number;
  created_at: Date;
  origin: string;
  published_text: string | null;
  run_status: string | null;
  run_started_at: Date | null;
  run_finished_at: Date | null;
  run_workflow_id: string | null;
}

/** The current (latest) version of every source, with its latest refresh run. */
export async function currentListStatuses(em: EntityManager): Promise<ListStatus[]> {
  const rows = await sql<Row[]>(em, 
    `select distinct on (v.source) v.*, to_char(v.published_at, 'YYYY-MM-DD') as published_text, r.status as run_status, r.started_at as run_started_at, r.finished_at as run_finished_at, r.workflow_id as run_workflow_id
       from list_versions v
       left join lateral (select * from pipeline_runs p where p.source = v.source order by p.started_at desc limit 1) r on true
      order by v.source, v.version_number desc`,
  );
  return rows.map((row) => ({
    source: row.source,
    versionId: row.id,
    versionNumber: row.version_number,
    listKind: row.list_kind,
    entityCount: row.entity_count,
    counts: row.counts,
    problemCount: row.problem_count,
    changes: { added: row.added_count, removed: row.removed_count, changed: row.changed_count },
    createdAt: new Date(row.created_at),
    origin: row.origin,
    publishedAt: row.published_text,
    lastRun: row.run_status
      ? { status: row.run_status, startedAt: new Date(row.run_started_at!), finishedAt: row.run_finished_at ? new Date(row.run_finished_at) : null, workflowId: row.run_workflow_id }
      : null,
  }));
}
