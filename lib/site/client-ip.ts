// The client address for per-IP limits. X-Forwarded-For is believed only behind a proxy we
// trust (TRUST_PROXY); otherwise the address comes from our own server (server.ts), which sets
// PEER_HEADER from the socket on every request, overwriting whatever the client sent.
import { env } from "../env";

export const PEER_HEADER = "x-jsa-peer";

export function clientIp(req: Request, trustProxy = env().TRUST_PROXY): string {
  if (trustProxy) {
    // The right-most entry is the one our proxy added: the address it saw.
    const hops = (req.headers.get("x-forwarded-for") ?? "").split(",").map((s) => s.trim()).filter(Boolean);
    return hops.at(-1) ?? "unknown";
  }
  // Under plain `next dev`/`next start` there is no peer header: every caller shares one
  // bucket, which errs on the side of limiting.
  return req.headers.get(PEER_HEADER) ?? "unknown";
}
