/**
 * Monitoring activities: one page of a sweep per call (src/modules/monitoring/sweep-page.ts), a new list
 * version's candidates (change-candidates.ts, against this worker's index of enrolled customers), and the
 * plan and pages of a full re-screen (rescreen-pages.ts).
 */
import { Context } from '@temporalio/activity';
import { findChangeCandidates, type ChangeCandidates } from '../src/modules/monitoring/change-candidates';
import { CustomerIndex } from '../src/modules/monitoring/customer-index';
import { planRescreenPages, rescreenPage, type RescreenPageResult } from '../src/modules/monitoring/rescreen-pages';
import { sweepPage, type SweepPageResult } from '../src/modules/monitoring/sweep-page';
import type { ActivityDeps } from './deps';
import { whileHeartbeating } from './heartbeating';

export function createMonitoringActivities(deps: ActivityDeps) {
  const customers = new CustomerIndex(deps.orm);
  return {
    async sweepEnrolmentPage(input: { sweepKey: string; after: string | null; pageSize: number; versionId?: string }): Promise<SweepPageResult> {
      return sweepPage(deps.orm.em.fork(), deps.screening, input, (done) => Context.current().heartbeat(done));
    },
    async findVersionCandidates(input: { sweepKey: string; versionId: string }): Promise<ChangeCandidates> {
      return findChangeCandidates(deps.orm.em.fork(), customers, input, (searched) => Context.current().heartbeat(searched));
    },
    async planRescreen(input: { rescreenKey: string; pageSize: number }): Promise<{ pages: number }> {
      return planRescreenPages(deps.orm.em.fork(), input);
    },
    async rescreenEnrolmentPage(input: { rescreenKey: string; pageNumber: number; chunkSize?: number }): Promise<RescreenPageResult> {
      return whileHeartbeating((progress) => rescreenPage(deps.orm.em.fork(), deps.screening, input, progress));
    },
  };
}

export type MonitoringActivities = ReturnType<typeof createMonitoringActivities>;
