/** Running an agent job paid off-escrow (free, transfer, x402): the deliverable, its evaluation, the settled record. */
import { findAcpJob, markSubmitted, settleAcpJob, type AcpJob } from '../src/modules/acp/acp-jobs';
import { produceDeliverable } from '../src/modules/acp/deliverable';
import { sql } from '../src/db/sql';
import type { ActivityDeps } from './deps';

export function createAcpActivities(deps: ActivityDeps) {
  return {
    async executeAcpJob(input: { jobId: string }): Promise<AcpJob> {
      const em = deps.orm.em.fork();
      const job = await findAcpJob(em, input.jobId);
      if (!job) throw new Error(`agent job ${input.jobId} not found`);
      if (job.status === 'completed' || job.status === 'rejected' || job.payment_kind === 'escrow') return job; // settled earlier, or settled on chain
      await markSubmitted(em, job.id);
      const outcome = await produceDeliverable(em, deps.screening.scans, job);
      if (outcome.degraded) await sql(em, 'update acp_jobs set degraded = true where id = ?', [job.id]);
      const settled =
        outcome.kind === 'failed'
          ? await settleAcpJob(em, job.id, { status: 'rejected', error: outcome.error, result: outcome.result })
          : await settleAcpJob(em, job.id, { status: 'completed', result: outcome.result, sha256: outcome.sha256, scanId: outcome.scanId });
      deps.logger.info({ jobId: job.id, serviceId: job.service_id, status: settled.status, degraded: outcome.degraded }, 'agent job settled');
      return settled;
    },
  };
}

export type AcpActivities = ReturnType<typeof createAcpActivities>;
