/**
 * One agent job (`acp-<acp_job_id>`): its payment was accepted before the job row was written, so the
 * workflow runs the service, evaluates the deliverable and records the outcome; the submit call waits
 * for it. Service, wallet and status are search attributes, so an operator finds any job in the Web UI;
 * the status is updated when the job settles. A service that fails is recorded as rejected, never lost.
 */
import { proxyLocalActivities, upsertSearchAttributes } from '@temporalio/workflow';
import type { AcpActivities } from '../activities/acp';
import type { AcpJob } from '../src/modules/acp/acp-jobs';
import { infrastructureWork } from './activity-options';

// A local activity: the buyer waits within its call, and running the job in the workflow task saves
// the round trips of a separate activity task; retries and the outage budget are the same.
const { executeAcpJob } = proxyLocalActivities<AcpActivities>({ ...infrastructureWork, startToCloseTimeout: '2 minutes' });

export async function acpJobWorkflow(input: { jobId: string }): Promise<AcpJob> {
  const job = await executeAcpJob(input);
  upsertSearchAttributes({ AcpStatus: [job.status] });
  return job;
}
