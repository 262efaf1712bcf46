/**
 * Webhook signatures (spec: Events): `X-Service-Signature: sha256=<hex>`, the HMAC-SHA256 of the raw
 * body bytes keyed with the client's webhook secret. That signature says nothing of *when*: a body
 * captured once verifies for ever. So every delivery also carries `X-Service-Signature-V2:
 * t=<unix seconds>,v1=<hex>`, the HMAC of `<t>.<raw body>`: a receiver that checks it and refuses a
 * `t` outside a few minutes of its clock cannot be replayed an old delivery.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** How far a timestamped signature's `t` may be from the receiver's clock by default. */
export const DEFAULT_SIGNATURE_TOLERANCE_SECONDS = 300;

export function signWebhookBody(body: string | Buffer, secret: string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

/** The timestamped signature header value for a delivery attempted at `timestamp` (Unix seconds). */
export function signTimestamped(body: string | Buffer, secret: string, timestamp: number): string {
  const mac = createHmac('sha256', secret).update(`${timestamp}.`).update(body).digest('hex');
  return `t=${timestamp},v1=${mac}`;
}

const sameText = (a: string, b: string) => {
  const [x, y] = [Buffer.from(a), Buffer.from(b)];
  return x.length === y.length && timingSafeEqual(x, y);
};

/** What a receiver does; kept here so our tests verify exactly as docs/api/batches-and-webhooks.md tells receivers to. */
export function verifyWebhookSignature(body: Buffer, header: string | undefined, secret: string): boolean {
  if (!header?.startsWith('sha256=')) return false;
  return sameText(signWebhookBody(body, secret), header);
}

/** Verifies `X-Service-Signature-V2` and that its timestamp is within `toleranceSeconds` of `nowSeconds`. */
export function verifyTimestampedSignature(
  body: Buffer,
  header: string | undefined,
  secret: string,
  options: { nowSeconds?: number; toleranceSeconds?: number } = {},
): boolean {
  const match = /^t=(\d{1,12}),v1=([0-9a-f]{64})$/.exec(header ?? '');
  if (!match) return false;
  const timestamp = Number(match[1]);
  const now = options.nowSeconds ?? Math.floor(Date.now() / 1000);
  if (Math.abs(now - timestamp) > (options.toleranceSeconds ?? DEFAULT_SIGNATURE_TOLERANCE_SECONDS)) return false;
  return sameText(signTimestamped(body, secret, timestamp), header!);
}
