import { describe, expect, it } from 'vitest';
import { signTimestamped, signWebhookBody, verifyTimestampedSignature, verifyWebhookSignature } from '../../../src/modules/webhooks/signature';

const secret = 'whsec_test';
const body = Buffer.from('{"event":"batch.completed","timestamp":"2026-11-25T00:00:00.000Z","data":{"job_id":"j"}}');

describe('webhook signatures', () => {
  it('keeps the spec header: HMAC-SHA256 of the raw body', () => {
    expect(verifyWebhookSignature(body, signWebhookBody(body, secret), secret)).toBe(true);
    expect(verifyWebhookSignature(body, signWebhookBody(body, secret), 'whsec_other')).toBe(false);
  });

  it('binds the second signature to its timestamp, and refuses a delivery replayed later', () => {
    const sent = 1_795_000_000;
    const header = signTimestamped(body, secret, sent);
    expect(header).toMatch(/^t=1795000000,v1=[0-9a-f]{64}$/);
    expect(verifyTimestampedSignature(body, header, secret, { nowSeconds: sent + 30 })).toBe(true);
    expect(verifyTimestampedSignature(body, header, secret, { nowSeconds: sent + 301 })).toBe(false); // a replay an hour on
    expect(verifyTimestampedSignature(body, header.replace('t=1795000000', `t=${sent + 600}`), secret, { nowSeconds: sent + 600 })).toBe(false); // a forged fresh t
    expect(verifyTimestampedSignature(Buffer.from(body.toString().replace('"j"', '"k"')), header, secret, { nowSeconds: sent })).toBe(false);
    expect(verifyTimestampedSignature(body, undefined, secret)).toBe(false);
  });
});
