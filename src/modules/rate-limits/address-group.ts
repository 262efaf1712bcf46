/**
 * The address a limit counts a caller under. An IPv4 address is one caller; an IPv6 host usually holds
 * a whole /64 (SLAAC, privacy addresses, a home or cloud prefix), so counting single IPv6 addresses
 * would hand one caller 2^64 fresh counters. IPv6 addresses are therefore grouped by their /64, and an
 * IPv4-mapped IPv6 address (`::ffff:192.0.2.1`, how a dual-stack socket reports IPv4) counts as the
 * IPv4 address it is.
 */
import ipaddr from 'ipaddr.js';

export function addressGroup(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  let parsed = ipaddr.parse(ip);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const parts = (parsed as ipaddr.IPv6).parts.slice(0, 4).map((p) => p.toString(16));
  return `${parts.join(':')}::/64`;
}
