/**
 * The payment provider's official SDK (Stripe), configured once. In tests and local development it
 * points at stripe-mock through the SDK's own host, port and protocol options; nothing else in the
 * code knows where the provider lives.
 */
import Stripe from 'stripe';
import type { AppConfig } from '../../config';

export type Psp = Stripe;

/** The SDK client, or undefined when no secret key is configured (checkout then answers 503). */
export function createPspClient(config: AppConfig['psp']): Psp | undefined {
  if (!config.secretKey) return undefined;
  const base = config.apiBaseUrl ? new URL(config.apiBaseUrl) : undefined;
  const protocol = base?.protocol === 'http:' ? 'http' : 'https';
  return new Stripe(config.secretKey, {
    ...(base ? { host: base.hostname, port: Number(base.port || (protocol === 'http' ? 80 : 443)), protocol } : {}),
    maxNetworkRetries: 2,
    timeout: 10_000,
    appInfo: { name: 'compliance-intelligence-api' },
  });
}

/**
 * Verifies a webhook delivery's signature over the raw body with the SDK's `constructEvent` (HMAC
 * with the endpoint secret, and a timestamp no older than the tolerance, so a captured delivery cannot
 * be replayed later). Throws the SDK's signature error otherwise.
 */
export function verifyPspEvent(raw: string, signature: string, secret: string, toleranceSeconds: number): Stripe.Event {
  return Stripe.webhooks.constructEvent(raw, signature, secret, toleranceSeconds);
}
