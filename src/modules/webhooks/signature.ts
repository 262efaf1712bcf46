/**
 * Webhook signatures (spec: Events): `X-Service-Signature: sha256=<hex>`, the HMAC-SHA256 of the raw
 * body bytes keyed with the client's webhook secret.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export function signWebhookBody(body: string | Buffer, secret: string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

/** What a receiver does; kept here so our tests verify exactly as the README tells receivers to. */
export function verifyWebhookSignature(body: Buffer, header: string | undefined, secret: string): boolean {
  if (!header?.startsWith('sha256=')) return false;
  const expected = Buffer.from(signWebhookBody(body, secret));
  const actual = Buffer.from(header);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
