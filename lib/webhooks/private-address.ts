import { BlockList, isIP } from "node:net";

const blocked = new BlockList();
for (const [net, prefix] of [
  ["0.0.0.0", 8], // "this network", incl. the unspecified 0.0.0.0
  ["10.0.0.0", 8],
  ["100.64.0.0", 10], // CGNAT
  ["127.0.0.0", 8],
  ["169.254.0.0", 16], // link-local, cloud metadata
  ["172.16.0.0", 12],
  ["192.0.0.0", 24], // IETF protocol assignments
  ["192.0.2.0", 24], // documentation (TEST-NET-1)
  ["192.88.99.0", 24], // 6to4 relay anycast
  ["192.168.0.0", 16],
  ["198.18.0.0", 15], // benchmarking
  ["198.51.100.0", 24], // documentation (TEST-NET-2)
  ["203.0.113.0", 24], // documentation (TEST-NET-3)
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, broadcast
] as const) {
  blocked.addSubnet(net, prefix, "ipv4");
}
for (const [net, prefix] of [
  ["::", 128], // unspecified
  ["::1", 128], // loopback
  ["fc00::", 7], // unique local
  ["fe80::", 10], // link-local
  ["ff00::", 8], // multicast
  ["fec0::", 10], // site-local (deprecated, still routed on some networks)
  ["64:ff9b::", 96], // NAT64 (embeds an IPv4 address)
  ["64:ff9b:1::", 48], // local-use NAT64 (RFC 8215)
  ["2002::", 16], // 6to4 (embeds an IPv4 address)
  ["2001:db8::", 32], // documentation
  ["100::", 64], // discard-only
] as const) {
  blocked.addSubnet(net, prefix, "ipv6");
}

/**
 * True for an address a hosted service must not call on a tenant's behalf: loopback,
 * private, link-local, unspecified, CGNAT, multicast/reserved, IPv6 ULA/link-local, and
 * IPv4-mapped IPv6 forms of any of those. Anything that is not an IP literal counts as blocked.
 */
export function isPrivateAddress(address: string): boolean {
  const ip = address.replace(/^\[|\]$/g, "");
  const family = isIP(ip);
  if (family === 4) return blocked.check(ip, "ipv4");
  if (family !== 6) return true;
  const mapped = mappedIpv4(ip);
  if (mapped) return blocked.check(mapped, "ipv4");
  return blocked.check(ip, "ipv6");
}

/**
 * The IPv4 address inside an IPv4-mapped (`::ffff:a.b.c.d`) or IPv4-compatible (`::a.b.c.d`)
 * address, in any spelling: the WHATWG URL parser canonicalises IPv6 to `::ffff:7f00:1` form.
 */
function mappedIpv4(ip: string): string | null {
  const canonical = new URL(`http://[${ip}]/`).hostname.slice(1, -1);
  const hex = /^::(?:ffff:)?([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(canonical);
  if (!hex) return null;
  const hi = parseInt(hex[1], 16);
  const lo = parseInt(hex[2], 16);
  return [hi >> 8, hi & 255, lo >> 8, lo & 255].join(".");
}
