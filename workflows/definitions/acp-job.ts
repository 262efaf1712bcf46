/** The agent job's contract (`acp-<acp_job_id>`) and its reputation child (`reputation-<acp_job_id>`). */
export type { AcpJob } from '../../src/modules/acp/acp-job.store';

export interface AcpJobInput {
  jobId: string;
}
