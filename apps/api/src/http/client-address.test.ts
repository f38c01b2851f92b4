import { describe, expect, it } from 'vitest';
import { addressBucket, isLoopback } from './client-address.ts';

describe('addressBucket', () => {
  it('counts an IPv4 address alone', () => {
    expect(addressBucket('203.0.113.7')).toBe('203.0.113.7');
    expect(addressBucket(' 203.0.113.7 ')).toBe('203.0.113.7');
  });

  it('counts IPv6 addresses by their /64, however they are written', () => {
    const bucket = '2001:db8:85a3:42::/64';
    expect(addressBucket('2001:db8:85a3:42::1')).toBe(bucket);
    expect(addressBucket('2001:0db8:85a3:0042:ffff:ffff:ffff:fffe')).toBe(bucket);
    expect(addressBucket('2001:DB8:85A3:42:1234:5678:9abc:def0')).toBe(bucket);
    expect(addressBucket('2001:db8:85a3:42::1%eth0')).toBe(bucket);
    expect(addressBucket('2001:db8:85a3:43::1')).not.toBe(bucket);
    expect(addressBucket('::1')).toBe('0:0:0:0::/64');
    expect(addressBucket('2001:db8::')).toBe('2001:db8:0:0::/64');
    expect(addressBucket('2001:db8:1:2:3:4:1.2.3.4')).toBe('2001:db8:1:2::/64');
  });

  it('reads IPv4-mapped IPv6 as the IPv4 address', () => {
    expect(addressBucket('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressBucket('::ffff:cb00:7107')).toBe('203.0.113.7');
    expect(addressBucket('0:0:0:0:0:ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('drops the port of a forwarded ip:port (Azure writes one), so each source port is not a bucket of its own', () => {
    expect(addressBucket('203.0.113.7:50123')).toBe('203.0.113.7');
    expect(addressBucket(' 203.0.113.7:1 ')).toBe('203.0.113.7');
    expect(addressBucket('[2001:db8:85a3:42::1]:443')).toBe('2001:db8:85a3:42::/64');
    expect(addressBucket('[2001:db8:85a3:42::2]')).toBe('2001:db8:85a3:42::/64');
    expect(addressBucket('[::ffff:203.0.113.7]:8080')).toBe('203.0.113.7');
    // Not an address with a port: left as it is.
    expect(addressBucket('203.0.113.7:99999')).toBe('203.0.113.7:99999');
    expect(addressBucket('[not-an-address]:80')).toBe('[not-an-address]:80');
  });

  it('leaves what is not an address as it is', () => {
    expect(addressBucket('Not-An-Address')).toBe('not-an-address');
    expect(addressBucket('')).toBe('');
  });
});

describe('isLoopback', () => {
  it('is true only for this machine', () => {
    for (const ip of ['127.0.0.1', '127.8.9.10', '::1', '0:0:0:0:0:0:0:1', '::ffff:127.0.0.1']) {
      expect(isLoopback(ip), ip).toBe(true);
    }
    for (const ip of [
      '10.0.0.1',
      '192.168.1.5',
      '::2',
      '::',
      'fe80::1',
      '::ffff:10.0.0.1',
      'localhost',
      '',
      undefined,
    ]) {
      expect(isLoopback(ip), String(ip)).toBe(false);
    }
  });
});
