// Which addresses this service may send requests to on a user's behalf: only globally routable
// unicast ones, so a webhook URL cannot reach our own network, a cloud metadata service or a
// neighbour's private range. Classification comes from ipaddr.js; what is decided here is
// which of its ranges count, and how to see through the IPv6 forms that carry an IPv4 address.
import { isIP } from "node:net";
import ipaddr from "ipaddr.js";

type IPv4 = ipaddr.IPv4;
type IPv6 = ipaddr.IPv6;

// Local-use NAT64 (RFC 8215) may embed the IPv4 address at several offsets; only the /96
// layout, where it is the last 32 bits, is read, so every other address of it is refused.
const LOCAL_NAT64 = ipaddr.IPv6.parseCIDR("64:ff9b:1::/48");
const LOCAL_NAT64_96 = ipaddr.IPv6.parseCIDR("64:ff9b:1::/96");
const WELL_KNOWN_NAT64 = ipaddr.IPv6.parseCIDR("64:ff9b::/96");
// All of today's global unicast space (RFC 4291 §2.4); outside it, nothing is public.
const GLOBAL_UNICAST = ipaddr.IPv6.parseCIDR("2000::/3");

/**
 * Whether `ip` is a globally routable unicast address. Anything else, including a string that
 * is not an address, is false: callers refuse to connect on false.
 */
export function isPublicAddress(ip: string): boolean {
  const bracketed = ip.startsWith("[") && ip.endsWith("]");
  const text = bracketed ? ip.slice(1, -1) : ip;
  // Node's own parser is the gate, because it decides what a connection to this string reaches.
  // ipaddr.js would also read spellings such as "010.0.0.1" or "0x7f.1", which other parsers read
  // differently; refusing them leaves no room for the two readings to disagree.
  const family = isIP(text);
  // A zone index only means something on a link-local scope: never a public destination.
  if (text.includes("%")) return false;
  // Brackets belong to IPv6 literals in URLs only.
  if (bracketed && family !== 6) return false;
  try {
    if (family === 4) return isPublicV4(ipaddr.IPv4.parse(text));
    if (family === 6) return isPublicV6(ipaddr.IPv6.parse(hexOnly(text)));
  } catch {
    return false;
  }
  return false;
}

/**
 * The IPv6 address in hexadecimal groups only. ipaddr.js reads "::a.b.c.d" as IPv4-mapped
 * (::ffff:a.b.c.d) where the socket layer reads it as IPv4-compatible; the WHATWG URL parser
 * reads it as the socket layer does, and writes no dotted part back.
 */
function hexOnly(text: string): string {
  // A zone index cannot be written in a URL; it is refused anyway, so it can be left off here.
  const [address = ""] = text.split("%");
  return new URL(`http://[${address}]/`).hostname.slice(1, -1);
}

function isPublicV4(addr: IPv4): boolean {
  // "unicast" is ipaddr.js's name for what is left after every special-purpose range
  // (private, loopback, link-local, CGNAT, documentation, benchmarking, multicast, reserved…).
  return addr.range() === "unicast";
}

function isPublicV6(addr: IPv6): boolean {
  const range = addr.range();
  if (range === "ipv4Mapped") return isPublicV4(addr.toIPv4Address());
  if (addr.match(WELL_KNOWN_NAT64)) return isPublicV4(lastIPv4(addr));
  if (addr.match(LOCAL_NAT64)) return addr.match(LOCAL_NAT64_96) && isPublicV4(lastIPv4(addr));
  // 6to4 carries the IPv4 address of the tunnel's far end in bits 16–47.
  if (range === "6to4") return isPublicV4(ipv4Of(addr.parts[1], addr.parts[2]));
  // ::a.b.c.d (IPv4-compatible) lies outside 2000::/3, like ::, ::1, fc00::/7, fe80::/10 and
  // ff00::/8, so it is refused here without a range of its own.
  if (!addr.match(GLOBAL_UNICAST)) return false;
  // Inside 2000::/3 ipaddr.js names documentation, Teredo, ORCHID, benchmarking and other
  // special ranges; only the unnamed rest is ordinary unicast.
  return range === "unicast";
}

function lastIPv4(addr: IPv6): IPv4 {
  return ipv4Of(addr.parts[6], addr.parts[7]);
}

function ipv4Of(high = 0, low = 0): IPv4 {
  return new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
}
