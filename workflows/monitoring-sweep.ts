/**
 * A monitoring sweep (`sweep-<list_version>`, or scheduled): re-screens every active enrolment page by
 * page, continuing as new between pages so its history stays small however many enrolments there are.
 * Each `monitoring.alert` goes to its own delivery workflow, signed like every webhook.
 */
import { ParentClosePolicy, continueAsNew, defineQuery, proxyActivities, setHandler, startChild, workflowInfo } from '@temporalio/workflow';
import type { MonitoringActivities } from '../activities/monitoring';
import { sweepPage as sweepPageOptions } from './activity-options';
import { isAlreadyStarted } from './already-started';
import { webhookDeliveryWorkflow, type WebhookDeliveryInput } from './webhook-delivery';

export interface MonitoringSweepInput {
  /** Alerts are unique per enrolment and sweep key; a scheduled sweep leaves it out and uses its workflow id. */
  sweepKey?: string;
  pageSize: number;
  webhookPolicy: WebhookDeliveryInput['policy'];
  /** Pages already done (carried across continue-as-new). */
  after?: string | null;
  totals?: { processed: number; alerts: number; pages: number };
}

export const sweepProgressQuery = defineQuery<{ processed: number; alerts: number; pages: number; after: string | null }>('sweepProgress');

const { sweepEnrolmentPage } = proxyActivities<MonitoringActivities>(sweepPageOptions);

export async function monitoringSweepWorkflow(input: MonitoringSweepInput): Promise<{ processed: number; alerts: number; pages: number }> {
  const sweepKey = input.sweepKey ?? workflowInfo().workflowId;
  const totals = { ...(input.totals ?? { processed: 0, alerts: 0, pages: 0 }) };
  let after = input.after ?? null;
  setHandler(sweepProgressQuery, () => ({ ...totals, after }));
  // A few pages per run, then continue as new with the cursor.
  for (let pagesThisRun = 0; pagesThisRun < 5; pagesThisRun += 1) {
    const page = await sweepEnrolmentPage({ sweepKey, after, pageSize: input.pageSize });
    totals.processed += page.processed;
    totals.alerts += page.alerts;
    totals.pages += 1;
    // Started together: each start is a round trip to the server, and a page can raise hundreds of alerts.
    await Promise.all(
      page.webhookEventIds.map((eventId) =>
        startChild(webhookDeliveryWorkflow, {
          workflowId: `webhook-${eventId}`,
          args: [{ eventId, policy: input.webhookPolicy }],
          parentClosePolicy: ParentClosePolicy.ABANDON,
          taskQueue: workflowInfo().taskQueue,
          workflowIdReusePolicy: 'REJECT_DUPLICATE',
        }).catch((err: unknown) => {
          // Already started by an earlier run of this page: that delivery stands.
          if (!isAlreadyStarted(err)) throw err;
        }),
      ),
    );
    after = page.nextCursor;
    if (after === null) return totals;
  }
  return continueAsNew<typeof monitoringSweepWorkflow>({ ...input, sweepKey, after, totals });
}
