/**
 * Agent jobs as stored. Status values follow the ERC-8183 job states (docs/decisions/0015-agent-jobs-acp.md): `funded` once
 * its payment is accepted (a verified transfer or a free slot) and the job row exists, `submitted`
 * while its service runs, then `completed` (the deliverable passed evaluation) or `rejected` (the
 * service failed or the deliverable did not pass), with the error kept. `open` and `expired` belong to
 * the escrow rail (a job created before it is funded, and one never funded in time).
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from '../../db/sql';
import { canonicalTxHash } from './chain/tx-hash';
import type { AcpServiceId } from './services';

export type AcpJobStatus = 'open' | 'funded' | 'submitted' | 'completed' | 'rejected' | 'expired';

export interface AcpJob {
  id: string;
  service_id: AcpServiceId;
  buyer_address: string;
  chain: string;
  usdc_amount: number;
  payload: Record<string, unknown>;
  status: AcpJobStatus;
  payment_kind: 'free' | 'transfer' | 'x402' | 'escrow';
  free_job_number: number | null;
  /** Canonical (lower case), unique across rails: one transaction pays one job. */
  payment_tx_hash: string | null;
  /** Only on jobs recorded before hashes were canonical: the transfer another job had already used. */
  reused_payment_tx_hash: string | null;
  result: Record<string, unknown> | null;
  error: string | null;
  deliverable_sha256: string | null;
  scan_id: string | null;
  workflow_id: string;
  /** The ERC-8183 escrow job that pays for this one (contract and id), and our transactions on it. */
  escrow_contract: string | null;
  escrow_job_id: string | null;
  escrow_submit_tx: string | null;
  escrow_settle_tx: string | null;
  /** Extension: the buyer's ERC-8004 agent id, so our agent can leave feedback for it. */
  buyer_agent_id: string | null;
  /** ERC-8004 feedback recorded after completion: per target, the transaction or why none was sent. */
  reputation_txs: Record<string, unknown> | null;
  /** Run while the wallet was under verification: confidence lowered and marked. */
  degraded: boolean;
  /** The IP address the job was submitted from: free-tier caps and the abuse monitor group wallets by it. */
  source_ip: string | null;
  created_at: string;
  settled_at: string | null;
}

type Row = Omit<AcpJob, 'usdc_amount' | 'created_at' | 'settled_at' | 'escrow_job_id' | 'buyer_agent_id'> & {
  usdc_amount: string;
  created_at: Date | string;
  settled_at: Date | string | null;
  escrow_job_id: string | number | null;
  buyer_agent_id: string | number | null;
};

const toJob = (r: Row): AcpJob => ({
  ...r,
  escrow_job_id: r.escrow_job_id === null ? null : String(r.escrow_job_id),
  buyer_agent_id: r.buyer_agent_id === null ? null : String(r.buyer_agent_id),
  usdc_amount: Number(r.usdc_amount),
  created_at: new Date(r.created_at).toISOString(),
  settled_at: r.settled_at === null ? null : new Date(r.settled_at).toISOString(),
});

export type NewAcpJob = Pick<AcpJob, 'id' | 'service_id' | 'buyer_address' | 'chain' | 'usdc_amount' | 'payload' | 'payment_kind' | 'free_job_number' | 'payment_tx_hash' | 'workflow_id'> &
  Partial<Pick<AcpJob, 'escrow_contract' | 'escrow_job_id' | 'buyer_agent_id' | 'source_ip'>>;

export class PaymentAlreadyUsedError extends Error {}
export class FreeSlotTakenError extends Error {}

/**
 * Records a funded job; a payment hash or free slot already taken is refused by the database itself.
 * The payment hash is stored canonical (lower case): the unique column then holds one spelling per
 * transaction, whichever rail (x402 settlement or direct transfer) recorded it first.
 */
export async function insertAcpJob(em: EntityManager, newJob: NewAcpJob): Promise<AcpJob> {
  const job = { ...newJob, payment_tx_hash: newJob.payment_tx_hash === null ? null : canonicalTxHash(newJob.payment_tx_hash) };
  try {
    const [row] = await sql<Row[]>(
      em,
      `insert into acp_jobs (id, service_id, buyer_address, chain, usdc_amount, payload, status, payment_kind, free_job_number, payment_tx_hash, workflow_id, escrow_contract, escrow_job_id, buyer_agent_id, source_ip)
       values (?, ?, ?, ?, ?, ?::jsonb, 'funded', ?, ?, ?, ?, ?, ?, ?, ?) returning *`,
      [
        job.id, job.service_id, job.buyer_address, job.chain, job.usdc_amount, JSON.stringify(job.payload), job.payment_kind, job.free_job_number, job.payment_tx_hash, job.workflow_id,
        job.escrow_contract ?? null, job.escrow_job_id ?? null, job.buyer_agent_id ?? null, job.source_ip ?? null,
      ],
    );
    return toJob(row!);
  } catch (err) {
    const constraint = (err as { constraint?: string }).constraint ?? '';
    if (constraint.includes('payment_tx_hash') || constraint.includes('escrow_job')) throw new PaymentAlreadyUsedError(job.payment_tx_hash ?? '');
    if (constraint.includes('free_job_number')) throw new FreeSlotTakenError();
    throw err;
  }
}

export async function findAcpJob(em: EntityManager, id: string): Promise<AcpJob | undefined> {
  const [row] = await sql<Row[]>(em, 'select * from acp_jobs where id = ?', [id]);
  return row ? toJob(row) : undefined;
}

/** The job a transaction paid for, on either rail (compared in its canonical form). */
export async function findAcpJobByPayment(em: EntityManager, txHash: string): Promise<AcpJob | undefined> {
  const [row] = await sql<Row[]>(em, 'select * from acp_jobs where payment_tx_hash = ?', [canonicalTxHash(txHash)]);
  return row ? toJob(row) : undefined;
}

/** Whether a transaction has paid for a job already, on either rail (compared in its canonical form). */
export async function isPaymentUsed(em: EntityManager, txHash: string): Promise<boolean> {
  const [row] = await sql<{ id: string }[]>(em, 'select id from acp_jobs where payment_tx_hash = ?', [canonicalTxHash(txHash)]);
  return row !== undefined;
}

export async function markSubmitted(em: EntityManager, id: string): Promise<void> {
  await sql(em, `update acp_jobs set status = 'submitted' where id = ? and status = 'funded'`, [id]);
}

/** Settles a job once: the first outcome recorded stands (a retried activity cannot overwrite it). */
export async function settleAcpJob(
  em: EntityManager,
  id: string,
  outcome: ({ status: 'completed'; result: Record<string, unknown>; sha256: string; scanId: string | null } | { status: 'rejected'; error: string; result?: Record<string, unknown> | null }) & { degraded?: boolean },
): Promise<AcpJob> {
  await sql(
    em,
    `update acp_jobs set status = ?, result = ?::jsonb, error = ?, deliverable_sha256 = ?, scan_id = ?, degraded = ?, settled_at = clock_timestamp()
     where id = ? and status in ('funded', 'submitted')`,
    [
      outcome.status,
      outcome.status === 'completed' ? JSON.stringify(outcome.result) : outcome.result ? JSON.stringify(outcome.result) : null,
      outcome.status === 'rejected' ? outcome.error : null,
      outcome.status === 'completed' ? outcome.sha256 : null,
      outcome.status === 'completed' ? outcome.scanId : null,
      outcome.degraded ?? false,
      id,
    ],
  );
  return (await findAcpJob(em, id))!;
}

/**
 * Paid jobs never settled well after submission: the API may have died between recording the job and
 * starting its workflow, or Temporal refused the start. The recovery schedule starts `acp-<id>` for
 * each (a running one refuses the duplicate), so a paid job is never left unexecuted.
 */
export async function strandedAcpJobs(em: EntityManager, olderThanSeconds: number, limit: number): Promise<{ id: string; service_id: string; buyer_address: string }[]> {
  return sql(
    em,
    `select id, service_id, buyer_address from acp_jobs
      where status in ('funded', 'submitted') and created_at < now() - make_interval(secs => ?)
      order by created_at limit ?`,
    [olderThanSeconds, limit],
  );
}
