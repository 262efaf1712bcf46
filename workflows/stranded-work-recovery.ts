/**
 * Stranded-work recovery (the `stranded-work-recovery` Schedule, every few minutes): starts the
 * workflow of any batch job left unfinished past a grace period, the delivery of any webhook event
 * left pending, the sweep of any list version whose refresh never started one, and any paid agent job
 * never settled, each under its
 * usual id. Temporal refuses a second run of a workflow that is still
 * running, and allows a new one only after a run that failed, so nothing is ever done twice: a job
 * whose API process died between commit and start runs, and an event whose delivery never began (or
 * whose workflow failed in an outage) is delivered, with the same event id for the receiver to dedupe.
 */
import { ParentClosePolicy, WorkflowIdReusePolicy, proxyActivities, startChild, workflowInfo } from '@temporalio/workflow';
import type { RecoveryActivities } from '../activities/recovery';
import { infrastructureWork } from './activity-options';
import { isAlreadyStarted } from './already-started';
import { batchScreeningWorkflow } from './batch-screening';
import { startVersionSweep } from './version-sweep';
import { webhookDeliveryWorkflow } from './webhook-delivery';
import { acpJobWorkflow } from './acp-job';
import type { BatchScreeningInput, RecoveryInput, RecoveryResult, WebhookDeliveryInput } from './definitions';

const records = proxyActivities<RecoveryActivities>(infrastructureWork);

/** Starts a child that outlives this run; false when a run with that id is open (or finished well). */
async function startOnce(start: () => Promise<unknown>): Promise<boolean> {
  try {
    await start();
    return true;
  } catch (err) {
    if (isAlreadyStarted(err)) return false;
    throw err;
  }
}

export async function strandedWorkRecoveryWorkflow(input: RecoveryInput): Promise<RecoveryResult> {
  const work = await records.findStrandedWork({ olderThanSeconds: input.strandedAfterSeconds, limit: input.limit });
  const result: RecoveryResult = { batchesStarted: [], webhooksStarted: [], sweepsStarted: [], acpJobsStarted: [], alreadyRunning: 0 };
  const common = { parentClosePolicy: ParentClosePolicy.ABANDON, taskQueue: workflowInfo().taskQueue, workflowIdReusePolicy: WorkflowIdReusePolicy.ALLOW_DUPLICATE_FAILED_ONLY };
  for (const job of work.batches) {
    const args: [BatchScreeningInput] = [{ ...job, ...input.batch, webhookPolicy: input.webhookPolicy }];
    if (await startOnce(() => startChild(batchScreeningWorkflow, { ...common, workflowId: `batch-${job.jobId}`, args }))) result.batchesStarted.push(job.jobId);
    else result.alreadyRunning += 1;
  }
  for (const eventId of work.webhookEventIds) {
    const args: [WebhookDeliveryInput] = [{ eventId, policy: input.webhookPolicy }];
    if (await startOnce(() => startChild(webhookDeliveryWorkflow, { ...common, workflowId: `webhook-${eventId}`, args }))) result.webhooksStarted.push(eventId);
    else result.alreadyRunning += 1;
  }
  for (const job of work.acpJobs) {
    const searchAttributes = { AcpService: [job.service_id], Wallet: [job.buyer_address], AcpStatus: ['funded'] };
    if (await startOnce(() => startChild(acpJobWorkflow, { ...common, workflowId: `acp-${job.id}`, args: [{ jobId: job.id }], searchAttributes }))) result.acpJobsStarted.push(job.id);
    else result.alreadyRunning += 1;
  }
  for (const version of work.versions) {
    result.sweepsStarted.push(await startVersionSweep({ pageSize: input.sweepPageSize, webhookPolicy: input.webhookPolicy }, version));
  }
  return result;
}
