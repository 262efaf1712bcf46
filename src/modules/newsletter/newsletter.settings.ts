/** The newsletter: Turnstile verification when a secret is set; a best-effort sync to an email provider when a URL is set. */
import { z } from 'zod';
import { optionalString } from '../../schemas/environment-values';

/** The variables this slice reads (documented with their defaults in .env.example). */
export const newsletterEnvironment = z.object({
  TURNSTILE_SECRET: optionalString,
  TURNSTILE_VERIFY_URL: z.url().default('https://challenges.cloudflare.com/turnstile/v0/siteverify'),
  NEWSLETTER_SYNC_URL: optionalString.pipe(z.url().optional()),
  NEWSLETTER_SYNC_API_KEY: optionalString,
  RATE_LIMIT_NEWSLETTER_PER_MINUTE: z.coerce.number().int().min(1).default(10),
});

export function newsletterSettings(e: z.output<typeof newsletterEnvironment>) {
  return {
    turnstileSecret: e.TURNSTILE_SECRET,
    turnstileVerifyUrl: e.TURNSTILE_VERIFY_URL,
    syncUrl: e.NEWSLETTER_SYNC_URL,
    syncApiKey: e.NEWSLETTER_SYNC_API_KEY,
    perMinute: e.RATE_LIMIT_NEWSLETTER_PER_MINUTE,
  };
}
