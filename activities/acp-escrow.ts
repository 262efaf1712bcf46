/**
 * The steps of an escrow-paid agent job, each a retried activity that may run again after a crash at
 * any point: the deliverable is recorded before anything goes on chain (a retry re-submits the same
 * hash and never re-runs the service), and every chain step reads the escrow job first and sends only
 * what its state still needs, so the escrow is submitted once and settled once whatever fails between.
 */
import { ApplicationFailure } from '@temporalio/activity';
import { findAcpJob, type AcpJob } from '../src/modules/acp/acp-job.store';
import { produceDeliverable } from '../src/modules/acp/deliverable';
import { completeEscrowJob, readEscrowJob, rejectEscrowJob, submitDeliverable } from '../src/modules/acp/escrow/escrow-chain';
import { asBytes32, attestationHash } from '../src/modules/acp/escrow/attestation';
import { markEscrowSubmitted, recordDeliverable, settleEscrowRecord } from '../src/modules/acp/escrow/escrow-job.store';
import { chainAccess } from './chain-signers';
import type { ActivityDeps } from './deps';
import { whileHeartbeating } from './heartbeating';

const SETTLED = new Set(['completed', 'rejected', 'expired']);


export function createAcpEscrowActivities(deps: ActivityDeps) {
  const access = chainAccess(deps);

  async function escrowJob(jobId: string): Promise<AcpJob & { escrow_job_id: string }> {
    const job = await findAcpJob(deps.orm.em.fork(), jobId);
    if (!job || job.escrow_job_id === null) throw ApplicationFailure.nonRetryable(`escrow agent job ${jobId} not found`, 'JobNotFound');
    return job as AcpJob & { escrow_job_id: string };
  }

  return {
    /** Runs the service once and records its deliverable (or why there is none); returns the stored verdict. */
    async prepareEscrowDeliverable(input: { jobId: string }): Promise<{ deliverableSha256: string | null; failure: string | null }> {
      const em = deps.orm.em.fork();
      let job = await escrowJob(input.jobId);
      if (job.deliverable_sha256 === null && job.error === null && job.status === 'funded') {
        const outcome = await produceDeliverable(em, deps.screening.scans, job);
        job = (await recordDeliverable(
          em,
          job.id,
          outcome.kind === 'delivered'
            ? { result: outcome.result, sha256: outcome.sha256, scanId: outcome.scanId, failure: null, degraded: outcome.degraded }
            : { result: outcome.result, sha256: null, scanId: null, failure: outcome.error, degraded: outcome.degraded },
        )) as typeof job;
      }
      return { deliverableSha256: job.deliverable_sha256, failure: job.error };
    },

    /** Our provider key submits the deliverable's hash (ERC-8183 Funded → Submitted). */
    submitEscrowDeliverable: (input: { jobId: string }): Promise<{ status: string; txHash: string | null }> => whileHeartbeating(async () => {
      const job = await escrowJob(input.jobId);
      if (!job.deliverable_sha256) throw ApplicationFailure.nonRetryable(`agent job ${job.id} has no deliverable to submit`, 'NoDeliverable');
      const { rail, provider } = access();
      const step = await submitDeliverable(provider, rail.escrow, BigInt(job.escrow_job_id), asBytes32(job.deliverable_sha256));
      if (step.status !== 'funded' && step.status !== 'open') await markEscrowSubmitted(deps.orm.em.fork(), job.id, step.txHash);
      deps.logger.info({ jobId: job.id, escrowJobId: job.escrow_job_id, status: step.status, txHash: step.txHash }, 'escrow deliverable submitted');
      return step;
    }),

    /**
     * Our evaluator settles the escrow: complete (released to us) when the deliverable passed evaluation
     * and the hash on chain is the one we recorded; otherwise reject (refunded to the buyer). The reason
     * attested on chain is the SHA-256 of the canonical verdict, which the job's record reproduces.
     */
    settleEscrowJob: (input: { jobId: string }): Promise<AcpJob> => whileHeartbeating(async () => {
      const em = deps.orm.em.fork();
      const job = await escrowJob(input.jobId);
      if (SETTLED.has(job.status)) return job;
      const { rail, chain, evaluator } = access();
      const onChain = await readEscrowJob(chain, rail.escrow, BigInt(job.escrow_job_id));
      if (!onChain) throw ApplicationFailure.nonRetryable(`escrow job ${job.escrow_job_id} vanished from ${rail.escrow}`, 'EscrowJobMissing');
      const expected = job.deliverable_sha256 ? asBytes32(job.deliverable_sha256) : null;
      const onChainMatches = expected !== null && onChain.deliverable.toLowerCase() === expected.toLowerCase();
      const pass = job.error === null && expected !== null && (onChain.status === 'submitted' ? onChainMatches : onChain.status === 'completed');
      const failure = job.error ?? (expected !== null && onChain.status === 'submitted' && !onChainMatches ? `the deliverable on chain (${onChain.deliverable}) is not the one recorded (${expected})` : null);
      const verdict = { acp_job_id: job.id, escrow_job_id: job.escrow_job_id, deliverable_sha256: job.deliverable_sha256, passed: pass, failure };
      const reason = attestationHash(verdict);
      const step = pass ? await completeEscrowJob(evaluator, rail.escrow, BigInt(job.escrow_job_id), reason) : await rejectEscrowJob(evaluator, rail.escrow, BigInt(job.escrow_job_id), reason);
      if (!SETTLED.has(step.status)) throw new Error(`escrow job ${job.escrow_job_id} is still ${step.status} after settlement`);
      const settled = await settleEscrowRecord(em, job.id, {
        status: step.status as 'completed' | 'rejected' | 'expired',
        txHash: step.txHash,
        error: step.status === 'completed' ? null : (failure ?? (step.status === 'expired' ? 'The escrow job expired before it was settled; the buyer was refunded' : 'Rejected by the evaluator')),
      });
      deps.logger.info({ jobId: job.id, escrowJobId: job.escrow_job_id, status: settled.status, txHash: step.txHash }, 'escrow job settled');
      return settled;
    }),
  };
}

export type AcpEscrowActivities = ReturnType<typeof createAcpEscrowActivities>;
