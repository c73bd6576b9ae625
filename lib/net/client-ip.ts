// The client address for per-IP limits. X-Forwarded-For is believed only behind a proxy we
// trust (TRUST_PROXY). Otherwise the address comes from our own server (server.ts), which
// stamps PEER_HEADER on every request with a random per-process marker: a header a client sent
// itself never carries the marker, so it cannot pick its own bucket.
import { randomBytes } from "node:crypto";
import { isIP } from "node:net";
import { env } from "../core/env";

export const PEER_HEADER = "x-jsa-peer";

const g = globalThis as unknown as { peerMarker?: string };
const marker = () => (g.peerMarker ??= randomBytes(12).toString("hex"));

/** What server.ts puts in PEER_HEADER for a connection from `ip`. */
export function peerHeaderValue(ip: string): string {
  return `${marker()}|${ip}`;
}

/** One bucket per IPv4 address, and per /64 for IPv6 (one subscriber's usual allocation). */
export function bucketOf(given: string): string {
  // Some proxies add the client's port: "1.2.3.4:56789", "[2001:db8::1]:443".
  const ip = /^\[([^\]]*)\](?::\d+)?$/.exec(given)?.[1] ?? given;
  const v4 = /^(?:::ffff:)?(\d{1,3}(?:\.\d{1,3}){3})(?::\d+)?$/i.exec(ip)?.[1];
  if (v4) return v4;
  if (!ip.includes(":")) return ip || "unknown";
  // Not an address (nine groups, two "::"): one bucket for all such, which errs on limiting.
  if (isIP(ip) !== 6) return "invalid";
  const [head = "", tail = ""] = ip.toLowerCase().split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const full = ip.includes("::")
    ? [...left, ...Array(8 - left.length - right.length).fill("0"), ...right]
    : left;
  return `${full
    .slice(0, 4)
    .map((h) => h.replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}

export function clientIp(req: Request, trustProxy = env().TRUST_PROXY): string {
  if (trustProxy) {
    // The right-most entry is the one our proxy added: the address it saw.
    const hops = (req.headers.get("x-forwarded-for") ?? "")
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean);
    const nearest = hops.at(-1);
    return nearest ? bucketOf(nearest) : "unknown";
  }
  // Without lib/api/app-server.ts in front (`next start` run by hand) there is no trustworthy peer address:
  // every caller shares one bucket, which errs on the side of limiting.
  const [stamp, ip] = (req.headers.get(PEER_HEADER) ?? "").split("|");
  return g.peerMarker && stamp === g.peerMarker && ip ? bucketOf(ip) : "unknown";
}
