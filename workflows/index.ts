/** The one barrel the worker loads (workflowsPath): every workflow the service runs. */
export { platformCheckWorkflow } from './platform-check';
export { watchlistRefreshWorkflow } from './watchlist-refresh';
export { batchScreeningWorkflow } from './batch-screening';
export { webhookDeliveryWorkflow } from './webhook-delivery';
export { monitoringSweepWorkflow } from './monitoring-sweep';
export { fullRescreenWorkflow, rescreenRangeWorkflow } from './full-rescreen';
export { strandedWorkRecoveryWorkflow } from './stranded-work-recovery';
export { registerRefreshWorkflow } from './register-refresh';
export { abnLookupWorkflow } from './abn-lookup';
export { checkoutWorkflow } from './checkout';
export { acpJobWorkflow } from './acp-job';
export { newsletterSyncWorkflow } from './newsletter-sync';
export { acpReputationWorkflow } from './acp-job';
export { abuseMonitorWorkflow } from './abuse-monitor';
export { verificationBondWorkflow } from './verification-bond';
