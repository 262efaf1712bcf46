/**
 * The verification bond's steps for `bond-<wallet>`: each writes the wallet's standing (what the API
 * enforces) and appends the event, and the chain steps read the escrow job before they send, so a
 * retry after a crash never refunds or forfeits twice. Release: our evaluator rejects the bond's escrow
 * job, which refunds the wallet. Forfeit: our provider submits the evidence hash, our evaluator completes,
 * which releases the deposit to us.
 */
import { ApplicationFailure } from '@temporalio/activity';
import { attestationHash } from '../src/modules/acp/escrow/attestation';
import { sql } from '../src/db/sql';
import { checkBondDeposit } from '../src/modules/acp/bond/bond-deposit';
import { bondAmountUsdc } from '../src/modules/acp/bond/bond-terms';
import { findWalletStanding, recordStanding } from '../src/modules/acp/bond/wallet-standing';
import { completeEscrowJob, rejectEscrowJob, submitDeliverable } from '../src/modules/acp/escrow/escrow-chain';
import { chainAccess } from './chain-signers';
import type { ActivityDeps } from './deps';
import { whileHeartbeating } from './heartbeating';

export interface BondRef {
  wallet: string;
  workflowId: string;
}

export function createBondActivities(deps: ActivityDeps) {
  const access = chainAccess(deps);
  const em = () => deps.orm.em.fork();

  return {
    /** Flagged: the wallet's next job is refused until it posts the bond. A forfeited wallet stays forfeited. */
    async requireVerificationBond(input: BondRef & { flagIds: string[] }): Promise<{ status: 'bond_required' | 'forfeited' | 'under_verification'; bondUsdc: number }> {
      const standing = await findWalletStanding(em(), input.wallet);
      if (standing && standing.status !== 'clear' && standing.status !== 'bond_required') return { status: standing.status, bondUsdc: standing.bond_usdc ?? 0 };
      const services = await sql<{ service_id: string }[]>(
        em(),
        `select distinct j.service_id from acp_wallet_flags f, jsonb_array_elements_text(f.job_ids) as jid join acp_jobs j on j.id = jid::uuid where f.id = any(?::bigint[])`,
        [input.flagIds],
      );
      const bondUsdc = bondAmountUsdc(services.map((s) => s.service_id));
      await recordStanding(em(), input.wallet, input.workflowId, { status: 'bond_required', bondUsdc, flaggedAt: new Date(), bondEscrow: null, bondPostedAt: null, cleanWindowEndsAt: null }, { name: 'bond_required', detail: { bond_usdc: bondUsdc, flag_ids: input.flagIds } });
      return { status: 'bond_required', bondUsdc };
    },

    /** Checks the posted escrow job on chain; if it holds the bond, the clean window starts now. */
    acceptVerificationBond: (input: BondRef & { escrowJobId: string; bondUsdc: number; cleanWindowSeconds: number }): Promise<{ ok: true; cleanWindowEndsAt: string } | { ok: false; reason: string }> => whileHeartbeating(async () => {
      const { rail, chain } = access();
      const now = Date.now();
      const windowEnds = new Date(now + input.cleanWindowSeconds * 1000);
      const check = await checkBondDeposit(em(), chain, rail, {
        wallet: input.wallet,
        escrowJobId: input.escrowJobId,
        bondUsdc: input.bondUsdc,
        mustLastUntil: new Date(windowEnds.getTime() + deps.config.acp.bondExpiryMarginSeconds * 1000),
      });
      if (!check.ok) {
        await recordStanding(em(), input.wallet, input.workflowId, { status: 'bond_required' }, { name: 'bond_refused', detail: { escrow_job_id: input.escrowJobId, reason: check.reason } });
        return check;
      }
      await recordStanding(
        em(),
        input.wallet,
        input.workflowId,
        { status: 'under_verification', bondEscrow: { contract: rail.escrow, jobId: input.escrowJobId }, bondPostedAt: new Date(now), cleanWindowEndsAt: windowEnds },
        { name: 'bond_posted', detail: { escrow_contract: rail.escrow, escrow_job_id: input.escrowJobId, clean_window_ends_at: windowEnds.toISOString() } },
      );
      return { ok: true, cleanWindowEndsAt: windowEnds.toISOString() };
    }),

    /** The clean window passed (or an operator cleared the wallet): the deposit goes back, the wallet is clear. */
    releaseVerificationBond: (input: BondRef & { escrowJobId: string | null; why: string }): Promise<{ txHash: string | null }> => whileHeartbeating(async () => {
      let txHash: string | null = null;
      if (input.escrowJobId !== null) {
        const { rail, evaluator } = access();
        const reason = attestationHash({ wallet: input.wallet.toLowerCase(), outcome: 'released', why: input.why });
        const step = await rejectEscrowJob(evaluator, rail.escrow, BigInt(input.escrowJobId), reason);
        if (step.status === 'completed') throw ApplicationFailure.nonRetryable(`bond escrow ${input.escrowJobId} was already forfeited`, 'BondForfeited');
        txHash = step.txHash;
      }
      await recordStanding(em(), input.wallet, input.workflowId, { status: 'clear', cleanWindowEndsAt: null }, { name: 'bond_released', detail: { escrow_job_id: input.escrowJobId, tx: txHash, why: input.why } });
      return { txHash };
    }),

    /** Confirmed abuse: the deposit (if posted) is released to us; the wallet is refused from now on. */
    forfeitVerificationBond: (input: BondRef & { escrowJobId: string | null; cause: Record<string, unknown> }): Promise<{ submitTx: string | null; completeTx: string | null }> => whileHeartbeating(async () => {
      let submitTx: string | null = null;
      let completeTx: string | null = null;
      if (input.escrowJobId !== null) {
        const { rail, provider, evaluator } = access();
        const evidence = attestationHash({ wallet: input.wallet.toLowerCase(), outcome: 'forfeited', cause: input.cause });
        const jobId = BigInt(input.escrowJobId);
        const submitted = await submitDeliverable(provider, rail.escrow, jobId, evidence);
        submitTx = submitted.txHash;
        if (submitted.status === 'submitted') completeTx = (await completeEscrowJob(evaluator, rail.escrow, jobId, evidence)).txHash;
      }
      await recordStanding(em(), input.wallet, input.workflowId, { status: 'forfeited', cleanWindowEndsAt: null }, { name: 'bond_forfeited', detail: { escrow_job_id: input.escrowJobId, submit_tx: submitTx, complete_tx: completeTx, cause: input.cause } });
      return { submitTx, completeTx };
    }),
  };
}

export type BondActivities = ReturnType<typeof createBondActivities>;
