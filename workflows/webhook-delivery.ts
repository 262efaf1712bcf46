/**
 * Delivering one webhook event (`webhook-<event_id>`): attempt, and on a retryable outcome wait with
 * exponential backoff (30 s doubling to 1 h by default) until delivered, refused for good, or the
 * give-up window (24 h by default) has passed. The timer is durable: a worker restart loses nothing.
 */
import { proxyActivities, sleep } from '@temporalio/workflow';
import type { WebhookActivities } from '../activities/webhooks';
import { infrastructureWork, webhookAttempt } from './activity-options';
import type { WebhookDeliveryInput, WebhookDeliveryResult } from './definitions';

const attempts = proxyActivities<WebhookActivities>(webhookAttempt);
const records = proxyActivities<WebhookActivities>(infrastructureWork);

export async function webhookDeliveryWorkflow(input: WebhookDeliveryInput): Promise<WebhookDeliveryResult> {
  const deadline = Date.now() + input.policy.giveUpAfterHours * 3_600_000; // Date.now() is deterministic in workflows
  let backoff = input.policy.initialBackoffSeconds;
  for (let attempt = 1; ; attempt += 1) {
    const outcome = await attempts.attemptWebhookDelivery({ eventId: input.eventId, attempt });
    if (outcome.outcome === 'delivered' || outcome.outcome === 'permanent_failure') {
      const status = outcome.outcome === 'delivered' ? 'delivered' : 'failed';
      await records.finishWebhook({ eventId: input.eventId, status });
      return { status, attempts: attempt };
    }
    if (Date.now() + backoff * 1000 > deadline) {
      await records.finishWebhook({ eventId: input.eventId, status: 'failed' });
      return { status: 'failed', attempts: attempt };
    }
    await sleep(backoff * 1000);
    backoff = Math.min(backoff * 2, input.policy.maxBackoffSeconds);
  }
}
