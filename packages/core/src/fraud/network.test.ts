import { describe, expect, it } from 'vitest';
import { canonicalIpAddress, networkBlock, parseIpAddress } from './network';

describe('networkBlock', () => {
  it('gives the /24 of an IPv4 address', () => {
    expect(networkBlock('203.0.113.77')).toBe('203.0.113.0/24');
  });

  it('gives the /48 of an IPv6 address in compressed form', () => {
    expect(networkBlock('2001:0db8:1234:5678:9abc:def0:1234:5678')).toBe('2001:db8:1234::/48');
  });

  it.each([
    ['2001:db8:1234::1', '2001:db8:1234::/48'],
    ['2001:db8::', '2001:db8::/48'],
    ['::1', '::/48'],
    ['::', '::/48'],
    ['fe80::1:2', 'fe80::/48'],
    ['2001:db8:ab::9:1.2.3.4', '2001:db8:ab::/48'],
  ])('gives the /48 of the compressed address %s', (address, block) => {
    expect(networkBlock(address)).toBe(block);
  });

  it.each(['::ffff:203.0.113.7', '::FFFF:cb00:7107', '0:0:0:0:0:ffff:203.0.113.7'])(
    'gives the IPv4 /24 of the IPv4-mapped address %s',
    (address) => {
      expect(networkBlock(address)).toBe('203.0.113.0/24');
    },
  );

  it('puts two addresses of one /48 in one block', () => {
    expect(networkBlock('2001:db8:42:1::5')).toBe(networkBlock('2001:db8:42:ffff::9'));
  });

  it('puts addresses of neighbouring /24s in different blocks', () => {
    expect(networkBlock('198.51.100.1')).not.toBe(networkBlock('198.51.101.1'));
  });
});

describe('canonicalIpAddress', () => {
  it.each([
    ['2001:DB8:0:0:0:0:0:1', '2001:db8::1'],
    ['2001:0db8:0000:0000:0000:0000:0000:0001', '2001:db8::1'],
    ['2001:db8:0:0:1:0:0:1', '2001:db8::1:0:0:1'],
    ['2001:db8:0:1:1:1:1:1', '2001:db8:0:1:1:1:1:1'],
    ['1:0:0:0:0:0:0:0', '1::'],
    ['0:0:0:0:0:0:0:0', '::'],
    [' 198.51.100.7 ', '198.51.100.7'],
  ])('writes %s as %s', (address, canonical) => {
    expect(canonicalIpAddress(address)).toBe(canonical);
  });

  it('writes an IPv4-mapped address as the IPv4 address it carries', () => {
    expect(canonicalIpAddress('::ffff:198.51.100.7')).toBe('198.51.100.7');
  });

  it('keeps an IPv4-compatible address, which is not mapped, as IPv6', () => {
    expect(canonicalIpAddress('::198.51.100.7')).toBe('::c633:6407');
  });

  it('drops the zone of a link-local address', () => {
    expect(canonicalIpAddress('fe80::1%eth0')).toBe('fe80::1');
  });
});

describe('parseIpAddress', () => {
  it('reads the octets of an IPv4 address', () => {
    expect(parseIpAddress('192.0.2.255')).toEqual({ version: 4, octets: [192, 0, 2, 255] });
  });

  it('reads the eight groups of an IPv6 address', () => {
    expect(parseIpAddress('2001:db8::ff00:42:8329')).toEqual({
      version: 6,
      groups: [0x2001, 0xdb8, 0, 0, 0, 0xff00, 0x42, 0x8329],
    });
  });

  it.each([
    ['', 'it is empty'],
    ['203.0.113', 'an IPv4 address has 4 parts; got 3'],
    ['203.0.113.7.1', 'an IPv4 address has 4 parts; got 5'],
    ['203.0.113.256', '256 is above 255'],
    ['203.0.113.07', '"07" has a leading zero'],
    ['203.0.x.7', '"x" is not a number from 0 to 255'],
    ['example.org', 'an IPv4 address has 4 parts; got 2'],
    ['2001:db8::1::2', '"::" appears more than once'],
    ['2001:db8:1:2:3:4:5', 'an IPv6 address has 8 groups; got 7'],
    ['2001:db8:1:2:3:4:5:6:7', 'an IPv6 address has 8 groups; got 9'],
    ['1:2:3:4:5:6:7::8', '"::" stands for no group with 8 others'],
    ['2001:db8::12345', '"12345" is not a group of 1 to 4 hex digits'],
    ['2001:db8::g', '"g" is not a group of 1 to 4 hex digits'],
    [':1:2:3:4:5:6:7', 'an empty group'],
    ['1.2.3.4::1', '"1.2.3.4" is not a group of 1 to 4 hex digits'],
    ['::ffff:1.2.3.400', '400 is above 255'],
  ])('refuses "%s": %s', (address, reason) => {
    expect(() => parseIpAddress(address)).toThrow(
      `invalid IP address "${address}": ${reason}; expected an IPv4 address such as 203.0.113.7 or an IPv6 address such as 2001:db8::1`,
    );
  });
});
