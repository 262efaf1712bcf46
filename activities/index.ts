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
import { createAcpEscrowActivities } from './acp-escrow';
import { createAcpReputationActivities } from './acp-reputation';
import { createAbuseActivities } from './abuse';
import { createBondActivities } from './bond';

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
    ...createAcpEscrowActivities(deps),
    ...createAcpReputationActivities(deps),
    ...createAbuseActivities(deps),
    ...createBondActivities(deps),
  };
}

export type Activities = ReturnType<typeof createActivities>;
