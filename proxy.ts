// Next's request proxy (formerly middleware), for pages only: a fresh CSP nonce per request,
// which Next reads from the request's Content-Security-Policy header and puts on its scripts.
// API routes are left out: they get their headers from next.config.mjs, and a proxy would
// buffer their request bodies.
import { type NextRequest, NextResponse } from "next/server";
import { pageCsp } from "./lib/api/security-headers";

export function proxy(req: NextRequest) {
  const nonce = Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64");
  const csp = pageCsp(nonce, process.env.NODE_ENV === "development");
  const headers = new Headers(req.headers);
  headers.set("content-security-policy", csp);
  const res = NextResponse.next({ request: { headers } });
  res.headers.set("Content-Security-Policy", csp);
  return res;
}

export const config = {
  // /api and /v1 themselves too, not only what lies below them.
  matcher: ["/((?!(?:api|v1)(?:/|$)|_next/static/|_next/image|openapi\\.json|icon\\.svg|favicon\\.ico).*)"],
};
