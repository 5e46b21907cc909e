import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Addresses of cloud metadata services, refused by name as well (their ranges are already refused:
 * link-local, unique-local, carrier-grade NAT), so that a change of range tables cannot let them through.
 */
const METADATA_ADDRESSES = new Set(['169.254.169.254', 'fd00:ec2::254', '100.100.100.200']);

/** 2000::/3, the only IPv6 block handed out as global unicast; everything outside it is special or unassigned. */
const GLOBAL_UNICAST_V6 = ipaddr.IPv6.parseCIDR('2000::/3');

function publicV4(ip: ipaddr.IPv4): boolean {
  // An allow list: ipaddr.js names every special range (private, loopback, linkLocal, carrierGradeNat,
  // multicast, unspecified, broadcast, reserved, benchmarking, as112, amt…); only plain 'unicast' is public.
  return ip.range() === 'unicast' && !METADATA_ADDRESSES.has(ip.toString());
}

/** The IPv4 address an IPv6 address carries and is routed to, for the forms where it can be read. */
function embeddedV4(ip: ipaddr.IPv6): ipaddr.IPv4 | undefined {
  const parts = ip.parts;
  const v4 = (high: number, low: number) => new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
  if (ip.isIPv4MappedAddress()) return ip.toIPv4Address();
  // NAT64 well-known prefix 64:ff9b::/96 (a host behind DNS64 sees every site this way): the last 32 bits.
  if (ip.match(ipaddr.IPv6.parse('64:ff9b::'), 96)) return v4(parts[6]!, parts[7]!);
  // 6to4 2002::/16: the 32 bits after the prefix.
  if (ip.match(ipaddr.IPv6.parse('2002::'), 16)) return v4(parts[1]!, parts[2]!);
  return undefined;
}

/**
 * Whether `address` (an IP address as DNS or a URL gives it) is a public unicast address an outbound request
 * may reach. Refused: loopback, private (RFC 1918, fc00::/7), link-local, carrier-grade NAT, multicast,
 * unspecified, broadcast, reserved and documentation ranges, cloud metadata addresses, IPv4-mapped IPv6 and
 * NAT64/6to4 addresses whose IPv4 is any of those, Teredo and the local-use NAT64 prefix (their IPv4 cannot be
 * checked), and any IPv6 address outside 2000::/3. Anything that does not parse as an address is refused.
 */
export function isPublicAddress(address: string): boolean {
  // net.isIP accepts only the standard forms (no 0x7f.1, no 2130706433): those never come from DNS, and a
  // URL's host has been normalised by the WHATWG parser before it gets here.
  const bare = address.startsWith('[') && address.endsWith(']') ? address.slice(1, -1) : address;
  if (isIP(bare) === 0 || !ipaddr.isValid(bare)) return false;
  const ip = ipaddr.parse(bare);
  if (ip.kind() === 'ipv4') return publicV4(ip as ipaddr.IPv4);
  const v6 = ip as ipaddr.IPv6;
  if (v6.zoneId !== undefined) return false;
  const v4 = embeddedV4(v6);
  if (v4) return publicV4(v4);
  return v6.range() === 'unicast' && v6.match(GLOBAL_UNICAST_V6) && !METADATA_ADDRESSES.has(v6.toString());
}
