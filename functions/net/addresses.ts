/**
 * Which addresses the server may reach for a user (safe-fetch.ts's guard): a module of its own, without the HTTP
 * client, so code that only checks an address as it is saved (a channel's target) loads none of the sender.
 */
import ipaddr from 'ipaddr.js';

/**
 * Only public unicast: IPv4-mapped IPv6 is unmapped first (`::ffff:127.0.0.1` is loopback); loopback, private,
 * link-local (169.254.169.254, the cloud metadata address), unique-local (fd00::/8), unspecified (0.0.0.0, ::),
 * carrier-grade NAT, multicast, reserved, and the IPv6 ranges that embed an IPv4 address (6to4, Teredo, NAT64)
 * each have a range name other than 'unicast'. IPv4-compatible IPv6 (`::/96`, deprecated) has no range name of its
 * own and counts as unicast there, yet `[::7f00:1]` reaches 127.0.0.1 on stacks that still route it: refused whole.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && isIpv4Compatible(parsed as ipaddr.IPv6)) return false;
  return ipaddr.process(address).range() === 'unicast';
}

/** `::a.b.c.d` in its hexadecimal form (`::7f00:1`): the first 96 bits zero (ipaddr reads the dotted form as mapped). */
const isIpv4Compatible = (address: ipaddr.IPv6) => !address.isIPv4MappedAddress() && address.parts.slice(0, 6).every((part) => part === 0);
