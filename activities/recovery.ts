/**
 * Finding stranded work for the recovery schedule: batch jobs whose workflow may be missing and
 * webhook events whose delivery may never have started. The workflow restarts them by id.
 */
import { strandedBatchJobs } from '../src/modules/batches/batch-jobs';
import { strandedWebhookEvents } from '../src/modules/webhooks/webhook-events';
import type { ActivityDeps } from './deps';

export interface StrandedWork {
  batches: { jobId: string; accountId: string; totalItems: number }[];
  webhookEventIds: string[];
}

export function createRecoveryActivities(deps: ActivityDeps) {
  return {
    async findStrandedWork(input: { olderThanSeconds: number; limit: number }): Promise<StrandedWork> {
      const em = deps.orm.em.fork();
      const jobs = await strandedBatchJobs(em, input.olderThanSeconds, input.limit);
      return {
        batches: jobs.map((job) => ({ jobId: job.id, accountId: job.account_id, totalItems: job.total_items })),
        webhookEventIds: await strandedWebhookEvents(em, input.olderThanSeconds, input.limit),
      };
    },
  };
}

export type RecoveryActivities = ReturnType<typeof createRecoveryActivities>;
