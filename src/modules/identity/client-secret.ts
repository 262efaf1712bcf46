/**
 * Client secrets are shown once and stored only as a slow salted hash (scrypt), so a database leak does
 * not reveal working credentials. Webhook secrets are random too, but stored sealed (the service signs
 * with them).
 */
import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const scrypt = (password: string, salt: Buffer, keylen: number, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) =>
    scryptCallback(password, salt, keylen, options, (err, key) => (err ? reject(err) : resolve(key))),
  );

/** Cost parameters: N=2^15 takes tens of milliseconds per guess, which is the point. */
export const SCRYPT_PARAMS = { N: 32_768, r: 8, p: 1, keylen: 32 } as const;

export function generateClientSecret(): string {
  return `cs_${randomBytes(32).toString('base64url')}`;
}

export function generateWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

/** `scrypt$N$r$p$salt$hash`, all parameters kept so they can be raised later without breaking old hashes. */
export async function hashClientSecret(secret: string): Promise<string> {
  const salt = randomBytes(16);
  const { N, r, p, keylen } = SCRYPT_PARAMS;
  const hash = await scrypt(secret, salt, keylen, { N, r, p, maxmem: 64 * 1024 * 1024 });
  return ['scrypt', N, r, p, salt.toString('base64url'), hash.toString('base64url')].join('$');
}

export async function verifyClientSecret(secret: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const actual = await scrypt(secret, Buffer.from(salt, 'base64url'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: 64 * 1024 * 1024,
  });
  return timingSafeEqual(expected, actual);
}
