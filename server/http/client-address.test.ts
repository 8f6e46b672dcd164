import { describe, expect, it } from 'vitest';
import { clientAddressKey } from './client-address.ts';

describe('clientAddressKey', () => {
  it('keeps an IPv4 address, also when it comes mapped into IPv6', () => {
    expect(clientAddressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientAddressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts every address of an IPv6 /64 as one client, however it is written', () => {
    const key = '2001:db8:1:2::/64';
    for (const address of [
      '2001:db8:1:2::1',
      '2001:db8:1:2:ffff:ffff:ffff:fffe',
      '2001:0DB8:0001:0002:0:0:0:9',
      '2001:db8:1:2::1.2.3.4',
      '2001:db8:1:2::1%eth0',
    ]) {
      expect(clientAddressKey(address), address).toBe(key);
    }
    expect(clientAddressKey('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(clientAddressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientAddressKey('::1')).toBe('0:0:0:0::/64');
  });

  it('leaves what is not an IP address as it is', () => {
    expect(clientAddressKey('unknown')).toBe('unknown');
  });
});
