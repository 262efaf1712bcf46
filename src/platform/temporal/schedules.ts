/**
 * The Temporal Schedules that keep watchlists fresh: one per source (`pipeline-<source>`), each
 * starting the same refresh workflow the CLI starts, every N hours (daily by default). Created or
 * updated at start; removed when the interval is set to 0. Plus the daily monitoring sweep and the
 * stranded-work recovery every few minutes, and one Schedule per public register that has a URL.
 */
import { ScheduleNotFoundError, ScheduleOverlapPolicy, type Client } from '@temporalio/client';
import type { AppConfig } from '../../config';
import { REGISTER_CATALOGUE, REGISTER_SOURCES } from '../../modules/registers/register-catalogue';
import { ListSourceAttribute } from '../../temporal/search-attributes';
import { recoveryInput, refreshInput, sweepSettings } from '../../temporal/workflow-inputs';
import type { WorkflowName, Workflows } from '../../../workflows/definitions';

export const scheduleIdFor = (source: string) => `pipeline-${source}`;

/** Creates, updates or (at 0) deletes one interval schedule; its action's arguments are checked against the workflow's contract. */
async function ensureSchedule<N extends WorkflowName>(
  client: Client,
  scheduleId: string,
  everyMinutes: number,
  action: { workflowType: N; workflowId: string; taskQueue: string; args: Parameters<Workflows[N]>; typedSearchAttributes?: { key: typeof ListSourceAttribute; value: string }[] },
): Promise<string> {
  const handle = client.schedule.getHandle(scheduleId);
  if (everyMinutes === 0) {
    await handle.delete().catch((err) => {
      if (!(err instanceof ScheduleNotFoundError)) throw err;
    });
    return `${scheduleId}: off`;
  }
  const spec = { intervals: [{ every: `${everyMinutes} minutes` as const }] };
  const every = everyMinutes % 60 === 0 ? `${everyMinutes / 60} h` : `${everyMinutes} min`;
  const startWorkflow = { type: 'startWorkflow' as const, ...action };
  try {
    await handle.update((previous) => ({ ...previous, spec, action: startWorkflow }));
    return `${scheduleId}: every ${every} (updated)`;
  } catch (err) {
    if (!(err instanceof ScheduleNotFoundError)) throw err;
    await client.schedule.create({ scheduleId, spec, action: startWorkflow, policies: { overlap: ScheduleOverlapPolicy.SKIP, catchupWindow: '1 day' } });
    return `${scheduleId}: every ${every} (created)`;
  }
}

/** The daily monitoring sweep; each run's workflow id (with the scheduled time) is its sweep key. */
export async function ensureSweepSchedule(client: Client, config: AppConfig): Promise<string> {
  return ensureSchedule(client, 'monitoring-sweep', config.monitoring.sweepEveryHours * 60, {
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
      await ensureSchedule(client, scheduleIdFor(source), config.pipeline.everyHours * 60, {
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

/** Every few minutes: start batch jobs and webhook deliveries left stranded (see the recovery workflow). */
export async function ensureRecoverySchedule(client: Client, config: AppConfig): Promise<string> {
  return ensureSchedule(client, 'stranded-work-recovery', config.recovery.everyMinutes, {
    workflowType: 'strandedWorkRecoveryWorkflow',
    workflowId: 'stranded-work-recovery',
    taskQueue: config.temporal.taskQueue,
    args: [recoveryInput(config)],
  });
}

/**
 * One Schedule per register with a configured URL (`register-<source>`, at the register's own
 * interval); a register without one has no Schedule (removed if it had one) and is loaded from the CLI.
 */
export async function ensureRegisterSchedules(client: Client, config: AppConfig): Promise<string[]> {
  const outcomes: string[] = [];
  for (const source of REGISTER_SOURCES) {
    const url = config.registers.urls[source];
    const line = await ensureSchedule(client, `register-${source}`, url ? REGISTER_CATALOGUE[source].everyHours * 60 : 0, {
      workflowType: 'registerRefreshWorkflow',
      workflowId: `register-${source}`, // Temporal appends the scheduled time: register-<source>-<time>
      taskQueue: config.temporal.taskQueue,
      args: [{ source, url: url ?? '' }], // without a URL the Schedule is removed, never run
    });
    outcomes.push(url ? line : `${line} (no REGISTER_URL_${source.toUpperCase()}; load it with registers ingest)`);
  }
  return outcomes;
}
