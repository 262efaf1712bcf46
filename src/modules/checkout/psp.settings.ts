/** The payment provider (Stripe's API; locally its official mock) and the checkout it confirms. */
import { z } from 'zod';
import { optionalString } from '../../schemas/environment-values';
import type { SettingProblem } from '../../schemas/environment-values';

/** The variables this slice reads (documented with their defaults in .env.example). */
export const pspEnvironment = z.object({
  PSP_SECRET_KEY: optionalString,
  PSP_WEBHOOK_SECRET: optionalString,
  PSP_API_BASE_URL: optionalString.pipe(z.url().optional()),
  PSP_WEBHOOK_TOLERANCE_SECONDS: z.coerce.number().int().min(1).max(3_600).default(300),
  STRIPE_MOCK_PATH: optionalString,
  CHECKOUT_SUCCESS_URL: optionalString.pipe(z.url().optional()),
  CHECKOUT_CANCEL_URL: optionalString.pipe(z.url().optional()),
  CHECKOUT_CONFIRM_WINDOW_HOURS: z.coerce.number().min(0.001).default(24 * 15),
  CHECKOUT_START_DEADLINE_MS: z.coerce.number().int().min(100).max(60_000).default(5_000),
});

/**
 * `apiBaseUrl` points the SDK at another host (stripe-mock); without `secretKey` checkout answers 501.
 * `confirmWindowHours`: how long a checkout workflow waits for the provider's confirmation (session
 * expiry plus delayed payments). The return URLs default to pages of `publicBaseUrl`.
 */
export function pspSettings(e: z.output<typeof pspEnvironment>, publicBaseUrl: string) {
  return {
    secretKey: e.PSP_SECRET_KEY,
    webhookSecret: e.PSP_WEBHOOK_SECRET,
    apiBaseUrl: e.PSP_API_BASE_URL,
    webhookToleranceSeconds: e.PSP_WEBHOOK_TOLERANCE_SECONDS,
    stripeMockPath: e.STRIPE_MOCK_PATH,
    successUrl: e.CHECKOUT_SUCCESS_URL ?? `${publicBaseUrl}/checkout/complete?session_id={CHECKOUT_SESSION_ID}`,
    cancelUrl: e.CHECKOUT_CANCEL_URL ?? `${publicBaseUrl}/checkout/cancelled`,
    confirmWindowHours: e.CHECKOUT_CONFIRM_WINDOW_HOURS,
    startDeadlineMs: e.CHECKOUT_START_DEADLINE_MS,
  };
}

/** A provider key without the webhook secret could take payments that nothing ever confirms. */
export function pspKeyNeedsWebhookSecret(e: z.output<typeof pspEnvironment>): SettingProblem[] {
  return e.PSP_SECRET_KEY && !e.PSP_WEBHOOK_SECRET ? [{ variable: 'PSP_WEBHOOK_SECRET', message: 'required with PSP_SECRET_KEY: without it no payment can ever be confirmed' }] : [];
}
