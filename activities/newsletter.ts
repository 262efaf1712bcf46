/**
 * The newsletter sync's activities: one push of a subscriber to the email provider (the attempt is
 * counted on the row first; a provider refusal is non-retryable), and recording the run's outcome.
 * Both take the row's id and revision only, so the address never enters Temporal's history.
 */
import { ApplicationFailure } from '@temporalio/activity';
import { EmailProviderRejectedError, pushSubscriber } from '../src/modules/newsletter/email-provider';
import { claimSyncAttempt, recordSyncOutcome } from '../src/modules/newsletter/subscriber.store';
import type { ActivityDeps } from './deps';

const PROVIDER_TIMEOUT_MS = 10_000;

export function createNewsletterActivities(deps: ActivityDeps) {
  const settings = deps.config.newsletter;
  return {
    /** `superseded`: a newer sign-up (with its own run) replaced this revision, or the row is gone; nothing was sent. */
    async pushNewsletterSubscriber(input: { subscriberId: string; revision: number }): Promise<'pushed' | 'superseded' | 'not_configured'> {
      if (!settings.syncUrl) return 'not_configured';
      const subscriber = await claimSyncAttempt(deps.orm.em.fork(), input.subscriberId, input.revision);
      if (!subscriber) return 'superseded';
      try {
        await pushSubscriber({ url: settings.syncUrl, apiKey: settings.syncApiKey, timeoutMs: PROVIDER_TIMEOUT_MS }, subscriber);
      } catch (err) {
        if (err instanceof EmailProviderRejectedError) throw ApplicationFailure.nonRetryable(err.message, 'EmailProviderRejected');
        throw err;
      }
      return 'pushed';
    },

    async recordNewsletterSync(input: { subscriberId: string; revision: number; status: 'synced' | 'failed' | 'not_configured'; error: string | null }): Promise<{ recorded: boolean }> {
      const recorded = await recordSyncOutcome(deps.orm.em.fork(), { id: input.subscriberId, revision: input.revision, status: input.status, error: input.error });
      return { recorded };
    },
  };
}

export type NewsletterActivities = ReturnType<typeof createNewsletterActivities>;
