/** Workflow inputs that carry configuration, built in one place so API, CLI and schedules agree. */
import type { AppConfig } from '../config';
import type { RefreshRequest } from '../modules/watchlists/list-fetcher';
import type { RefreshWorkflowInput, SweepSettings } from '../../workflows/watchlist-refresh';

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
