import { describe, expect, it } from 'vitest';
import { addressGroup } from '../../../src/modules/rate-limits/address-group';

describe('the address a limit counts a caller under', () => {
  it('counts an IPv4 address as itself, also when a dual-stack socket reports it mapped into IPv6', () => {
    expect(addressGroup('198.51.100.7')).toBe('198.51.100.7');
    expect(addressGroup('::ffff:198.51.100.7')).toBe('198.51.100.7');
  });

  it('counts every IPv6 address of one /64 as one caller, and another /64 as another', () => {
    const one = addressGroup('2001:db8:1:2:aaaa:bbbb:cccc:1');
    expect(addressGroup('2001:db8:1:2::ffff')).toBe(one);
    expect(addressGroup('2001:0db8:0001:0002:0:0:0:1')).toBe(one);
    expect(one).toBe('2001:db8:1:2::/64');
    expect(addressGroup('2001:db8:1:3::1')).not.toBe(one);
  });

  it('leaves what is not an address as it is', () => {
    expect(addressGroup('unknown')).toBe('unknown');
  });
});
