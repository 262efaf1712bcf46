import { describe, expect, it } from 'vitest';
import { generateClientSecret, hashClientSecret, verifyClientSecret } from '../../../src/modules/identity/client-secret';
import { open, seal } from '../../../src/modules/identity/secret-box';

describe('client secrets and sealed secrets', () => {
  it('hashes with a salt, so the same secret hashes differently, and verifies only the right secret', async () => {
    const secret = generateClientSecret();
    const [a, b] = await Promise.all([hashClientSecret(secret), hashClientSecret(secret)]);
    expect(a).not.toBe(b);
    expect(a).not.toContain(secret);
    expect(await verifyClientSecret(secret, a)).toBe(true);
    expect(await verifyClientSecret(`${secret}x`, a)).toBe(false);
    expect(await verifyClientSecret(secret, 'garbage')).toBe(false);
  });

  it('seals and opens with the key, and detects tampering', () => {
    const key = Buffer.alloc(32, 7);
    const sealed = seal('whsec_abc', key);
    expect(sealed).not.toContain('whsec_abc');
    expect(open(sealed, key)).toBe('whsec_abc');
    const parts = sealed.split('.');
    parts[3] = Buffer.from('tampered').toString('base64url');
    expect(() => open(parts.join('.'), key)).toThrow();
    expect(() => open(sealed, Buffer.alloc(32, 8))).toThrow();
  });
});
