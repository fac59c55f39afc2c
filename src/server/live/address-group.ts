import { isIPv6 } from 'node:net';

const IPV4_TAIL = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

/** The eight 16-bit groups of an IPv6 address, `::` and a dotted IPv4 tail written out. */
function ipv6Groups(address: string): number[] {
  let text = address;
  const tail = IPV4_TAIL.exec(text);
  if (tail) {
    const [a, b, c, d] = tail.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, tail.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', rest] = text.split('::');
  const left = head === '' ? [] : head.split(':');
  const right = rest === undefined || rest === '' ? [] : rest.split(':');
  const zeros = rest === undefined ? [] : Array(8 - left.length - right.length).fill('0');
  return [...left, ...zeros, ...right].map((group) => Number.parseInt(group, 16));
}

/**
 * The unit a per-address limit counts: an IPv4 address as it is, an IPv6 address by its /64,
 * since one subscriber usually holds a whole /64 and can pick any address in it.
 */
export function addressGroup(address: string): string {
  const plain = address.split('%')[0] ?? address; // a zone (fe80::1%eth0) names no other host
  if (!isIPv6(plain)) return plain;
  const groups = ipv6Groups(plain);
  const mappedIpv4 = groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;
  if (mappedIpv4) return IPV4_TAIL.exec(plain)?.[0] ?? plain;
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}
