/**
 * Starting a subscriber's `newsletter-sync-<sha256 prefix>` run once the sign-up is committed. The input
 * is the row's id and revision and the retry policy: no address in the id, input, memo or search
 * attributes, since the Web UI shows them all. A newer sign-up of the address ends a run still going for
 * an earlier one (TERMINATE_EXISTING), so the latest source is what gets pushed.
 */
import { WorkflowIdConflictPolicy, type Client } from '@temporalio/client';
import type { AppConfig } from '../../config';
import { workflowIds } from '../../temporal/workflow-ids';
import type { NewsletterSyncInput, NewsletterSyncPolicy, Workflows } from '../../../workflows/definitions';

/** 10 attempts, the wait doubling from 3 s to at most 10 min: a provider outage of about 20 minutes is ridden out. */
export const DEFAULT_SYNC_POLICY: NewsletterSyncPolicy = { maxAttempts: 10, initialIntervalMs: 3_000, maxIntervalMs: 600_000 };

/** How long a sign-up waits for Temporal to accept the run before answering anyway (the row stays pending). */
export const SYNC_START_DEADLINE_MS = 3_000;

export async function startNewsletterSync(
  client: Client,
  config: AppConfig,
  subscriber: { id: string; revision: number; email: string },
  policy: NewsletterSyncPolicy = DEFAULT_SYNC_POLICY,
): Promise<string> {
  const input: NewsletterSyncInput = { subscriberId: subscriber.id, revision: subscriber.revision, policy };
  const workflowId = workflowIds.newsletterSync(subscriber.email);
  await client.withDeadline(Date.now() + SYNC_START_DEADLINE_MS, () =>
    client.workflow.start<Workflows['newsletterSyncWorkflow']>('newsletterSyncWorkflow', {
      taskQueue: config.temporal.taskQueue,
      workflowId,
      args: [input],
      workflowIdConflictPolicy: WorkflowIdConflictPolicy.TERMINATE_EXISTING,
    }),
  );
  return workflowId;
}
