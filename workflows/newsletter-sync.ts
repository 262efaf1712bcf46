/**
 * A newsletter subscriber's best-effort sync to the email provider (`newsletter-sync-<sha256 prefix>`):
 * one activity that reads the subscriber's row and POSTs it, retried with backoff up to the input's
 * attempt cap, then the outcome (`synced`, or `failed` with the last error) recorded on the row. The
 * input holds only the row's id and revision, never the address: the Web UI shows inputs and ids.
 * A newer sign-up of the same address starts a fresh run (ending this one); a run whose revision was
 * superseded records nothing.
 */
import { ActivityFailure, proxyActivities } from '@temporalio/workflow';
import type { NewsletterActivities } from '../activities/newsletter';
import { emailProviderSync, infrastructureWork } from './activity-options';
import type { NewsletterSyncInput, NewsletterSyncResult } from './definitions';

const { recordNewsletterSync } = proxyActivities<NewsletterActivities>(infrastructureWork);

/** The last attempt's error, as the activity raised it (a status or a network error; never the address). */
function lastError(failure: ActivityFailure): string {
  const cause = failure.cause;
  return (cause?.message || failure.message || 'the sync activity failed').slice(0, 500);
}

export async function newsletterSyncWorkflow(input: NewsletterSyncInput): Promise<NewsletterSyncResult> {
  const { pushNewsletterSubscriber } = proxyActivities<NewsletterActivities>(emailProviderSync(input.policy));
  const target = { subscriberId: input.subscriberId, revision: input.revision };
  let outcome: Awaited<ReturnType<NewsletterActivities['pushNewsletterSubscriber']>>;
  try {
    outcome = await pushNewsletterSubscriber(target);
  } catch (err) {
    if (!(err instanceof ActivityFailure)) throw err;
    const { recorded } = await recordNewsletterSync({ ...target, status: 'failed', error: lastError(err) });
    return { status: 'failed', recorded };
  }
  if (outcome === 'superseded') return { status: 'superseded', recorded: false };
  const status = outcome === 'pushed' ? 'synced' : 'not_configured';
  const { recorded } = await recordNewsletterSync({ ...target, status, error: null });
  return { status, recorded };
}
