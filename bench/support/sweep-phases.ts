/**
 * Where a sweep's time went, read from its Temporal history (every run of a continue-as-new chain):
 * each activity type's span from its first scheduling to its last completion, and the delivery
 * workflows it started. A release's figure alone says how long; this says which step to work on.
 */
import type { Client } from '@temporalio/client';
import { temporal } from '@temporalio/proto';

const EventType = temporal.api.enums.v1.EventType;

export interface SweepPhase {
  activity: string;
  count: number;
  /** From the first one's scheduling to the last one's completion, in ms. */
  spanMs: number;
}

const millis = (time: temporal.api.history.v1.IHistoryEvent['eventTime']) => Number(time?.seconds ?? 0) * 1000 + Math.round((time?.nanos ?? 0) / 1e6);

export async function sweepPhases(client: Client, workflowId: string): Promise<{ phases: SweepPhase[]; deliveriesStarted: number; runs: number }> {
  const spans = new Map<string, { count: number; first: number; last: number }>();
  let deliveriesStarted = 0;
  let runs = 0;
  for (let runId: string | undefined = undefined, first = true; first || runId; first = false) {
    const history = await client.workflow.getHandle(workflowId, runId).fetchHistory();
    runs += 1;
    const typeOf = new Map<string, string>();
    for (const event of history.events ?? []) {
      if (event.eventType === EventType.EVENT_TYPE_ACTIVITY_TASK_SCHEDULED) {
        const type = event.activityTaskScheduledEventAttributes!.activityType!.name!;
        typeOf.set(String(event.eventId), type);
        const span = spans.get(type) ?? { count: 0, first: millis(event.eventTime), last: 0 };
        span.count += 1;
        spans.set(type, span);
      } else if (event.eventType === EventType.EVENT_TYPE_ACTIVITY_TASK_COMPLETED) {
        const span = spans.get(typeOf.get(String(event.activityTaskCompletedEventAttributes!.scheduledEventId))!);
        if (span) span.last = Math.max(span.last, millis(event.eventTime));
      } else if (event.eventType === EventType.EVENT_TYPE_START_CHILD_WORKFLOW_EXECUTION_INITIATED) {
        deliveriesStarted += 1;
      }
    }
    runId = history.events?.at(-1)?.workflowExecutionContinuedAsNewEventAttributes?.newExecutionRunId ?? undefined;
  }
  return { phases: [...spans].map(([activity, s]) => ({ activity, count: s.count, spanMs: s.last - s.first })), deliveriesStarted, runs };
}
