/** The latest heartbeat details of a workflow's running activity: how the CLI's progress bars read progress. */
import type { WorkflowHandle } from '@temporalio/client';

export async function latestHeartbeat<T extends object>(handle: WorkflowHandle): Promise<Partial<T>> {
  const pending = (await handle.describe()).raw.pendingActivities?.[0];
  const payload = pending?.heartbeatDetails?.payloads?.[0]?.data;
  return payload ? (JSON.parse(Buffer.from(payload).toString('utf8')) as Partial<T>) : {};
}
