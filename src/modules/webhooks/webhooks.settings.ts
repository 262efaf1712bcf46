/** Webhook deliveries: the request timeout, the durable backoff, and which targets may be reached. */
import { z } from 'zod';
import { bool, optionalString } from '../../schemas/environment-values';

/** The variables this slice reads (documented with their defaults in .env.example). */
export const webhooksEnvironment = z.object({
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  WEBHOOK_INITIAL_BACKOFF_SECONDS: z.coerce.number().min(0.1).default(30),
  WEBHOOK_MAX_BACKOFF_SECONDS: z.coerce.number().min(0.1).default(3_600),
  WEBHOOK_GIVE_UP_AFTER_HOURS: z.coerce.number().min(0.001).default(24),
  WEBHOOK_ALLOW_PRIVATE_TARGETS: bool.default(false),
  WEBHOOK_CA_BUNDLE_PATH: optionalString,
});

export function webhookSettings(e: z.output<typeof webhooksEnvironment>) {
  return {
    timeoutMs: e.WEBHOOK_TIMEOUT_MS,
    initialBackoffSeconds: e.WEBHOOK_INITIAL_BACKOFF_SECONDS,
    maxBackoffSeconds: e.WEBHOOK_MAX_BACKOFF_SECONDS,
    giveUpAfterHours: e.WEBHOOK_GIVE_UP_AFTER_HOURS,
    /** Tests and self-hosters on private networks only: allow loopback/private/link-local targets. */
    allowPrivateTargets: e.WEBHOOK_ALLOW_PRIVATE_TARGETS,
    /** Extra PEM CA bundle trusted for webhook HTTPS (internal CAs). */
    caBundlePath: e.WEBHOOK_CA_BUNDLE_PATH,
  };
}
