/**
 * Batch jobs and items in PostgreSQL. Item outcomes are recorded at most once (a retried or replayed
 * activity finds the item already settled and changes nothing), and the job's counters move in the same
 * statement as the item, so they always agree with the items.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from '../../db/sql';
import { returnWithdrawnCharge, type WithdrawnCharge } from '../credits/consumption';
import { refundFailedItem } from '../credits/consumption';
import type { ScanRequest } from '../screening/scan-request.schema';
import { bulkInsert } from '../../db/bulk-insert';

export type JobStatus = 'pending' | 'running' | 'completed';
/** `withdrawn`: committed, but its workflow could not be started and the caller was told so (503); never shown. */
type StoredJobStatus = JobStatus | 'withdrawn';

export interface BatchJobView {
  job_id: string;
  status: JobStatus;
  total_items: number;
  completed_items: number;
  failed_items: number;
  webhook_url: string | null;
  created_at: string;
  completed_at: string | null;
  items: { item_index: number; entity_name: string; entity_type: string; status: 'completed' | 'failed'; scan_id: string | null; error_message: string | null }[];
}

interface JobRow {
  id: string;
  account_id: string;
  client_id: string;
  status: StoredJobStatus;
  total_items: number;
  completed_items: number;
  failed_items: number;
  webhook_url: string | null;
  created_at: Date;
  completed_at: Date | null;
}

export async function insertBatchJob(
  em: EntityManager,
  job: { id: string; accountId: string; clientId: string; webhookUrl: string | null; workflowId: string; items: ScanRequest[]; createdAt: string },
): Promise<void> {
  await sql(
    em,
    `insert into batch_jobs (id, account_id, client_id, status, total_items, webhook_url, workflow_id, created_at) values (?, ?, ?, 'pending', ?, ?, ?, ?)`,
    [job.id, job.accountId, job.clientId, job.items.length, job.webhookUrl, job.workflowId, job.createdAt],
  );
  const rows = job.items.map((item, index) => ({ item_index: index, entity_name: item.name, entity_type: item.entity_type, request: item }));
  await bulkInsert(em, 'batch_items', { item_index: 'int', entity_name: 'text', entity_type: 'text', request: 'jsonb' }, rows, {
    same: { job_id: job.id, status: 'pending' },
  });
}

export async function findBatchJob(em: EntityManager, jobId: string): Promise<JobRow | undefined> {
  const [row] = await sql<JobRow[]>(em, 'select * from batch_jobs where id = ?', [jobId]);
  return row;
}

/** The job as the spec shows it: items appear once processed; `items` is empty until then. */
export async function batchJobView(em: EntityManager, job: JobRow): Promise<BatchJobView> {
  const items = await sql<BatchJobView['items']>(
    em,
    `select item_index, entity_name, entity_type, status, scan_id, error_message from batch_items
      where job_id = ? and status <> 'pending' order by item_index`,
    [job.id],
  );
  return {
    job_id: job.id,
    status: job.status === 'withdrawn' ? 'pending' : job.status,
    total_items: job.total_items,
    completed_items: job.completed_items,
    failed_items: job.failed_items,
    webhook_url: job.webhook_url,
    created_at: new Date(job.created_at).toISOString(),
    completed_at: job.completed_at ? new Date(job.completed_at).toISOString() : null,
    items,
  };
}

export async function batchItemRequest(em: EntityManager, jobId: string, index: number): Promise<{ request: ScanRequest; status: string } | undefined> {
  const [row] = await sql<{ request: ScanRequest; status: string }[]>(em, 'select request, status from batch_items where job_id = ? and item_index = ?', [jobId, index]);
  return row;
}

/** Moves a pending (or, on a retry, running) job to running; false for a job that is withdrawn, completed or absent. */
export async function markJobRunning(em: EntityManager, jobId: string): Promise<boolean> {
  const rows = await sql<{ id: string }[]>(
    em,
    `update batch_jobs set status = 'running', started_at = coalesce(started_at, now()) where id = ? and status in ('pending', 'running') returning id`,
    [jobId],
  );
  return rows.length > 0;
}

/**
 * Withdraws a job whose workflow could not be started, unless its workflow got there first (a start
 * that timed out on our side may still have reached Temporal). Whichever wins decides what the caller
 * is told: withdrawn means 503 and nothing accepted; not withdrawn means the job runs and is accepted.
 */
export async function withdrawBatchJob(em: EntityManager, jobId: string): Promise<boolean> {
  return em.transactional(async (tx) => {
    const [job] = await sql<WithdrawnCharge[]>(
      tx,
      `update batch_jobs set status = 'withdrawn' where id = ? and status = 'pending'
       returning id, account_id, created_at, free_checks_used, credits_reserved, credits_refunded`,
      [jobId],
    );
    // Nothing was accepted, so nothing is charged: the reservation goes back in the same transaction.
    if (job) await returnWithdrawnCharge(tx, job);
    return job !== undefined;
  });
}

/**
 * Jobs not completed well after submission: a pending one's workflow may never have been started (the
 * API died after its commit), a running one's may have failed. Starting `batch-<id>` again is harmless
 * while it runs (Temporal refuses the duplicate) and resumes it if it failed (items settle once). Those
 * recovery looked at longest ago come first (and are marked), so every unfinished job is reached in turn.
 */
export async function strandedBatchJobs(em: EntityManager, olderThanSeconds: number, limit: number): Promise<{ id: string; account_id: string; total_items: number }[]> {
  return sql(
    em,
    `update batch_jobs set recovery_checked_at = clock_timestamp() where id in (
       select id from batch_jobs where status in ('pending', 'running') and created_at < now() - make_interval(secs => ?)
        order by recovery_checked_at nulls first, created_at limit ? for update skip locked)
     returning id, account_id, total_items`,
    [olderThanSeconds, limit],
  );
}

/** How a job's items were paid for at submission: free checks, then reserved credits. */
export async function recordBatchCharge(em: EntityManager, jobId: string, charge: { freeChecks: number; credits: number }): Promise<void> {
  await sql(em, `update batch_jobs set free_checks_used = ?, credits_reserved = ? where id = ?`, [charge.freeChecks, charge.credits, jobId]);
}

/**
 * Settles a pending item and bumps the matching counter in one statement; a settled item stays as it
 * is. Answers whether this call settled it (so a failed item's credit is refunded once).
 */
export async function settleItem(em: EntityManager, jobId: string, index: number, outcome: { scanId: string } | { error: string }): Promise<boolean> {
  const completed = 'scanId' in outcome;
  const rows = await sql<{ id: string }[]>(
    em,
    `with settled as (
       update batch_items set status = ?, scan_id = ?, error_message = ?, processed_at = now()
        where job_id = ? and item_index = ? and status = 'pending' returning 1)
     update batch_jobs set completed_items = completed_items + ?, failed_items = failed_items + ?
      where id = ? and exists (select 1 from settled) returning id`,
    [completed ? 'completed' : 'failed', completed ? outcome.scanId : null, completed ? null : outcome.error, jobId, index,
      completed ? 1 : 0, completed ? 0 : 1, jobId],
  );
  return rows.length > 0;
}

/** Settles an item as failed and, when that call settled it, refunds its reserved credit, in one transaction. */
export async function failItem(em: EntityManager, job: { id: string; accountId: string }, index: number, error: string): Promise<void> {
  await em.transactional(async (tx) => {
    if (await settleItem(tx, job.id, index, { error })) await refundFailedItem(tx, job, index);
  });
}

export async function markJobCompleted(em: EntityManager, jobId: string): Promise<JobRow> {
  await sql(em, `update batch_jobs set status = 'completed', completed_at = coalesce(completed_at, now()) where id = ?`, [jobId]);
  return (await findBatchJob(em, jobId))!;
}
