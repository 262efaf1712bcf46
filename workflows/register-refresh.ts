/**
 * A register refresh (`register-<source>-<time>`): load one register file as a new version, or find it
 * identical to the last one and record the refresh without a version. The CLI passes a file; the
 * register's Schedule passes the URL it downloads from. Visible in the Temporal Web UI under its id;
 * the CLI follows it with a progress bar.
 */
import { proxyActivities, workflowInfo } from '@temporalio/workflow';
import type { RegisterActivities } from '../activities/registers';
import { listParsing, registerDownload } from './activity-options';
import type { RegisterLoadOutcome, RegisterRefreshInput } from './definitions';

const fromFile = proxyActivities<RegisterActivities>(listParsing);
const fromUrl = proxyActivities<RegisterActivities>(registerDownload);

export async function registerRefreshWorkflow(input: RegisterRefreshInput): Promise<RegisterLoadOutcome> {
  const { workflowId } = workflowInfo();
  if ('file' in input) return fromFile.storeRegisterFile({ source: input.source, file: input.file, workflowId });
  return fromUrl.downloadAndStoreRegister({ source: input.source, url: input.url, workflowId });
}
