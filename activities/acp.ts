/** Running an agent job: the service, the evaluation of its deliverable, and the settled record. */
import { AppError } from '../src/errors';
import { findAcpJob, markSubmitted, settleAcpJob, type AcpJob } from '../src/modules/acp/acp-jobs';
import { evaluateDeliverable, runService } from '../src/modules/acp/job-execution';
import type { ActivityDeps } from './deps';

export function createAcpActivities(deps: ActivityDeps) {
  return {
    async executeAcpJob(input: { jobId: string }): Promise<AcpJob> {
      const em = deps.orm.em.fork();
      const job = await findAcpJob(em, input.jobId);
      if (!job) throw new Error(`agent job ${input.jobId} not found`);
      if (job.status === 'completed' || job.status === 'rejected') return job; // settled by an earlier attempt
      await markSubmitted(em, job.id);
      let deliverable;
      try {
        deliverable = await runService(em, deps.screening.scans, { id: job.id, serviceId: job.service_id, payload: job.payload });
      } catch (err) {
        // A refusal by the service itself (a name it cannot screen, a bad query) settles the job; an outage is retried.
        if (err instanceof AppError && err.status < 500) return settleAcpJob(em, job.id, { status: 'rejected', error: err.message });
        throw err;
      }
      const evaluation = evaluateDeliverable(job.service_id, deliverable.result);
      if (!evaluation.ok) return settleAcpJob(em, job.id, { status: 'rejected', error: `Evaluation failed: ${evaluation.reason}`, result: deliverable.result });
      const settled = await settleAcpJob(em, job.id, { status: 'completed', result: deliverable.result, sha256: evaluation.sha256, scanId: deliverable.scanId });
      deps.logger.info({ jobId: job.id, serviceId: job.service_id, status: settled.status }, 'agent job settled');
      return settled;
    },
  };
}

export type AcpActivities = ReturnType<typeof createAcpActivities>;
