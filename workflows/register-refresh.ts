/**
 * A register refresh (`register-<source>-<time>`): load one register file as a new version, or find it
 * identical to the last one and record the refresh without a version. Visible in the Temporal Web UI
 * under its id; the CLI follows it with a progress bar.
 */
import { proxyActivities, workflowInfo } from '@temporalio/workflow';
import type { RegisterActivities } from '../activities/registers';
import type { RegisterLoadOutcome } from '../src/modules/registers/register-loads';
import { listParsing } from './activity-options';

export interface RegisterRefreshInput {
  source: 'abr';
  file: string;
}

const { storeRegisterFile } = proxyActivities<RegisterActivities>(listParsing);

export async function registerRefreshWorkflow(input: RegisterRefreshInput): Promise<RegisterLoadOutcome> {
  return storeRegisterFile({ source: input.source, file: input.file, workflowId: workflowInfo().workflowId });
}
