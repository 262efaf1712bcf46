/**
 * A full re-screen of every active enrolment (`rescreen-<time>`, when the matcher or its thresholds
 * change), spread over every worker on the task queue. The enrolments are planned into pages once; the
 * pages are split into ranges, each a child workflow that runs its pages a few at a time as activities.
 * Any worker polling the queue takes any page; a page heartbeats per chunk, so a dead worker's page is
 * handed to another within seconds and resumes at its recorded cursor (src/modules/monitoring/
 * rescreen-pages.ts). Alerts go to delivery workflows as a sweep's do; a range continues as new within
 * its history budget.
 */
import { continueAsNew, executeChild, patched, proxyActivities, workflowInfo } from '@temporalio/workflow';
import type { MonitoringActivities } from '../activities/monitoring';
import { infrastructureWork, rescreenPage } from './activity-options';
import { historyBudget } from './history-budget';
import { DEFAULT_HISTORY_BUDGET, EVENTS_PER_START, MAX_START_SLICE, startDelivery } from './monitoring-sweep';
import { rescreenPageQueue, type FullRescreenInput, type RescreenRangeInput, type RescreenTotals } from './definitions';

const { planRescreen } = proxyActivities<MonitoringActivities>(infrastructureWork);
const onServiceQueue = proxyActivities<MonitoringActivities>(rescreenPage);

/**
 * The page activity as this run schedules it: on the pages' own queue (a few per worker), or, for a
 * run started before that queue existed, on the service's queue as it was scheduled then.
 */
function pageActivity(): MonitoringActivities['rescreenEnrolmentPage'] {
  if (!patched('rescreen-pages-own-queue')) return onServiceQueue.rescreenEnrolmentPage;
  return proxyActivities<MonitoringActivities>({ ...rescreenPage, taskQueue: rescreenPageQueue(workflowInfo().taskQueue) }).rescreenEnrolmentPage;
}

const DEFAULT_PARALLEL_PAGES = 4;
const DEFAULT_PAGES_PER_RANGE = 50;
/** History events per page (scheduled, started, completed, and a share of the workflow tasks). */
const PAGE_EVENTS = 6;

export async function fullRescreenWorkflow(input: FullRescreenInput): Promise<RescreenTotals> {
  const { rescreenKey } = input;
  const { pages } = await planRescreen({ rescreenKey, pageSize: input.pageSize });
  const perRange = input.pagesPerRange ?? DEFAULT_PAGES_PER_RANGE;
  const ranges: { fromPage: number; toPage: number }[] = [];
  for (let fromPage = 0; fromPage < pages; fromPage += perRange) ranges.push({ fromPage, toPage: Math.min(pages, fromPage + perRange) });
  const results = await Promise.all(
    ranges.map((range) =>
      executeChild(rescreenRangeWorkflow, {
        workflowId: `${rescreenKey}-pages-${range.fromPage}`,
        taskQueue: workflowInfo().taskQueue,
        args: [{ rescreenKey, ...range, parallelPages: input.parallelPages ?? DEFAULT_PARALLEL_PAGES, webhookPolicy: input.webhookPolicy, ...(input.chunkSize ? { chunkSize: input.chunkSize } : {}) }],
      }),
    ),
  );
  return results.reduce(
    (sum, r) => ({ pages: sum.pages + r.pages, processed: sum.processed + r.processed, failed: sum.failed + (r.failed ?? 0), alerts: sum.alerts + r.alerts }),
    { pages: 0, processed: 0, failed: 0, alerts: 0 },
  );
}

/** A range of a full re-screen's pages, a few at a time. */
export async function rescreenRangeWorkflow(input: RescreenRangeInput): Promise<RescreenTotals> {
  const budget = input.historyBudget ?? DEFAULT_HISTORY_BUDGET;
  const totals: RescreenTotals = { failed: 0, ...(input.totals ?? { pages: 0, processed: 0, alerts: 0 }) };
  let nextPage = input.nextPage ?? input.fromPage;
  let pending = [...(input.pendingEventIds ?? [])];
  const rescreenEnrolmentPage = pageActivity();
  const history = historyBudget(budget);
  for (;;) {
    while (pending.length > 0) {
      const slice = pending.slice(0, MAX_START_SLICE);
      if (!history.fits(slice.length * EVENTS_PER_START)) return continueAsNew<typeof rescreenRangeWorkflow>({ ...input, nextPage, pendingEventIds: pending, totals });
      await Promise.all(slice.map((eventId) => startDelivery(eventId, input.webhookPolicy)));
      pending = pending.slice(slice.length);
    }
    if (nextPage >= input.toPage) return totals;
    const wave = Array.from({ length: Math.min(input.parallelPages, input.toPage - nextPage) }, (_, i) => nextPage + i);
    if (!history.fits(wave.length * PAGE_EVENTS)) return continueAsNew<typeof rescreenRangeWorkflow>({ ...input, nextPage, pendingEventIds: pending, totals });
    const results = await Promise.all(wave.map((pageNumber) => rescreenEnrolmentPage({ rescreenKey: input.rescreenKey, pageNumber, ...(input.chunkSize ? { chunkSize: input.chunkSize } : {}) })));
    for (const page of results) {
      totals.pages += 1;
      totals.processed += page.processed;
      totals.failed += page.failed ?? 0; // a page completed by a worker from before it was counted has none
      totals.alerts += page.alerts;
      pending.push(...page.webhookEventIds);
    }
    nextPage += wave.length;
  }
}
