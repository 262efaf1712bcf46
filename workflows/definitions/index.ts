/**
 * The Temporal contract: every workflow by the name the worker registers it under, with its input and
 * result, and (in the file per workflow beside this one) the signals and queries it answers. Workflows,
 * activities, the domain, the CLI and the Schedules import it, so a start, a signal or a query that does
 * not fit the workflow fails the type check instead of the run:
 *
 *   client.workflow.start<Workflows['checkoutWorkflow']>('checkoutWorkflow', { args: [input], … })
 *   handle.signal(providerEventSignal, event)
 *
 * It holds no workflow code (callers must not load it), and `workflows/implements-contract.ts` checks
 * that what `workflows/index.ts` registers is exactly what is declared here.
 */
import type { AbnLookupAnswer, AbnLookupInput } from './abn-lookup';
import type { AbuseMonitorInput } from './abuse-monitor';
import type { AcpJob, AcpJobInput } from './acp-job';
import type { BatchProgress, BatchScreeningInput } from './batch-screening';
import type { BondInput, BondState } from './verification-bond';
import type { CheckoutResult, CheckoutWorkflowInput } from './checkout';
import type { MonitoringSweepInput, SweepTotals } from './monitoring-sweep';
import type { FullRescreenInput, RescreenRangeInput, RescreenTotals } from './full-rescreen';
import type { NewsletterSyncInput, NewsletterSyncResult } from './newsletter-sync';
import type { PlatformCheckResult } from './platform-check';
import type { RecoveryInput, RecoveryResult } from './stranded-work-recovery';
import type { RefreshResult, RefreshWorkflowInput } from './watchlist-refresh';
import type { RegisterLoadOutcome, RegisterRefreshInput } from './register-refresh';
import type { WebhookDeliveryInput, WebhookDeliveryResult } from './webhook-delivery';

export * from './abn-lookup';
export * from './abuse-monitor';
export * from './acp-job';
export * from './batch-screening';
export * from './checkout';
export * from './monitoring-sweep';
export * from './full-rescreen';
export * from './newsletter-sync';
export * from './platform-check';
export * from './register-refresh';
export * from './stranded-work-recovery';
export * from './verification-bond';
export * from './watchlist-refresh';
export * from './webhook-delivery';

/** Every workflow the worker registers, by its registered name (its export name in workflows/index.ts). */
export interface Workflows {
  platformCheckWorkflow: () => Promise<PlatformCheckResult>;
  watchlistRefreshWorkflow: (input: RefreshWorkflowInput) => Promise<RefreshResult>;
  batchScreeningWorkflow: (input: BatchScreeningInput) => Promise<BatchProgress>;
  webhookDeliveryWorkflow: (input: WebhookDeliveryInput) => Promise<WebhookDeliveryResult>;
  monitoringSweepWorkflow: (input: MonitoringSweepInput) => Promise<SweepTotals>;
  fullRescreenWorkflow: (input: FullRescreenInput) => Promise<RescreenTotals>;
  rescreenRangeWorkflow: (input: RescreenRangeInput) => Promise<RescreenTotals>;
  strandedWorkRecoveryWorkflow: (input: RecoveryInput) => Promise<RecoveryResult>;
  registerRefreshWorkflow: (input: RegisterRefreshInput) => Promise<RegisterLoadOutcome>;
  abnLookupWorkflow: (input: AbnLookupInput) => Promise<AbnLookupAnswer>;
  checkoutWorkflow: (input: CheckoutWorkflowInput) => Promise<CheckoutResult>;
  acpJobWorkflow: (input: AcpJobInput) => Promise<AcpJob>;
  acpReputationWorkflow: (input: AcpJobInput) => Promise<Record<string, unknown>>;
  newsletterSyncWorkflow: (input: NewsletterSyncInput) => Promise<NewsletterSyncResult>;
  abuseMonitorWorkflow: (input: AbuseMonitorInput) => Promise<void>;
  verificationBondWorkflow: (input: BondInput) => Promise<BondState>;
}

export type WorkflowName = keyof Workflows;
