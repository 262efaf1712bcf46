/** Running an agent job paid off-escrow (free, transfer, x402): the deliverable, its evaluation, the settled record. */
import { findAcpJob, markSubmitted, settleAcpJob, type AcpJob } from '../src/modules/acp/acp-job.store';
import { produceDeliverable } from '../src/modules/acp/deliverable';
import type { ActivityDeps } from './deps';

export function createAcpActivities(deps: ActivityDeps) {
  return {
    /** Runs and settles a job paid off-escrow; an escrow job is returned as it stands (its workflow settles it on chain). */
    async executeAcpJob(input: { jobId: string }): Promise<AcpJob> {
      const em = deps.orm.em.fork();
      const job = await findAcpJob(em, input.jobId);
      if (!job) throw new Error(`agent job ${input.jobId} not found`);
      if (job.status === 'completed' || job.status === 'rejected' || job.payment_kind === 'escrow') return job; // settled earlier, or settled on chain
      await markSubmitted(em, job.id);
      const outcome = await produceDeliverable(em, deps.screening.scans, job);
      const settled =
        outcome.kind === 'failed'
          ? await settleAcpJob(em, job.id, { status: 'rejected', error: outcome.error, result: outcome.result, degraded: outcome.degraded })
          : await settleAcpJob(em, job.id, { status: 'completed', result: outcome.result, sha256: outcome.sha256, scanId: outcome.scanId, degraded: outcome.degraded });
      deps.logger.info({ jobId: job.id, serviceId: job.service_id, status: settled.status, degraded: outcome.degraded }, 'agent job settled');
      return settled;
    },
  };
}

export type AcpActivities = ReturnType<typeof createAcpActivities>;
