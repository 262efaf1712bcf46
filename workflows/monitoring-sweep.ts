/**
 * A monitoring sweep (`sweep-<list_version>`, or scheduled). A scheduled sweep re-screens every active
 * enrolment page by page; a new list version's sweep (`versionId` set) first finds the enrolments the
 * version's changes reach (src/modules/monitoring/change-candidates.ts), splits them into pages
 * (candidate-pages.ts) and re-screens those a few at a time, so every worker on the queue takes some.
 * Each `monitoring.alert` goes to its own delivery workflow, signed like every webhook, started in
 * slices. The run continues as new whenever its history nears a budget (a few pages, or one page whose
 * thousands of alerts would otherwise pile child starts into one history), carrying the cursor and any
 * events not yet handed over, so a sweep of any size stays far below Temporal's history limits.
 */
import { ParentClosePolicy, continueAsNew, patched, proxyActivities, setHandler, startChild, workflowInfo } from '@temporalio/workflow';
import type { MonitoringActivities } from '../activities/monitoring';
import type { SweepPageResult } from '../src/modules/monitoring/sweep-page';
import { changeCandidates, infrastructureWork, sweepPage as sweepPageOptions } from './activity-options';
import { isAlreadyStarted } from './already-started';
import { historyBudget } from './history-budget';
import { webhookDeliveryWorkflow } from './webhook-delivery';
import { type MonitoringSweepInput, type SweepTotals, type WebhookDeliveryInput, sweepProgressQuery } from './definitions';

const { sweepEnrolmentPage } = proxyActivities<MonitoringActivities>(sweepPageOptions);
const { findVersionCandidates } = proxyActivities<MonitoringActivities>(changeCandidates);
const { planVersionCandidatePages } = proxyActivities<MonitoringActivities>(infrastructureWork);

/** Sweeps started before a version's candidates were paged run them one page at a time; later ones, in parallel. */
export const CANDIDATE_PAGES_PATCH = 'version-sweep-candidate-pages';
/** A version sweep's candidate pages re-screened at once (each an activity any worker takes). */
export const DEFAULT_PARALLEL_PAGES = 4;
/**
 * Customers a candidate page re-screens at a time. A wave's pages may all land on one worker, which then
 * holds the wave's pages times this in flight: one each keeps that at the four a page one at a time has
 * (`bench:rescreen` at 10,000 customers: sixteen in flight on one worker cost 15 % more worker CPU per
 * changed entity, four the same as one page at a time).
 */
export const CANDIDATE_PAGE_CONCURRENCY = 1;

/**
 * Delivery workflows started per step, at most a 32nd of the budget. Each start costs up to ten history
 * events: initiated, started and, as a delivery often finishes while the sweep runs, completed, each
 * with the workflow task that takes the news.
 */
export const EVENTS_PER_START = 10;
export const MAX_START_SLICE = 100;
export const DEFAULT_HISTORY_BUDGET = 8_000;
/** History events of one page: its activity and the workflow tasks around it. */
const PAGE_EVENTS = 12;

/** Starts the delivery workflow of one `monitoring.alert` event; one already started stands. */
export function startDelivery(eventId: string, policy: WebhookDeliveryInput['policy']): Promise<unknown> {
  return startChild(webhookDeliveryWorkflow, {
    workflowId: `webhook-${eventId}`,
    args: [{ eventId, policy }],
    parentClosePolicy: ParentClosePolicy.ABANDON,
    taskQueue: workflowInfo().taskQueue,
    workflowIdReusePolicy: 'REJECT_DUPLICATE',
  }).catch((err: unknown) => {
    // Already started by an earlier run of this page (or by the recovery schedule): that delivery stands.
    if (!isAlreadyStarted(err)) throw err;
  });
}

export async function monitoringSweepWorkflow(input: MonitoringSweepInput): Promise<SweepTotals> {
  const sweepKey = input.sweepKey ?? workflowInfo().workflowId;
  const budget = input.historyBudget ?? DEFAULT_HISTORY_BUDGET;
  const totals: SweepTotals = { failed: 0, ...(input.totals ?? { processed: 0, alerts: 0, pages: 0 }) };
  let after = input.after ?? null;
  let pagesDone = input.pagesDone ?? false;
  let pending = [...(input.pendingEventIds ?? [])];
  setHandler(sweepProgressQuery, () => ({ ...totals, after }));
  const sliceSize = Math.max(1, Math.min(MAX_START_SLICE, Math.floor(budget / 32)));
  const history = historyBudget(budget);
  let candidatesFound = input.candidatesFound ?? false;
  let candidatePages = input.candidatePages;
  let nextPage = input.nextPage ?? 0;
  const carryOn = () =>
    continueAsNew<typeof monitoringSweepWorkflow>({ ...input, sweepKey, candidatesFound, after, pagesDone, pendingEventIds: pending, totals, ...(candidatePages ? { candidatePages, nextPage } : {}) });

  if (input.versionId !== undefined && !candidatesFound) {
    await findVersionCandidates({ sweepKey, versionId: input.versionId });
    candidatesFound = true;
    if (patched(CANDIDATE_PAGES_PATCH)) {
      ({ pageLasts: candidatePages } = await planVersionCandidatePages({ sweepKey, pageSize: input.pageSize, parallelPages: input.parallelPages ?? DEFAULT_PARALLEL_PAGES }));
      pagesDone = candidatePages.length === 0;
    }
  }

  for (;;) {
    while (pending.length > 0) {
      const slice = pending.slice(0, sliceSize);
      if (!history.fits(slice.length * EVENTS_PER_START)) return carryOn();
      await Promise.all(slice.map((eventId) => startDelivery(eventId, input.webhookPolicy)));
      pending = pending.slice(slice.length);
    }
    if (pagesDone) return totals;
    if (candidatePages) {
      // Planned pages, a wave at a time: page i runs from page i-1's last candidate to its own.
      const lasts = candidatePages;
      const wave = lasts.slice(nextPage, nextPage + (input.parallelPages ?? DEFAULT_PARALLEL_PAGES)).map((upTo, i) => ({ after: nextPage + i === 0 ? null : lasts[nextPage + i - 1]!, upTo }));
      if (!history.fits(wave.length * PAGE_EVENTS)) return carryOn();
      const pages = await Promise.all(
        wave.map((range) => sweepEnrolmentPage({ sweepKey, ...range, pageSize: input.pageSize, versionId: input.versionId!, concurrency: CANDIDATE_PAGE_CONCURRENCY })),
      );
      pages.forEach(count);
      nextPage += wave.length;
      after = wave.at(-1)!.upTo;
      pagesDone = nextPage >= lasts.length;
      continue;
    }
    if (!history.fits(PAGE_EVENTS)) return carryOn();
    const page = await sweepEnrolmentPage({ sweepKey, after, pageSize: input.pageSize, ...(input.versionId !== undefined ? { versionId: input.versionId } : {}) });
    count(page);
    after = page.nextCursor;
    pagesDone = after === null;
  }

  function count(page: SweepPageResult): void {
    totals.processed += page.processed;
    totals.failed += page.failed ?? 0; // a page completed by a worker from before it was counted has none
    totals.alerts += page.alerts;
    totals.pages += 1;
    pending.push(...page.webhookEventIds);
  }
}
