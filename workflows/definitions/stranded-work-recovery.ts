/** The stranded-work recovery workflow's contract (Schedule `stranded-work-recovery`). */
import type { BatchScreeningInput } from './batch-screening';
import type { WebhookPolicy } from './webhook-delivery';

export interface RecoveryInput {
  batch: Pick<BatchScreeningInput, 'concurrency' | 'chunkSize'>;
  webhookPolicy: WebhookPolicy;
  /** Page size of the monitoring sweeps it starts for versions never swept. */
  sweepPageSize: number;
  /** Work younger than this is left to its own start (the API starts a batch right after its commit). */
  strandedAfterSeconds: number;
  limit: number;
}

export interface RecoveryResult {
  batchesStarted: string[];
  webhooksStarted: string[];
  sweepsStarted: string[];
  acpJobsStarted: string[];
  alreadyRunning: number;
}
