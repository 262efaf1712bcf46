/**
 * Accepting an ERC-8183 escrow job as a job's payment (`escrow_job_id`): checked on chain before the
 * job is recorded (funded by the buyer with at least the price, naming our provider and evaluator, not
 * about to expire), never a verification bond, and never used twice (the database refuses a second
 * job on the same escrow job). Refusals are 402 (the escrow is not, or not yet, good for the job) or
 * 409 (already used), with nothing stored or executed.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import type { AppConfig } from '../../../config';
import { AppError, ServiceUnavailableError } from '../../../errors';
import { sql } from '../../../db/sql';
import { insertAcpJob, PaymentAlreadyUsedError, type AcpJob, type NewAcpJob } from '../acp-job.store';
import { BOND_DESCRIPTION_PREFIX } from '../bond/bond-terms';
import type { ChainClient } from '../chain/client';
import { usdcUnits } from '../chain/usdc-payment';
import { checkEscrowDeposit } from './escrow-deposit';
import { escrowRailFor, isRailOn } from './escrow-rail';

const alreadyUsed = (id: string, what: string) => new AppError(409, 'payment_already_used', `Escrow job ${id} ${what} and is never accepted twice; nothing was executed.`);

export async function fundByEscrow(
  em: EntityManager,
  chain: ChainClient | undefined,
  config: AppConfig,
  base: Omit<NewAcpJob, 'payment_kind' | 'free_job_number' | 'payment_tx_hash'>,
  escrowJobId: string,
): Promise<AcpJob> {
  const rail = escrowRailFor(config);
  if (!isRailOn(rail) || !chain) throw new ServiceUnavailableError(`${isRailOn(rail) ? 'No chain RPC is configured' : rail.off}, so escrow jobs cannot be accepted; nothing was executed.`);
  const [bond] = await sql<{ address: string }[]>(em, 'select address from acp_wallets where bond_escrow_contract = ? and bond_escrow_job_id = ?', [rail.escrow, escrowJobId]);
  if (bond) throw alreadyUsed(escrowJobId, `holds the verification bond of ${bond.address}`);
  const check = await checkEscrowDeposit(chain, rail, {
    jobId: BigInt(escrowJobId),
    client: base.buyer_address,
    minUnits: usdcUnits(base.usdc_amount),
    mustLastUntil: new Date(Date.now() + config.acp.escrowMinSecondsLeft * 1000),
  });
  if (!check.ok) {
    if (check.used) throw alreadyUsed(escrowJobId, 'has already been used or settled');
    throw new AppError(402, 'payment_required', `Escrow not accepted: ${check.reason}${check.retryable ? ' (retry once it is funded and mined)' : ''}. Nothing was executed.`, {}, {
      escrow: { contract: rail.escrow, provider: rail.provider, evaluator: rail.evaluator, min_budget_units: usdcUnits(base.usdc_amount).toString(), min_seconds_left: config.acp.escrowMinSecondsLeft },
    });
  }
  if (check.job.description.startsWith(BOND_DESCRIPTION_PREFIX)) throw alreadyUsed(escrowJobId, 'is a verification bond, not a job payment,');
  try {
    return await insertAcpJob(em, { ...base, payment_kind: 'escrow', free_job_number: null, payment_tx_hash: null, escrow_contract: rail.escrow, escrow_job_id: escrowJobId });
  } catch (err) {
    if (err instanceof PaymentAlreadyUsedError) throw alreadyUsed(escrowJobId, 'has already paid for a job');
    throw err;
  }
}
