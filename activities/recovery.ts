/**
 * Finding stranded work for the recovery schedule: batch jobs whose workflow may be missing, webhook
 * events whose delivery may never have started, list versions never swept, and paid agent jobs never
 * settled. The workflow restarts
 * each by its id.
 */
import { strandedBatchJobs } from '../src/modules/batches/batch-job.store';
import { strandedWebhookEvents } from '../src/modules/webhooks/webhook-event.store';
import { unsweptVersions } from '../src/modules/watchlists/version-sweep.store';
import { strandedAcpJobs } from '../src/modules/acp/acp-job.store';
import type { ActivityDeps } from './deps';

export interface StrandedWork {
  batches: { jobId: string; accountId: string; totalItems: number }[];
  webhookEventIds: string[];
  /** List versions stored by a pipeline run whose monitoring sweep never started. */
  versions: { versionId: string; source: string; versionNumber: number }[];
  /** Paid agent jobs whose workflow never settled them. */
  acpJobs: { id: string; service_id: string; buyer_address: string }[];
}

export function createRecoveryActivities(deps: ActivityDeps) {
  return {
    async findStrandedWork(input: { olderThanSeconds: number; limit: number }): Promise<StrandedWork> {
      const em = deps.orm.em.fork();
      const jobs = await strandedBatchJobs(em, input.olderThanSeconds, input.limit);
      return {
        batches: jobs.map((job) => ({ jobId: job.id, accountId: job.account_id, totalItems: job.total_items })),
        webhookEventIds: await strandedWebhookEvents(em, input.olderThanSeconds, input.limit),
        versions: await unsweptVersions(em, input.olderThanSeconds, input.limit),
        acpJobs: await strandedAcpJobs(em, input.olderThanSeconds, input.limit),
      };
    },
  };
}

export type RecoveryActivities = ReturnType<typeof createRecoveryActivities>;
