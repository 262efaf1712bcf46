/** Workflow inputs that carry configuration, built in one place so API, CLI and schedules agree. */
import type { AppConfig } from '../config';
import type { BatchScreeningInput, RecoveryInput, RefreshWorkflowInput, SweepSettings, WebhookPolicy } from '../../workflows/definitions';

export function webhookPolicy(config: AppConfig): WebhookPolicy {
  const w = config.webhooks;
  return { initialBackoffSeconds: w.initialBackoffSeconds, maxBackoffSeconds: w.maxBackoffSeconds, giveUpAfterHours: w.giveUpAfterHours };
}

export function sweepSettings(config: AppConfig): SweepSettings {
  return { pageSize: config.monitoring.sweepPageSize, webhookPolicy: webhookPolicy(config) };
}

/** A refresh's input: what to fetch (a `RefreshRequest` of the watchlists module) and the sweep settings. */
export function refreshInput(config: AppConfig, request: Omit<RefreshWorkflowInput, 'sweep'>): RefreshWorkflowInput {
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
