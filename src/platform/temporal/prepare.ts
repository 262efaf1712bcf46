/** Everything a fresh Temporal needs before the worker runs: namespace, search attributes, schedules. */
import { Client, type Connection } from '@temporalio/client';
import type { AppConfig } from '../../config';
import { abuseMonitorWorkflowId, pokeAbuseMonitor } from '../../modules/acp/abuse/abuse-monitor-client';
import { ensureNamespace, ensureSearchAttributes } from './namespace';
import { ensureRecoverySchedule, ensureRefreshSchedules, ensureRegisterSchedules, ensureSweepSchedule } from './schedules';

export async function prepareTemporal(connection: Connection, config: AppConfig): Promise<string[]> {
  const namespace = await ensureNamespace(connection, config.temporal.namespace);
  const added = await ensureSearchAttributes(connection, config.temporal.namespace);
  const client = new Client({ connection, namespace: config.temporal.namespace });
  const schedules = [...(await ensureRefreshSchedules(client, config)), await ensureSweepSchedule(client, config), await ensureRecoverySchedule(client, config), ...(await ensureRegisterSchedules(client, config))];
  // The abuse monitor runs for good; starting it here means it reviews traffic even before the next job arrives.
  await pokeAbuseMonitor(client, config);
  return [
    `namespace ${config.temporal.namespace} ${namespace}`,
    `search attributes added: ${added.join(', ') || 'none needed'}`,
    ...schedules.map((line) => `schedule ${line}`),
    `workflow ${abuseMonitorWorkflowId(config)} running`,
  ];
}
