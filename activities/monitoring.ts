/** Monitoring activities: one page of a sweep per call (see src/modules/monitoring/sweep-page.ts). */
import { Context } from '@temporalio/activity';
import { sweepPage, type SweepPageResult } from '../src/modules/monitoring/sweep-page';
import type { ActivityDeps } from './deps';

export function createMonitoringActivities(deps: ActivityDeps) {
  return {
    async sweepEnrolmentPage(input: { sweepKey: string; after: string | null; pageSize: number }): Promise<SweepPageResult> {
      return sweepPage(deps.orm.em.fork(), deps.screening, input, (done) => Context.current().heartbeat(done));
    },
  };
}

export type MonitoringActivities = ReturnType<typeof createMonitoringActivities>;
