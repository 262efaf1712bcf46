/**
 * The Temporal Schedules that keep watchlists fresh: one per source (`pipeline-<source>`), each
 * starting the same refresh workflow the CLI starts, every N hours (daily by default). Created or
 * updated at start; removed when the interval is set to 0. Plus the daily monitoring sweep.
 */
import { ScheduleNotFoundError, ScheduleOverlapPolicy, type Client } from '@temporalio/client';
import type { AppConfig } from '../config';
import { ListSourceAttribute } from './search-attributes';
import { refreshInput, sweepSettings } from './workflow-inputs';

export const scheduleIdFor = (source: string) => `pipeline-${source}`;

/** Creates, updates or (at 0 hours) deletes one interval schedule. */
async function ensureSchedule(
  client: Client,
  scheduleId: string,
  everyHours: number,
  action: { workflowType: string; workflowId: string; taskQueue: string; args: unknown[]; typedSearchAttributes?: { key: typeof ListSourceAttribute; value: string }[] },
): Promise<string> {
  const handle = client.schedule.getHandle(scheduleId);
  if (everyHours === 0) {
    await handle.delete().catch((err) => {
      if (!(err instanceof ScheduleNotFoundError)) throw err;
    });
    return `${scheduleId}: off`;
  }
  const spec = { intervals: [{ every: `${everyHours} hours` as const }] };
  const startWorkflow = { type: 'startWorkflow' as const, ...action };
  try {
    await handle.update((previous) => ({ ...previous, spec, action: startWorkflow }));
    return `${scheduleId}: every ${everyHours} h (updated)`;
  } catch (err) {
    if (!(err instanceof ScheduleNotFoundError)) throw err;
    await client.schedule.create({ scheduleId, spec, action: startWorkflow, policies: { overlap: ScheduleOverlapPolicy.SKIP, catchupWindow: '1 day' } });
    return `${scheduleId}: every ${everyHours} h (created)`;
  }
}

/** The daily monitoring sweep; each run's workflow id (with the scheduled time) is its sweep key. */
export async function ensureSweepSchedule(client: Client, config: AppConfig): Promise<string> {
  return ensureSchedule(client, 'monitoring-sweep', config.monitoring.sweepEveryHours, {
    workflowType: 'monitoringSweepWorkflow',
    workflowId: 'sweep-scheduled',
    taskQueue: config.temporal.taskQueue,
    args: [sweepSettings(config)],
  });
}

/** Ensures each configured source has its schedule at the configured interval; returns a line per source. */
export async function ensureRefreshSchedules(client: Client, config: AppConfig): Promise<string[]> {
  const outcomes: string[] = [];
  for (const source of config.pipeline.sources) {
    outcomes.push(
      await ensureSchedule(client, scheduleIdFor(source), config.pipeline.everyHours, {
        workflowType: 'watchlistRefreshWorkflow',
        workflowId: scheduleIdFor(source), // Temporal appends the scheduled time: pipeline-<source>-<date>
        taskQueue: config.temporal.taskQueue,
        args: [refreshInput(config, { source })],
        typedSearchAttributes: [{ key: ListSourceAttribute, value: source }],
      }),
    );
  }
  return outcomes;
}
