/**
 * Whether an ERC-8183 escrow job on our contract holds a deposit we may work (or hold a bond) against:
 * it exists, is Funded (not merely Open, and not already submitted or settled), its client is the
 * wallet that claims it, it names our provider and our evaluator (otherwise we could neither submit
 * nor settle it), holds at least the amount in USDC units, and will not expire before `mustLastUntil`
 * (after expiry the client may reclaim it, so we would work, or hold a bond, for nothing).
 */
import { getAddress, type Address } from 'viem';
import type { ChainClient } from '../chain/client';
import { formatUsdc } from '../chain/usdc-payment';
import { readEscrowJob, type EscrowJob } from './escrow-chain';
import type { EscrowRail } from './escrow-rail';

export type DepositCheck = { ok: true; job: EscrowJob } | { ok: false; reason: string; retryable: boolean; used?: true };

const usdc = (units: bigint) => `${formatUsdc(units)} USDC`;

export async function checkEscrowDeposit(
  chain: ChainClient,
  rail: EscrowRail,
  claim: { jobId: bigint; client: string; minUnits: bigint; mustLastUntil: Date },
): Promise<DepositCheck> {
  const job = await readEscrowJob(chain, rail.escrow, claim.jobId);
  if (!job) return { ok: false, reason: `escrow job ${claim.jobId} does not exist on ${rail.escrow}`, retryable: true };
  if (job.status === 'open') return { ok: false, reason: `escrow job ${claim.jobId} is open: set its budget and fund it first`, retryable: true };
  if (job.status !== 'funded') return { ok: false, reason: `escrow job ${claim.jobId} is ${job.status}, not funded: it has already been used or settled`, retryable: false, used: true };
  const same = (a: Address, b: string) => a.toLowerCase() === getAddress(b).toLowerCase();
  if (!same(job.client, claim.client)) return { ok: false, reason: `escrow job ${claim.jobId} was created by ${job.client}, not ${claim.client}`, retryable: false };
  if (!same(job.provider, rail.provider)) return { ok: false, reason: `escrow job ${claim.jobId} names provider ${job.provider}; it must name ours, ${rail.provider}`, retryable: false };
  if (!same(job.evaluator, rail.evaluator)) return { ok: false, reason: `escrow job ${claim.jobId} names evaluator ${job.evaluator}; it must name ours, ${rail.evaluator}`, retryable: false };
  if (job.budget < claim.minUnits) return { ok: false, reason: `escrow job ${claim.jobId} holds ${usdc(job.budget)}, less than the ${usdc(claim.minUnits)} required`, retryable: false };
  const mustLast = BigInt(Math.ceil(claim.mustLastUntil.getTime() / 1000));
  if (job.expiredAt < mustLast) {
    return { ok: false, reason: `escrow job ${claim.jobId} expires at ${new Date(Number(job.expiredAt) * 1000).toISOString()}; it must stay open until at least ${claim.mustLastUntil.toISOString()}`, retryable: false };
  }
  return { ok: true, job };
}
