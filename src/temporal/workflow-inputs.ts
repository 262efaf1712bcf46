/** Workflow inputs that carry configuration, built in one place so API, CLI and schedules agree. */
import type { AppConfig } from '../config';
import type { RefreshRequest } from '../modules/watchlists/list-fetcher';
import type { RefreshWorkflowInput, SweepSettings } from '../../workflows/watchlist-refresh';
import type { BatchScreeningInput } from '../../workflows/batch-screening';
import type { RecoveryInput } from '../../workflows/stranded-work-recovery';

export function webhookPolicy(config: AppConfig): SweepSettings['webhookPolicy'] {
  const w = config.webhooks;
  return { initialBackoffSeconds: w.initialBackoffSeconds, maxBackoffSeconds: w.maxBackoffSeconds, giveUpAfterHours: w.giveUpAfterHours };
}

export function sweepSettings(config: AppConfig): SweepSettings {
  return { pageSize: config.monitoring.sweepPageSize, webhookPolicy: webhookPolicy(config) };
}

export function refreshInput(config: AppConfig, request: RefreshRequest): RefreshWorkflowInput {
  return { ...request, sweep: sweepSettings(config) };
}

/** The batch workflow's input: the job plus the configured concurrency, chunk size and webhook policy. */
export function batchWorkflowInput(config: AppConfig, job: { jobId: string; accountId: string; totalItems: number }): BatchScreeningInput {
  return { ...job, concurrency: config.batch.concurrency, chunkSize: config.batch.chunkSize, webhookPolicy: webhookPolicy(config) };
}

/** The recovery schedule's input: what counts as stranded, and the settings of the work it restarts. */
export function recoveryInput(config: AppConfig): RecoveryInput {
  return {
    batch: { concurrency: config.batch.concurrency, chunkSize: config.batch.chunkSize },
    webhookPolicy: webhookPolicy(config),
    sweepPageSize: config.monitoring.sweepPageSize,
    strandedAfterSeconds: config.recovery.strandedAfterSeconds,
    limit: 200,
  };
}
