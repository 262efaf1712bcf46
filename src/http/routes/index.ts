/** Every route of the API, mounted in one place. */
import type { AppDeps } from '../../deps';
import type { HealthProbes } from '../../modules/health/health.service';
import type { OpenApiDocument } from '../openapi';
import type { AnyRoute } from '../route';
import { batchRoutes } from './batches/batches.routes';
import { caseRoutes } from './cases/cases.routes';
import { methodologyRoutes } from './trust-score/methodology.routes';
import { trustScoreRoutes } from './trust-score/trust-score.routes';
import { TrustScoreService } from '../../modules/trust/trust-score.service';
import { abnLookupFor } from '../../modules/trust/abn-lookup.service';
import { feedRoutes } from './feeds/feeds.routes';
import { pricingRoutes } from './credits/pricing.routes';
import { manifestRoutes } from './manifest/manifest.routes';
import { acpRoutes } from './acp/acp.routes';
import { walletRoutes } from './acp/wallets.routes';
import { AbuseMonitorClient } from '../../modules/acp/abuse/abuse-monitor-client';
import { WalletBlocklist } from '../../modules/acp/abuse/blocklist';
import { BondService } from '../../modules/acp/bond/bond.service';
import { WalletGate } from '../../modules/acp/bond/wallet-gate';
import { AcpJobService } from '../../modules/acp/acp-job.service';
import { creditRoutes } from './credits/credits.routes';
import { invoiceRoutes } from './credits/invoices.routes';
import { checkoutRoutes } from './psp/checkout.routes';
import { pspWebhookRoutes } from './psp/psp-webhook.routes';
import { CheckoutService } from '../../modules/checkout/checkout.service';
import { ProviderEvents } from '../../modules/checkout/provider-events';
import { createPspClient } from '../../modules/checkout/psp-client';
import { webhookRoutes } from './webhooks/webhooks.routes';
import { monitoringRoutes } from './monitoring/monitoring.routes';
import { newsletterRoutes } from './newsletter/newsletter.routes';
import { BatchService } from '../../modules/batches/batch.service';
import { LowCreditNotifier } from '../../modules/credits/low-credit';
import { docsRoutes } from './docs/docs.routes';
import { CaseService } from '../../modules/cases/case.service';
import { eligibilityRoutes } from './eligibility/eligibility.routes';
import { askRoutes } from './ask/ask.routes';
import { AskService } from '../../modules/ask/ask.service';
import { healthRoutes } from './health/health.routes';
import { oauthRoutes } from './oauth/oauth.routes';
import { protectedResourceRoutes } from './oauth/protected-resource.routes';
import { rootRoutes } from './root/root.routes';
import { scanRoutes } from './scans/scans.routes';
import { whoamiRoutes } from './whoami/whoami.routes';

export interface RouteDeps {
  app: AppDeps;
  probes: HealthProbes;
  document: () => OpenApiDocument;
}

export function allRoutes(deps: RouteDeps): AnyRoute[] {
  const { config, identity, limiter } = deps.app;
  const lowCredit = new LowCreditNotifier(deps.app.temporal.client, config, deps.app.logger);
  const abuseMonitor = new AbuseMonitorClient(deps.app.temporal.client, config, deps.app.logger);
  const walletBlocklist = new WalletBlocklist(config.acp.walletBlocklistFile, { logger: deps.app.logger });
  return [
    ...rootRoutes(),
    ...healthRoutes(deps.probes),
    ...oauthRoutes({ config, tokens: identity.tokens, keys: identity.keys, limiter, failures: identity.tokenFailures, secretHashing: identity.secretHashing }),
    ...protectedResourceRoutes(config),
    ...whoamiRoutes(),
    ...scanRoutes(deps.app.screening.scans, config.credits.chargeChecks, lowCredit),
    ...batchRoutes(new BatchService(deps.app.temporal.client, config, {}, lowCredit)),
    ...webhookRoutes(),
    ...monitoringRoutes(config),
    ...caseRoutes(new CaseService(config.audit.anchorKey, {}, (accountId) => deps.app.screening.scans.forgetRulings(accountId)), identity.keys),
    ...eligibilityRoutes(),
    ...askRoutes(new AskService(config.ask, deps.app.logger)),
    ...methodologyRoutes(),
    ...trustScoreRoutes(
      new TrustScoreService(deps.app.screening.scans, deps.app.redis, config.redis.keyPrefix, deps.app.logger, abnLookupFor(config, deps.app.temporal.client, deps.app.logger)),
    ),
    ...feedRoutes(),
    ...pricingRoutes(),
    ...manifestRoutes(config, () => 'live'),
    ...acpRoutes(new AcpJobService(deps.app.temporal.client, config, deps.app.logger, deps.app.chain, abuseMonitor), new WalletGate(walletBlocklist, abuseMonitor, config), limiter),
    ...walletRoutes(new BondService(deps.app.temporal.client, config, deps.app.chain, walletBlocklist)),
    ...creditRoutes(),
    ...invoiceRoutes(config),
    ...checkoutRoutes(new CheckoutService(createPspClient(config.psp), deps.app.temporal.client, config, deps.app.logger)),
    ...pspWebhookRoutes(config, new ProviderEvents(deps.app.temporal.client, config, deps.app.logger, lowCredit)),
    ...newsletterRoutes(config, deps.app.temporal.client),
    ...docsRoutes(deps.document),
  ];
}
