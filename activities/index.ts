/** createActivities(deps): every activity group merged into the object the worker registers. */
import type { ActivityDeps } from './deps';
import { createPlatformActivities } from './platform';
import { createWatchlistActivities } from './watchlists';
import { createBatchActivities } from './batches';
import { createWebhookActivities } from './webhooks';
import { createMonitoringActivities } from './monitoring';
import { createRecoveryActivities } from './recovery';
import { createRegisterActivities } from './registers';
import { createAbnLookupActivities } from './abn-lookup';
import { createCheckoutActivities } from './checkout';
import { createNewsletterActivities } from './newsletter';
import { createAcpActivities } from './acp';

export type { ActivityDeps } from './deps';

export function createActivities(deps: ActivityDeps) {
  return {
    ...createPlatformActivities(deps),
    ...createWatchlistActivities(deps),
    ...createBatchActivities(deps),
    ...createWebhookActivities(deps),
    ...createMonitoringActivities(deps),
    ...createRecoveryActivities(deps),
    ...createRegisterActivities(deps),
    ...createAbnLookupActivities(deps),
    ...createCheckoutActivities(deps),
    ...createNewsletterActivities(deps),
    ...createAcpActivities(deps),
  };
}

export type Activities = ReturnType<typeof createActivities>;
