/** The full re-screen's contract (`rescreen-<time>`): a fan-out of page ranges over every worker on the queue. */
import type { WebhookPolicy } from './webhook-delivery';

/**
 * The task queue a full re-screen's pages run on, beside the service's own: every worker polls it with a
 * few slots (`RESCREEN_PAGES_PER_WORKER`), so pages spread evenly over the workers instead of one worker
 * taking a whole wave while another waits, and a million customers' pages wait in Temporal, not in one
 * worker's memory.
 */
export const rescreenPageQueue = (taskQueue: string): string => `${taskQueue}-rescreen-pages`;

export interface FullRescreenInput {
  /** Alerts and screening records are keyed by it, and the ranges' workflow ids start with it: the workflow's own id. */
  rescreenKey: string;
  pageSize: number;
  webhookPolicy: WebhookPolicy;
  /** Pages each range runs at once (default 4): with several workers, a range's pages spread over them. */
  parallelPages?: number;
  /** Pages per child workflow (default 50). */
  pagesPerRange?: number;
  /** Customers a page screens and records at a time (default `DEFAULT_RESCREEN_CHUNK`). */
  chunkSize?: number;
}

export interface RescreenTotals {
  pages: number;
  processed: number;
  /** Customers recorded as failed (their re-screen kept throwing) and passed over, not counted in `processed`. */
  failed: number;
  alerts: number;
}

export interface RescreenRangeInput {
  rescreenKey: string;
  fromPage: number;
  toPage: number;
  parallelPages: number;
  chunkSize?: number;
  webhookPolicy: WebhookPolicy;
  historyBudget?: number;
  /** Carried across continue-as-new: the next page to start, events not yet handed over, totals. */
  nextPage?: number;
  pendingEventIds?: string[];
  /** `failed` is absent from runs started before it was counted. */
  totals?: Omit<RescreenTotals, 'failed'> & { failed?: number };
}
