/** The batch screening workflow's contract (`batch-<job_id>`): its input, its progress (query and result). */
import { defineQuery } from '@temporalio/workflow';
import type { WebhookPolicy } from './webhook-delivery';

export interface BatchProgress {
  jobId: string;
  status: 'pending' | 'running' | 'completed' | 'abandoned';
  total: number;
  completed: number;
  failed: number;
}

export const batchProgressQuery = defineQuery<BatchProgress>('batchProgress');

export interface BatchScreeningInput {
  jobId: string;
  accountId: string;
  totalItems: number;
  concurrency: number;
  /** Items per activity. */
  chunkSize: number;
  webhookPolicy: WebhookPolicy;
}
