/**
 * Batch activities: each item becomes a real permanent scan through the scan service. The scan's
 * idempotency key is `batch:<job>:<index>`, so a retried or replayed activity returns the scan it
 * already made instead of making a second; items and counters settle at most once.
 */
import { ApplicationFailure } from '@temporalio/activity';
import { batchItemRequest, failItem, findBatchJob, markJobCompleted, markJobRunning, settleItem } from '../src/modules/batches/batch-job.store';
import { UnscreenableNameError } from '../src/modules/screening/scan-screening';
import { createWebhookEvent } from '../src/modules/webhooks/webhook-event.store';
import type { ActivityDeps } from './deps';
import { throttledHeartbeat } from './heartbeating';

export interface BatchCompletion {
  completed: number;
  failed: number;
  /** The `batch.completed` event to deliver, when the job has a webhook URL. */
  webhookEventId: string | null;
}

export function createBatchActivities(deps: ActivityDeps) {
  return {
    /** Moves the job to running; false when the job row does not exist (its submission never committed). */
    async startBatch(jobId: string): Promise<boolean> {
      return markJobRunning(deps.orm.em.fork(), jobId);
    },

    /**
     * Screens a chunk of items one after another (one activity per chunk keeps Temporal's per-task
     * overhead off the hot path); each item settles as soon as it is screened, so polling shows progress.
     */
    async screenBatchItems(input: { jobId: string; indexes: number[] }): Promise<Record<'completed' | 'failed' | 'already_settled', number>> {
      const em = deps.orm.em.fork();
      const job = await findBatchJob(em, input.jobId);
      if (!job) throw ApplicationFailure.nonRetryable(`batch job ${input.jobId} not found`, 'JobNotFound');
      const tally = { completed: 0, failed: 0, already_settled: 0 };
      const progress = throttledHeartbeat();
      for (const index of input.indexes) {
        const item = await batchItemRequest(em, input.jobId, index);
        if (!item) throw ApplicationFailure.nonRetryable(`batch item ${input.jobId}/${index} not found`, 'ItemNotFound');
        if (item.status !== 'pending') {
          tally.already_settled += 1;
          continue;
        }
        try {
          const scan = await deps.screening.scans.create(em, {
            owner: { accountId: job.account_id, clientId: job.client_id },
            request: item.request,
            idempotencyKey: `batch:${input.jobId}:${index}`,
            origin: 'batch',
          });
          await settleItem(em, input.jobId, index, { scanId: scan.scanId });
          tally.completed += 1;
        } catch (err) {
          if (!(err instanceof UnscreenableNameError)) throw err; // transient: Temporal retries the chunk
          await failItem(em, { id: input.jobId, accountId: job.account_id }, index, err.reason);
          tally.failed += 1;
        }
        progress(index);
      }
      return tally;
    },

    /** Records items that kept failing after every retry (settled ones stay as they are), so the job can complete. */
    async failBatchItems(input: { jobId: string; indexes: number[]; error: string }): Promise<void> {
      const em = deps.orm.em.fork();
      const job = await findBatchJob(em, input.jobId);
      if (!job) throw ApplicationFailure.nonRetryable(`batch job ${input.jobId} not found`, 'JobNotFound');
      for (const index of input.indexes) await failItem(em, { id: input.jobId, accountId: job.account_id }, index, input.error);
    },

    async completeBatch(jobId: string): Promise<BatchCompletion> {
      const em = deps.orm.em.fork();
      const job = await markJobCompleted(em, jobId);
      if (!job.webhook_url) return { completed: job.completed_items, failed: job.failed_items, webhookEventId: null };
      const event = await createWebhookEvent(em, {
        accountId: job.account_id,
        clientId: job.client_id,
        eventType: 'batch.completed',
        subjectId: jobId,
        targetUrl: job.webhook_url,
        data: { job_id: jobId, completed: job.completed_items, failed: job.failed_items },
      });
      return { completed: job.completed_items, failed: job.failed_items, webhookEventId: event.id };
    },
  };
}

export type BatchActivities = ReturnType<typeof createBatchActivities>;
