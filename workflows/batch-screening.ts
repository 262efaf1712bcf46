/**
 * Batch screening (`batch-<job_id>`): items are screened with bounded concurrency, each into a real
 * permanent scan; one item's failure never fails the job. When all are settled the job completes and,
 * with a webhook URL, `batch.completed` is handed to its own delivery workflow, which outlives this one.
 */
import { ActivityFailure, ParentClosePolicy, log, proxyActivities, setHandler, startChild, workflowInfo } from '@temporalio/workflow';
import type { BatchActivities } from '../activities/batches';
import { batchItemScreening, infrastructureWork } from './activity-options';
import { isAlreadyStarted } from './already-started';
import { webhookDeliveryWorkflow } from './webhook-delivery';
import { type BatchProgress, type BatchScreeningInput, batchProgressQuery } from './definitions';

/** What a customer reads for an item a lasting fault kept from being screened. */
export const ITEM_FAULT_MESSAGE = 'This entity could not be screened because of a fault on our side that did not clear in time; please submit it again.';

const records = proxyActivities<BatchActivities>(infrastructureWork);
const screening = proxyActivities<BatchActivities>(batchItemScreening);

export async function batchScreeningWorkflow(input: BatchScreeningInput): Promise<BatchProgress> {
  const progress: BatchProgress = { jobId: input.jobId, status: 'pending', total: input.totalItems, completed: 0, failed: 0 };
  setHandler(batchProgressQuery, () => progress);

  if (!(await records.startBatch(input.jobId))) {
    progress.status = 'abandoned'; // withdrawn (its submission was answered 503) or already completed
    return progress;
  }
  progress.status = 'running';

  const chunks: number[][] = [];
  for (let i = 0; i < input.totalItems; i += input.chunkSize) {
    chunks.push(Array.from({ length: Math.min(input.chunkSize, input.totalItems - i) }, (_, k) => i + k));
  }
  let next = 0;
  const lane = async (): Promise<void> => {
    while (next < chunks.length) {
      const indexes = chunks[next++]!;
      try {
        const tally = await screening.screenBatchItems({ jobId: input.jobId, indexes });
        progress.completed += tally.completed;
        progress.failed += tally.failed;
      } catch (err) {
        // Infrastructure errors are retried for hours (activity-options), so this is a fault that did not
        // clear: the operator gets the cause in the log, the customer a sentence, never driver text.
        log.error('batch items failed after every retry', { jobId: input.jobId, indexes, cause: err instanceof ActivityFailure && err.cause ? err.cause.message : String(err) });
        await records.failBatchItems({ jobId: input.jobId, indexes, error: ITEM_FAULT_MESSAGE });
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(input.concurrency, chunks.length) }, lane));

  const completion = await records.completeBatch(input.jobId);
  progress.completed = completion.completed;
  progress.failed = completion.failed;
  progress.status = 'completed';
  if (completion.webhookEventId) {
    try {
      await startChild(webhookDeliveryWorkflow, {
        workflowId: `webhook-${completion.webhookEventId}`,
        args: [{ eventId: completion.webhookEventId, policy: input.webhookPolicy }],
        parentClosePolicy: ParentClosePolicy.ABANDON,
        taskQueue: workflowInfo().taskQueue,
      });
    } catch (err) {
      // A resumed run (recovery after a failure) finds the delivery already started: it stands.
      if (!isAlreadyStarted(err)) throw err;
    }
  }
  return progress;
}
