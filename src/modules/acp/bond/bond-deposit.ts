/**
 * Whether an escrow job holds a wallet's verification bond: a deposit good on chain (funded by the
 * wallet, naming our provider and evaluator, at least the bond, lasting past the clean window and its
 * margin), described as this wallet's bond, and never one that paid for an agent job. The API checks it
 * for a clear answer when the bond is posted; the bond workflow checks it again before accepting it.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from '../../../db/sql';
import type { ChainClient } from '../chain/client';
import { usdcUnits } from '../chain/usdc-payment';
import { checkEscrowDeposit } from '../escrow/escrow-deposit';
import type { EscrowRail } from '../escrow/escrow-rail';
import { bondDescription } from './bond-terms';

export async function checkBondDeposit(
  em: EntityManager,
  chain: ChainClient,
  rail: EscrowRail,
  claim: { wallet: string; escrowJobId: string; bondUsdc: number; mustLastUntil: Date },
): Promise<{ ok: true } | { ok: false; reason: string }> {
  const check = await checkEscrowDeposit(chain, rail, { jobId: BigInt(claim.escrowJobId), client: claim.wallet, minUnits: usdcUnits(claim.bondUsdc), mustLastUntil: claim.mustLastUntil });
  if (!check.ok) return { ok: false, reason: check.reason };
  const description = bondDescription(claim.wallet);
  if (check.job.description !== description) return { ok: false, reason: `escrow job ${claim.escrowJobId} must be described "${description}" (it is "${check.job.description}")` };
  const [usedByJob] = await sql<{ id: string }[]>(em, 'select id from acp_jobs where escrow_contract = ? and escrow_job_id = ?', [rail.escrow, claim.escrowJobId]);
  if (usedByJob) return { ok: false, reason: `escrow job ${claim.escrowJobId} already paid for agent job ${usedByJob.id}` };
  return { ok: true };
}
