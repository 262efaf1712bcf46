/**
 * The environment, parsed once at boot. Each concern declares its variables once, in a settings slice
 * beside its module (`*.settings.ts`: a zod object and the function that shapes its slice); this file
 * composes them, names the rules that span variables, and infers `AppConfig` from the result. A bad or
 * missing value stops the process with every problem listed at once, so an operator fixes the whole
 * `.env` in one go. Nothing else in the code base reads `process.env`.
 */
import { z } from 'zod';
import { dbEnvironment, dbSettings } from './db/db.settings';
import { httpEnvironment, httpSettings } from './http/http.settings';
import { acpEnvironment, acpSettings, paymentSafeForProduction } from './modules/acp/acp.settings';
import { askEnvironment, askSettings, llmProviderNeedsItsConnection } from './modules/ask/ask.settings';
import { batchEnvironment, batchSettings, recoverySettings } from './modules/batches/batch.settings';
import { auditEnvironment, auditSettings } from './modules/cases/audit.settings';
import { pspEnvironment, pspKeyNeedsWebhookSecret, pspSettings } from './modules/checkout/psp.settings';
import { creditsEnvironment, creditSettings } from './modules/credits/credits.settings';
import { sellerEnvironment, sellerSettings } from './modules/finance/seller.settings';
import { identityEnvironment, authSettings } from './modules/identity/identity.settings';
import { monitoringEnvironment, monitoringSettings } from './modules/monitoring/monitoring.settings';
import { newsletterEnvironment, newsletterSettings } from './modules/newsletter/newsletter.settings';
import { rateLimitsEnvironment, rateLimitSettings } from './modules/rate-limits/rate-limits.settings';
import { registersEnvironment, registerSettings } from './modules/registers/registers.settings';
import { pipelineEnvironment, pipelineSettings } from './modules/watchlists/pipeline.settings';
import { webhooksEnvironment, webhookSettings } from './modules/webhooks/webhooks.settings';
import { redisEnvironment, redisSettings } from './redis.settings';
import { type SettingProblem } from './schemas/environment-values';
import { processEnvironment, processSettings } from './process.settings';
import { screeningEnvironment, matchingSettings } from './modules/screening/screening.settings';
import { temporalEnvironment, temporalSettings } from './temporal/temporal.settings';

export { temporalAddress } from './temporal/temporal.settings';
export type { ListUrls } from './modules/watchlists/pipeline.settings';

/** Every variable the service reads, each declared once in its slice (`.env.example` documents them all). */
export const environmentSchema = z.object({
  ...processEnvironment.shape,
  ...httpEnvironment.shape,
  ...screeningEnvironment.shape,
  ...dbEnvironment.shape,
  ...redisEnvironment.shape,
  ...temporalEnvironment.shape,
  ...identityEnvironment.shape,
  ...auditEnvironment.shape,
  ...rateLimitsEnvironment.shape,
  ...pipelineEnvironment.shape,
  ...registersEnvironment.shape,
  ...creditsEnvironment.shape,
  ...pspEnvironment.shape,
  ...askEnvironment.shape,
  ...acpEnvironment.shape,
  ...newsletterEnvironment.shape,
  ...sellerEnvironment.shape,
  ...monitoringEnvironment.shape,
  ...batchEnvironment.shape,
  ...webhooksEnvironment.shape,
});

export type Environment = z.output<typeof environmentSchema>;

/** Production never runs on the development keys that encrypt secrets and anchor the audit chain. */
function keysRequiredInProduction(e: Environment): SettingProblem[] {
  if (e.NODE_ENV !== 'production') return [];
  return (['SECRETS_ENCRYPTION_KEY', 'AUDIT_ANCHOR_KEY'] as const).filter((variable) => !e[variable]).map((variable) => ({ variable, message: 'required in production' }));
}

/** The rules that span variables, each named for what it keeps from happening. */
const crossFieldRules: ((e: Environment) => SettingProblem[])[] = [
  keysRequiredInProduction,
  llmProviderNeedsItsConnection,
  (e) => (e.NODE_ENV === 'production' ? paymentSafeForProduction(e) : []),
  pspKeyNeedsWebhookSecret,
];

/** The environment, checked and shaped into one slice per concern. */
const configSchema = environmentSchema
  .superRefine((e, ctx) => {
    for (const rule of crossFieldRules) for (const problem of rule(e)) ctx.addIssue({ code: 'custom', path: [problem.variable], message: problem.message });
  })
  .transform((e) => {
    const http = httpSettings(e);
    return {
      ...processSettings(e),
      http,
      matching: matchingSettings(e),
      db: dbSettings(e),
      redis: redisSettings(e),
      temporal: temporalSettings(e),
      auth: authSettings(e, e.PUBLIC_BASE_URL),
      audit: auditSettings(e),
      rateLimits: rateLimitSettings(e),
      pipeline: pipelineSettings(e),
      registers: registerSettings(e),
      credits: creditSettings(e),
      psp: pspSettings(e, http.publicBaseUrl),
      ask: askSettings(e),
      acp: acpSettings(e),
      newsletter: newsletterSettings(e),
      seller: sellerSettings(e),
      monitoring: monitoringSettings(e),
      batch: batchSettings(e),
      recovery: recoverySettings(e),
      webhooks: webhookSettings(e),
    };
  });

/** The parsed configuration, one slice per concern: what the schema gives, never declared again by hand. */
export type AppConfig = z.output<typeof configSchema>;

/** Raised when the environment does not parse; carries every problem, one per line. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Parses an environment (default: `process.env`) into the config, or throws ConfigError listing every problem. */
export function loadConfig(source: Record<string, string | undefined> = process.env): AppConfig {
  const parsed = configSchema.safeParse(source);
  if (!parsed.success) throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`));
  return parsed.data;
}

/** For entry points: load the config or print every problem and exit non-zero. */
export function loadConfigOrExit(): AppConfig {
  try {
    return loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(78); // EX_CONFIG
    }
    throw err;
  }
}
