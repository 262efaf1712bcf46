/** Every route of the API, mounted in one place. */
import type { AppDeps } from '../../deps';
import type { HealthProbes } from '../../modules/health/health.service';
import type { OpenApiDocument } from '../openapi';
import type { AnyRoute } from '../route';
import { batchRoutes } from './batches/batches.routes';
import { caseRoutes } from './cases/cases.routes';
import { methodologyRoutes } from './trust-score/methodology.routes';
import { trustScoreRoutes } from './trust-score/trust-score.routes';
import { feedRoutes } from './feeds/feeds.routes';
import { pricingRoutes } from './credits/pricing.routes';
import { manifestRoutes } from './manifest/manifest.routes';
import { acpRoutes } from './acp/acp.routes';
import { walletRoutes } from './acp/wallets.routes';
import { creditRoutes } from './credits/credits.routes';
import { invoiceRoutes } from './credits/invoices.routes';
import { checkoutRoutes } from './psp/checkout.routes';
import { pspWebhookRoutes } from './psp/psp-webhook.routes';
import { webhookRoutes } from './webhooks/webhooks.routes';
import { monitoringRoutes } from './monitoring/monitoring.routes';
import { newsletterRoutes } from './newsletter/newsletter.routes';
import { docsRoutes } from './docs/docs.routes';
import { eligibilityRoutes } from './eligibility/eligibility.routes';
import { askRoutes } from './ask/ask.routes';
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
  const { config, identity, limiter, services } = deps.app;
  return [
    ...rootRoutes(),
    ...healthRoutes(deps.probes),
    ...oauthRoutes({ config, tokens: identity.tokens, keys: identity.keys, limiter, failures: identity.tokenFailures, secretHashing: identity.secretHashing }),
    ...protectedResourceRoutes(config),
    ...whoamiRoutes(),
    ...scanRoutes(services.screening.scans, config.credits.chargeChecks, services.lowCredit),
    ...batchRoutes(services.batches),
    ...webhookRoutes(),
    ...monitoringRoutes(config),
    ...caseRoutes(services.cases, identity.keys),
    ...eligibilityRoutes(),
    ...askRoutes(services.ask),
    ...methodologyRoutes(),
    ...trustScoreRoutes(services.trustScore),
    ...feedRoutes(),
    ...pricingRoutes(),
    ...manifestRoutes(config, () => 'live'),
    ...acpRoutes(services.acpJobs, services.walletGate, limiter),
    ...walletRoutes(services.bonds),
    ...creditRoutes(),
    ...invoiceRoutes(config),
    ...checkoutRoutes(services.checkout),
    ...pspWebhookRoutes(config, services.providerEvents),
    ...newsletterRoutes(config, deps.app.temporal.client),
    ...docsRoutes(deps.document),
  ];
}
