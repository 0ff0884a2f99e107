import { isIPv4, isIPv6 } from 'node:net';

/**
 * The part of a client address that throttles count by. An IPv6 client is usually handed a whole
 * /64 and can pick any address in it, so counting single IPv6 addresses would let one client
 * make 2^64 fresh attempts; its /64 is counted instead. IPv4-mapped IPv6 addresses count as the
 * IPv4 address they carry. Anything else (a unix socket, an unknown form) is counted as given.
 */
export function addressKey(ip: string): string {
  const address = ip.replace(/%.*$/, '').toLowerCase();
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(address);
  if (mapped && isIPv4(mapped[1]!)) return mapped[1]!;
  if (!isIPv6(address)) return ip;
  const [head = '', tail] = address.split('::');
  const groups = (part: string) => (part ? part.split(':') : []);
  // A trailing dotted IPv4 part fills two groups; it never reaches the first four.
  const width = (parts: string[]) => parts.reduce((sum, part) => sum + (part.includes('.') ? 2 : 1), 0);
  const front = groups(head);
  const back = tail === undefined ? [] : groups(tail);
  const full = tail === undefined ? front : [...front, ...Array<string>(8 - width(front) - width(back)).fill('0'), ...back];
  return `${full
    .slice(0, 4)
    .map((group) => Number.parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}
