/**
 * Monitoring activities: one page of a sweep per call (src/modules/monitoring/sweep-page.ts), a new list
 * version's candidates (change-candidates.ts, against this worker's index of enrolled customers) and
 * their pages (candidate-pages.ts), and the plan and pages of a full re-screen (rescreen-pages.ts). A
 * page passes the activity's attempt on: from its third, a customer whose re-screen still throws is
 * recorded as failed and logged, and the page goes on (enrolment-failures.ts).
 */
import { Context } from '@temporalio/activity';
import { planCandidatePages } from '../src/modules/monitoring/candidate-pages';
import { findChangeCandidates, type ChangeCandidates } from '../src/modules/monitoring/change-candidates';
import { CustomerIndex } from '../src/modules/monitoring/customer-index';
import type { EnrolmentFailure } from '../src/modules/monitoring/enrolment-failures';
import { planRescreenPages, rescreenPage, type RescreenPageResult } from '../src/modules/monitoring/rescreen-pages';
import { sweepPage, type SweepPageResult } from '../src/modules/monitoring/sweep-page';
import type { ActivityDeps } from './deps';
import { throttledHeartbeat, whileHeartbeating } from './heartbeating';

export function createMonitoringActivities(deps: ActivityDeps) {
  const customers = new CustomerIndex(deps.orm);
  const logFailure = (passKey: string) => (failure: EnrolmentFailure) =>
    deps.logger.error({ passKey, enrolmentId: failure.enrolmentId, error: failure.error, attempt: Context.current().info.attempt }, 'monitoring re-screen of an enrolment kept failing: recorded as failed and passed over');
  return {
    async sweepEnrolmentPage(input: { sweepKey: string; after: string | null; upTo?: string; pageSize: number; versionId?: string; concurrency?: number }): Promise<SweepPageResult> {
      const { attempt } = Context.current().info;
      return sweepPage(deps.orm.em.fork(), deps.screening, { ...input, attempt }, throttledHeartbeat(), logFailure(input.sweepKey));
    },
    async findVersionCandidates(input: { sweepKey: string; versionId: string }): Promise<ChangeCandidates> {
      return findChangeCandidates(deps.orm.em.fork(), customers, input, throttledHeartbeat());
    },
    async planVersionCandidatePages(input: { sweepKey: string; pageSize: number; parallelPages: number }): Promise<{ pageLasts: string[] }> {
      return planCandidatePages(deps.orm.em.fork(), input);
    },
    async planRescreen(input: { rescreenKey: string; pageSize: number }): Promise<{ pages: number }> {
      return planRescreenPages(deps.orm.em.fork(), input);
    },
    async rescreenEnrolmentPage(input: { rescreenKey: string; pageNumber: number; chunkSize?: number }): Promise<RescreenPageResult> {
      const { attempt } = Context.current().info;
      return whileHeartbeating((progress) => rescreenPage(deps.orm.em.fork(), deps.screening, { ...input, attempt }, progress, logFailure(input.rescreenKey)));
    },
  };
}

export type MonitoringActivities = ReturnType<typeof createMonitoringActivities>;
