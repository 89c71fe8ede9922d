/**
 * IP addresses as the fraud signals count them: one canonical spelling per address, and the
 * network block it belongs to (a /24 for IPv4, a /48 for IPv6), so that claims from one
 * address or one block are counted together however the address was written.
 */

export type IpAddress =
  | { readonly version: 4; readonly octets: readonly number[] }
  | { readonly version: 6; readonly groups: readonly number[] };

const IPV4_EXAMPLE = '203.0.113.7';
const IPV6_EXAMPLE = '2001:db8::1';

class IpAddressError extends Error {
  constructor(text: string, reason: string) {
    super(
      `invalid IP address "${text}": ${reason}; expected an IPv4 address such as ${IPV4_EXAMPLE} or an IPv6 address such as ${IPV6_EXAMPLE}`,
    );
    this.name = 'IpAddressError';
  }
}

function parseIpv4(text: string, whole: string): number[] {
  const parts = text.split('.');
  if (parts.length !== 4) {
    throw new IpAddressError(whole, `an IPv4 address has 4 parts; got ${parts.length}`);
  }
  return parts.map((part) => {
    if (!/^\d{1,3}$/.test(part)) {
      throw new IpAddressError(whole, `"${part}" is not a number from 0 to 255`);
    }
    // A leading zero reads as octal to some parsers and as decimal to others.
    if (part.length > 1 && part.startsWith('0')) {
      throw new IpAddressError(whole, `"${part}" has a leading zero`);
    }
    const value = Number(part);
    if (value > 255) throw new IpAddressError(whole, `${value} is above 255`);
    return value;
  });
}

/** Colon-separated hex groups; the last may be an IPv4 address when `ipv4Last` is set. */
function parseGroups(text: string, whole: string, ipv4Last: boolean): number[] {
  if (text === '') return [];
  return text.split(':').flatMap((part, index, parts) => {
    if (ipv4Last && index === parts.length - 1 && part.includes('.')) {
      const [a, b, c, d] = parseIpv4(part, whole) as [number, number, number, number];
      return [(a << 8) | b, (c << 8) | d];
    }
    if (!/^[0-9a-fA-F]{1,4}$/.test(part)) {
      throw new IpAddressError(
        whole,
        part === '' ? 'an empty group' : `"${part}" is not a group of 1 to 4 hex digits`,
      );
    }
    return [parseInt(part, 16)];
  });
}

function parseIpv6(text: string, whole: string): number[] {
  const halves = text.split('::');
  if (halves.length > 2) throw new IpAddressError(whole, '"::" appears more than once');
  const head = parseGroups(halves[0]!, whole, halves.length === 1);
  if (halves.length === 1) {
    if (head.length !== 8) {
      throw new IpAddressError(whole, `an IPv6 address has 8 groups; got ${head.length}`);
    }
    return head;
  }
  const tail = parseGroups(halves[1]!, whole, true);
  const missing = 8 - head.length - tail.length;
  if (missing < 1) {
    throw new IpAddressError(whole, `"::" stands for no group with ${8 - missing} others`);
  }
  return [...head, ...new Array<number>(missing).fill(0), ...tail];
}

/** An IPv6 address of ::ffff:0:0/96 carries an IPv4 address (RFC 4291, section 2.5.5.2). */
function mappedIpv4(groups: readonly number[]): number[] | undefined {
  if (!groups.slice(0, 5).every((group) => group === 0) || groups[5] !== 0xffff) return undefined;
  const [high, low] = [groups[6]!, groups[7]!];
  return [high >> 8, high & 0xff, low >> 8, low & 0xff];
}

/**
 * Reads an IPv4 or IPv6 address. An IPv4-mapped IPv6 address (::ffff:203.0.113.7) is read as
 * the IPv4 address it carries, as a dual-stack server reports IPv4 clients. An IPv6 zone
 * (fe80::1%eth0) names the server's interface, not the client, and is dropped.
 */
export function parseIpAddress(text: string): IpAddress {
  const trimmed = text.trim();
  if (trimmed === '') throw new IpAddressError(text, 'it is empty');
  if (!trimmed.includes(':')) return { version: 4, octets: parseIpv4(trimmed, text) };
  const zone = trimmed.indexOf('%');
  const groups = parseIpv6(zone === -1 ? trimmed : trimmed.slice(0, zone), text);
  const octets = mappedIpv4(groups);
  return octets === undefined ? { version: 6, groups } : { version: 4, octets };
}

/** The longest run of two or more zero groups, the first of equals (RFC 5952, section 4.2). */
function zeroRun(groups: readonly number[]): { start: number; length: number } {
  let best = { start: -1, length: 0 };
  let start = -1;
  groups.forEach((group, index) => {
    if (group !== 0) {
      start = -1;
      return;
    }
    if (start === -1) start = index;
    const length = index - start + 1;
    if (length > best.length) best = { start, length };
  });
  return best.length >= 2 ? best : { start: -1, length: 0 };
}

function formatIpv6(groups: readonly number[]): string {
  const hex = groups.map((group) => group.toString(16));
  const run = zeroRun(groups);
  if (run.start === -1) return hex.join(':');
  const head = hex.slice(0, run.start).join(':');
  const tail = hex.slice(run.start + run.length).join(':');
  return `${head}::${tail}`;
}

function formatIpAddress(address: IpAddress): string {
  return address.version === 4 ? address.octets.join('.') : formatIpv6(address.groups);
}

/**
 * The one spelling of an address (dotted decimal for IPv4, RFC 5952 for IPv6), so that
 * 2001:DB8:0:0::1 and 2001:db8::1 count as one address.
 */
export function canonicalIpAddress(text: string): string {
  return formatIpAddress(parseIpAddress(text));
}

/**
 * The network block of an address in CIDR notation: its /24 for IPv4 (203.0.113.0/24) and its
 * /48 for IPv6 (2001:db8:1234::/48), the usual sizes of one customer's allocation.
 */
export function networkBlock(text: string): string {
  const address = parseIpAddress(text);
  if (address.version === 4) {
    const [a, b, c] = address.octets;
    return `${a}.${b}.${c}.0/24`;
  }
  return `${formatIpv6([...address.groups.slice(0, 3), 0, 0, 0, 0, 0])}/48`;
}
