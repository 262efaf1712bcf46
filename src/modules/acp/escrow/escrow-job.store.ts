/**
 * The stored side of an escrow-paid agent job. Its deliverable is recorded before anything goes on
 * chain (so a retried step submits the same hash and never runs the service twice), then the
 * provider's submission, then the evaluator's settlement, each with its transaction. Every write is
 * conditional on the state before it, so a retried activity cannot move a job backwards or settle it twice.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from '../../../db/sql';
import { findAcpJob, type AcpJob } from '../acp-job.store';

export interface DeliverableRecord {
  result: Record<string, unknown> | null;
  sha256: string | null;
  scanId: string | null;
  /** Why the service or the evaluation refused the job (the evaluator will reject it), or null. */
  failure: string | null;
  degraded: boolean;
}

/** Records the deliverable once; a second call keeps the first and returns the job as stored. */
export async function recordDeliverable(em: EntityManager, id: string, record: DeliverableRecord): Promise<AcpJob> {
  await sql(
    em,
    `update acp_jobs set result = ?::jsonb, deliverable_sha256 = ?, scan_id = ?, error = ?, degraded = ?
      where id = ? and status = 'funded' and deliverable_sha256 is null and error is null`,
    [record.result === null ? null : JSON.stringify(record.result), record.sha256, record.scanId, record.failure, record.degraded, id],
  );
  return (await findAcpJob(em, id))!;
}

/** The deliverable is on chain: the job is `submitted` (awaiting our evaluator). */
export async function markEscrowSubmitted(em: EntityManager, id: string, txHash: string | null): Promise<void> {
  await sql(em, `update acp_jobs set status = 'submitted', escrow_submit_tx = coalesce(escrow_submit_tx, ?) where id = ? and status = 'funded'`, [txHash, id]);
}

/** The escrow is settled on chain (released to us, refunded to the buyer, or expired): the job's final state. */
export async function settleEscrowRecord(em: EntityManager, id: string, outcome: { status: 'completed' | 'rejected' | 'expired'; txHash: string | null; error: string | null }): Promise<AcpJob> {
  await sql(
    em,
    `update acp_jobs set status = ?, escrow_settle_tx = coalesce(escrow_settle_tx, ?), error = coalesce(error, ?), settled_at = clock_timestamp()
      where id = ? and status in ('funded', 'submitted')`,
    [outcome.status, outcome.txHash, outcome.error, id],
  );
  return (await findAcpJob(em, id))!;
}

/** Merges one reputation target's outcome (a transaction, a pending marker or why none was sent). */
export async function recordReputationStep(em: EntityManager, id: string, target: string, outcome: Record<string, unknown>): Promise<void> {
  await sql(em, `update acp_jobs set reputation_txs = coalesce(reputation_txs, '{}'::jsonb) || jsonb_build_object(?::text, ?::jsonb) where id = ?`, [target, JSON.stringify(outcome), id]);
}
