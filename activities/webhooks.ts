/**
 * Webhook activities: one delivery attempt per call, recorded whatever its outcome. HTTP failures are
 * outcomes, not exceptions (the workflow decides when to try again, so every attempt is recorded with
 * its own backoff); only infrastructure errors (database down) throw and are retried by Temporal.
 */
import { ApplicationFailure } from '@temporalio/activity';
import { webhookSecretOf } from '../src/modules/identity/client-registrations';
import { deliverOnce } from '../src/modules/webhooks/webhook-delivery';
import { findWebhookEvent, finishWebhookEvent, recordAttempt, type AttemptRecord } from '../src/modules/webhooks/webhook-event.store';
import type { ActivityDeps } from './deps';
import { whileHeartbeating } from './heartbeating';

export function createWebhookActivities(deps: ActivityDeps) {
  return {
    async attemptWebhookDelivery(input: { eventId: string; attempt: number }): Promise<AttemptRecord> {
      const em = deps.orm.em.fork();
      const event = await findWebhookEvent(em, input.eventId);
      if (!event) throw ApplicationFailure.nonRetryable(`webhook event ${input.eventId} not found`, 'EventNotFound');
      const secret = await webhookSecretOf(em, deps.config.auth.encryptionKey, event.clientId);
      // Heartbeat while the receiver answers, so an attempt lost with its worker is retried within seconds.
      const outcome = await whileHeartbeating(() => deliverOnce(event, secret, input.attempt, deps.config.webhooks));
      await recordAttempt(em, event.id, outcome);
      deps.logger.info({ eventId: event.id, attempt: input.attempt, outcome: outcome.outcome, status: outcome.statusCode }, 'webhook attempt');
      return outcome;
    },

    async finishWebhook(input: { eventId: string; status: 'delivered' | 'failed' }): Promise<void> {
      await finishWebhookEvent(deps.orm.em.fork(), input.eventId, input.status);
    },
  };
}

export type WebhookActivities = ReturnType<typeof createWebhookActivities>;
