/**
 * The canonical forms agent-job payments and abuse grouping rest on: a transaction hash has one
 * spelling, a payload one hash whatever its key order, and only a globally routable client address
 * groups wallets together.
 */
import { describe, expect, it } from 'vitest';
import { payloadHash } from '../../src/modules/acp/buyer-signature';
import { isGroupableAddress } from '../../src/modules/acp/abuse/source-ip-review';
import { canonicalTxHash } from '../../src/modules/acp/chain/tx-hash';
import { isTestNetwork } from '../../src/modules/acp/chain/client';

describe('agent-job canonical inputs', () => {
  it('spells every transaction hash one way, and refuses what is not one', () => {
    const lower = `0x${'ab'.repeat(32)}`;
    for (const spelling of [lower, lower.toUpperCase().replace('0X', '0x'), `0x${'aB'.repeat(32)}`]) expect(canonicalTxHash(spelling)).toBe(lower);
    for (const bad of [`0x${'ab'.repeat(31)}`, `0X${'ab'.repeat(32)}`, `0x${'zz'.repeat(32)}`, '']) expect(() => canonicalTxHash(bad), bad).toThrow(RangeError);
  });

  it('hashes a payload by its content, not its key order', () => {
    const a = payloadHash({ profession_type: 'accountant', services_offered: ['company_trust_formation'], nested: { b: 1, a: 2 } });
    const b = payloadHash({ nested: { a: 2, b: 1 }, services_offered: ['company_trust_formation'], profession_type: 'accountant' });
    expect(a).toBe(b);
    expect(a).toMatch(/^0x[0-9a-f]{64}$/);
    expect(payloadHash({ profession_type: 'lawyer' })).not.toBe(payloadHash({ profession_type: 'accountant' }));
  });

  it('groups wallets only by globally routable addresses', () => {
    for (const address of ['45.12.34.56', '2a00:1450:4001:80b::200e', '::ffff:45.12.34.56']) expect(isGroupableAddress(address), address).toBe(true);
    for (const address of ['127.0.0.1', '::1', '10.1.2.3', '192.168.0.9', '172.16.5.5', '100.64.0.1', '169.254.1.1', '198.51.100.7', '::ffff:127.0.0.1', 'fd00::1', 'not an address'])
      expect(isGroupableAddress(address), address).toBe(false);
  });

  it('knows the test networks the free tier is offered on', () => {
    expect([84_532, 11_155_111, 31_337].map(isTestNetwork)).toEqual([true, true, true]);
    expect([8_453, 1, 137].map(isTestNetwork)).toEqual([false, false, false]);
  });
});
