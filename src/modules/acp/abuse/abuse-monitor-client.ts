/**
 * The API's line to the abuse monitor (`acp-abuse-monitor-<task queue>`): `signalWithStart`, so the first job after
 * a fresh start also starts the monitor. Telling it is best-effort: the jobs and flags are in
 * PostgreSQL and the monitor reviews on its own timer, so a failed signal only delays a review.
 */
import type { Client } from '@temporalio/client';
import type { AppConfig } from '../../../config';
import type { Logger } from '../../../logger';
import { trafficRecordedSignal, type Workflows } from '../../../../workflows/definitions';

/**
 * `acp-abuse-monitor-<task queue>`: one monitor per deployment (its task queue), so two deployments
 * sharing a Temporal namespace never hand each other's flags to workers configured differently.
 */
export const abuseMonitorWorkflowId = (config: AppConfig) => `acp-abuse-monitor-${config.temporal.taskQueue}`;

/** The monitor's input from configuration (also used by `npm start`'s preparation). */
export const abuseMonitorInput = (config: AppConfig) => ({ reviewEverySeconds: config.acp.abuseReviewEverySeconds, cleanWindowSeconds: config.acp.bondCleanWindowSeconds, cursor: null });

/** Starts the monitor if it is not running and asks it to review soon (throws when Temporal refuses). */
export async function pokeAbuseMonitor(temporal: Client, config: AppConfig): Promise<void> {
  await temporal.workflow.signalWithStart<Workflows['abuseMonitorWorkflow'], []>('abuseMonitorWorkflow', {
    workflowId: abuseMonitorWorkflowId(config),
    taskQueue: config.temporal.taskQueue,
    args: [abuseMonitorInput(config)],
    signal: trafficRecordedSignal,
    signalArgs: [],
  });
}

export class AbuseMonitorClient {
  constructor(
    private readonly temporal: Client,
    private readonly config: AppConfig,
    private readonly logger: Logger,
  ) {}

  /** Starts the monitor if it is not running, and asks it to review soon. Never throws. */
  async trafficRecorded(): Promise<void> {
    try {
      await pokeAbuseMonitor(this.temporal, this.config);
    } catch (err) {
      this.logger.warn({ err }, 'could not tell the abuse monitor about new traffic; its timer will pick it up');
    }
  }
}
