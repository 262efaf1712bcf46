/** The monitoring sweep workflow's contract (`sweep-<source>-v<n>`, Schedule `monitoring-sweep`). */
import { defineQuery } from '@temporalio/workflow';
import type { WebhookPolicy } from './webhook-delivery';

export interface MonitoringSweepInput {
  /** Alerts are unique per enrolment and sweep key; a scheduled sweep leaves it out and uses its workflow id. */
  sweepKey?: string;
  pageSize: number;
  webhookPolicy: WebhookPolicy;
  /** Events per run before continuing as new (default 8,000; Temporal refuses a history past 51,200). */
  historyBudget?: number;
  /** The list version whose changes choose the enrolments to re-screen; absent: every active enrolment. */
  versionId?: string;
  /** True once the version's candidates are stored (carried across continue-as-new). */
  candidatesFound?: boolean;
  /** A version sweep's candidate pages re-screened at once (default 4). */
  parallelPages?: number;
  /** The last candidate of each of the version's pages, once planned, and the next page to start (carried across continue-as-new). */
  candidatePages?: string[];
  nextPage?: number;
  /** Pages already done (carried across continue-as-new). */
  after?: string | null;
  /** True once the last page has been swept (carried while its events are still being handed over). */
  pagesDone?: boolean;
  /** Alert events of a page not yet handed to their delivery workflows (carried across continue-as-new). */
  pendingEventIds?: string[];
  /** Carried across continue-as-new; `failed` is absent from runs started before it was counted. */
  totals?: Omit<SweepTotals, 'failed'> & { failed?: number };
}

/** What a sweep has done. */
export interface SweepTotals {
  processed: number;
  /** Enrolments recorded as failed (their re-screen kept throwing) and passed over, not counted in `processed`. */
  failed: number;
  alerts: number;
  pages: number;
}

export const sweepProgressQuery = defineQuery<SweepTotals & { after: string | null }>('sweepProgress');

/** What a refresh passes to the monitoring sweep it starts on a new version. */
export type SweepSettings = Pick<MonitoringSweepInput, 'pageSize' | 'webhookPolicy'>;
