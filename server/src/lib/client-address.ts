import { isIPv4, isIPv6 } from 'node:net';

/**
 * The key rate limits and login throttling count a client by: an IPv4 address as it is, and an IPv6 address
 * by its /64 network — one subscriber or host is given a whole /64 and can send every request from a fresh
 * address in it. IPv4 written in IPv6 (`::ffff:192.0.2.1`) counts as the IPv4 address.
 */
export function clientKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1];
  if (mapped && isIPv4(mapped)) return mapped;
  if (!isIPv6(ip)) return ip;
  const [head = '', tail = ''] = ip.split('%')[0]!.split('::');
  const front = head ? head.split(':') : [];
  const back = ip.includes('::') && tail ? tail.split(':') : [];
  const groups = [...front, ...Array<string>(8 - front.length - back.length).fill('0'), ...back];
  return `${groups
    .slice(0, 4)
    .map((group) => Number.parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}
