import { describe, expect, it } from 'vitest';
import { clientNetwork } from './client-network.js';

describe('clientNetwork', () => {
  it('puts IPv4 neighbours in one /24, and the next /24 apart', () => {
    expect(clientNetwork('203.0.113.7')).toBe('203.0.113.0/24');
    expect(clientNetwork('203.0.113.250')).toBe('203.0.113.0/24');
    expect(clientNetwork('203.0.114.7')).toBe('203.0.114.0/24');
  });

  it('puts IPv6 addresses of one /64 together however they are written', () => {
    const network = '2001:db8:1:2::/64';
    expect(clientNetwork('2001:db8:1:2::1')).toBe(network);
    expect(clientNetwork('2001:0db8:0001:0002:ffff:0:0:9')).toBe(network);
    expect(clientNetwork('2001:DB8:1:2:aaaa:bbbb:cccc:dddd')).toBe(network);
    expect(clientNetwork('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(clientNetwork('::1')).toBe('0:0:0:0::/64');
    expect(clientNetwork('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });

  it('treats IPv4 written as IPv6 as IPv4', () => {
    expect(clientNetwork('::ffff:203.0.113.7')).toBe('203.0.113.0/24');
    expect(clientNetwork('::ffff:cb00:7107')).toBe('203.0.113.0/24');
  });

  it('keeps anything else as it is', () => {
    expect(clientNetwork('unknown')).toBe('unknown');
    expect(clientNetwork('')).toBe('');
  });
});
