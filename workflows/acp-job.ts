/**
 * One agent job (`acp-<acp_job_id>`): its payment was accepted before the job row was written, so the
 * workflow runs the service, evaluates the deliverable and records the outcome; the submit call waits
 * for it. Service, wallet and status are search attributes, so an operator finds any job in the Web UI;
 * the status is updated when the job settles. A service that fails is recorded as rejected, never lost.
 *
 * A job paid through ERC-8183 escrow settles on chain, one retried activity per step: the deliverable
 * recorded, its hash submitted by our provider key (Funded → Submitted), then our evaluator completes
 * (escrow released to us) or rejects (refunded to the buyer). Each step reads the chain before it sends,
 * so a worker killed between any two steps submits once and settles once.
 *
 * A completed job then records its ERC-8004 feedback in a child workflow (`reputation-<acp_job_id>`)
 * that outlives this one, so the buyer never waits on it.
 */
import { ParentClosePolicy, proxyActivities, proxyLocalActivities, startChild, upsertSearchAttributes } from '@temporalio/workflow';
import type { AcpActivities } from '../activities/acp';
import type { AcpEscrowActivities } from '../activities/acp-escrow';
import type { AcpReputationActivities } from '../activities/acp-reputation';
import { isAlreadyStarted } from './already-started';
import { chainStep, infrastructureWork, reputationFeedback } from './activity-options';
import type { AcpJob } from './definitions';

// A local activity: the buyer waits within its call, and running the job in the workflow task saves
// the round trips of a separate activity task; retries and the outage budget are the same.
const { executeAcpJob } = proxyLocalActivities<AcpActivities>({ ...infrastructureWork, startToCloseTimeout: '2 minutes' });
const { prepareEscrowDeliverable } = proxyActivities<AcpEscrowActivities>({ ...infrastructureWork, startToCloseTimeout: '2 minutes' });
const { submitEscrowDeliverable, settleEscrowJob } = proxyActivities<AcpEscrowActivities>(chainStep);
const { recordJobReputation } = proxyActivities<AcpReputationActivities>(reputationFeedback);

export async function acpJobWorkflow(input: { jobId: string }): Promise<AcpJob> {
  // The job row says how it was paid, so a run started by the recovery schedule takes the same path.
  const recorded = await executeAcpJob(input);
  const unsettled = recorded.status === 'funded' || recorded.status === 'submitted';
  const job = recorded.payment_kind === 'escrow' && unsettled ? await settleThroughEscrow(input.jobId) : recorded;
  upsertSearchAttributes({ AcpStatus: [job.status] });
  if (job.status === 'completed') {
    try {
      await startChild(acpReputationWorkflow, { workflowId: `reputation-${job.id}`, args: [{ jobId: job.id }], parentClosePolicy: ParentClosePolicy.ABANDON });
    } catch (err) {
      if (!isAlreadyStarted(err)) throw err; // a replay after a crash: it already runs
    }
  }
  return job;
}

async function settleThroughEscrow(jobId: string): Promise<AcpJob> {
  const verdict = await prepareEscrowDeliverable({ jobId });
  if (verdict.deliverableSha256 !== null && verdict.failure === null) {
    const submitted = await submitEscrowDeliverable({ jobId });
    upsertSearchAttributes({ AcpStatus: [submitted.status] });
  }
  return settleEscrowJob({ jobId });
}

/** `reputation-<acp_job_id>`: the ERC-8004 feedback of one completed job; its outcome is kept on the job. */
export async function acpReputationWorkflow(input: { jobId: string }): Promise<Record<string, unknown>> {
  return recordJobReputation(input);
}
