import { isIPv4, isIPv6 } from 'node:net';

/**
 * The unit every per-address limit counts by (one-time codes, staff sign-in, rate limits).
 *
 * An IPv4 address counts alone. An IPv6 address counts by its /64 prefix: one home or mobile
 * subscriber is routinely given a whole /64 and can rotate through 2^64 addresses of it, so
 * counting each address alone would make every per-address limit void. IPv4-mapped IPv6
 * (`::ffff:203.0.113.5`, what a dual-stack socket reports for an IPv4 client) is its IPv4 address.
 * A port after the address (`203.0.113.5:50123`, `[2001:db8::1]:443`: some proxies, Azure's among
 * them, forward the client's address so) is dropped, or every source port would be a bucket of its
 * own. Anything that is not an address (a test's made-up value) is returned as is, trimmed and
 * lower-cased.
 */
export function addressBucket(ip: string): string {
  const address = withoutPort(ip.trim().toLowerCase());
  if (isIPv4(address) || !isIPv6(address.split('%')[0] ?? '')) return address;
  const groups = ipv6Groups(address);
  const v4 = mappedIPv4(groups);
  if (v4) return v4;
  return `${groups.slice(0, 4).map(hex).join(':')}::/64`;
}

/** Whether an address is this machine: 127.0.0.0/8, ::1, or IPv4-mapped loopback. */
export function isLoopback(ip: string | undefined): boolean {
  if (!ip) return false;
  const address = ip.trim().toLowerCase();
  if (isIPv4(address)) return address.startsWith('127.');
  if (!isIPv6(address.split('%')[0] ?? '')) return false;
  const groups = ipv6Groups(address);
  const v4 = mappedIPv4(groups);
  if (v4) return v4.startsWith('127.');
  return groups.slice(0, 7).every((g) => g === 0) && groups[7] === 1;
}

const hex = (group: number) => group.toString(16);

const IPV4_WITH_PORT = /^(\d{1,3}(?:\.\d{1,3}){3}):(\d{1,5})$/;
const BRACKETED_WITH_PORT = /^\[([^\]]+)\](?::(\d{1,5}))?$/;
const isPort = (port: string | undefined) => port === undefined || Number(port) <= 65_535;

/** `a.b.c.d:port` as a.b.c.d, `[v6]:port` and `[v6]` as v6; anything else as it is. */
function withoutPort(address: string): string {
  const v4 = IPV4_WITH_PORT.exec(address);
  if (v4) return v4[1] && isIPv4(v4[1]) && isPort(v4[2]) ? v4[1] : address;
  const v6 = BRACKETED_WITH_PORT.exec(address);
  if (v6) return v6[1] && isIPv6(v6[1].split('%')[0] ?? '') && isPort(v6[2]) ? v6[1] : address;
  return address;
}

/** ::ffff:a.b.c.d as a.b.c.d, else null. */
function mappedIPv4(groups: number[]): string | null {
  if (!groups.slice(0, 5).every((g) => g === 0) || groups[5] !== 0xffff) return null;
  const [hi = 0, lo = 0] = groups.slice(6);
  return [hi >> 8, hi & 0xff, lo >> 8, lo & 0xff].join('.');
}

/** The eight 16-bit groups of a valid IPv6 address (a zone such as %eth0 is ignored). */
function ipv6Groups(address: string): number[] {
  let text = address.split('%')[0] ?? '';
  // A trailing dotted IPv4 part stands for the last two groups.
  const dotted = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${hex((a << 8) | b)}:${hex((c << 8) | d)}`;
  }
  const parse = (part: string) => (part ? part.split(':').map((g) => Number.parseInt(g, 16)) : []);
  const halves = text.split('::');
  if (halves.length === 1) return parse(text);
  const left = parse(halves[0] ?? '');
  const right = parse(halves[1] ?? '');
  return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
}
