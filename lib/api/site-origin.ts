// Whether a request to the site's keyless /api/jobs* comes from this site's own pages, as a
// browser shows it: Fetch Metadata (Sec-Fetch-Site), else the Origin or Referer it sends. Any
// client can forge these; the point is that a script has to pretend to be our page on purpose,
// and an honest one is told where the API is. The per-address site limit is what actually limits.

import { env } from "../core/env";

/** The origins our pages are served from: APP_URL's; in development also the address used. */
export function ownOrigins(req: Request): string[] {
  const { APP_URL, NODE_ENV } = env();
  const app = new URL(APP_URL).origin;
  return NODE_ENV === "production" ? [app] : [app, new URL(req.url).origin];
}

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/**
 * True when every same-origin signal the request carries names our origin and there is at
 * least one: `Sec-Fetch-Site: same-origin` (current browsers, on every fetch), `Origin`, or
 * `Referer`. A request with none of them (curl, most scripts, a browser that strips all
 * three) is not from our pages.
 */
export function fromOwnPages(req: Request): boolean {
  const site = req.headers.get("sec-fetch-site");
  const origin = req.headers.get("origin");
  const referer = req.headers.get("referer");
  if (site === null && origin === null && referer === null) return false;
  const ours = ownOrigins(req);
  if (site !== null && site !== "same-origin") return false;
  if (origin !== null && !ours.includes(origin)) return false;
  if (referer !== null) {
    const from = originOf(referer);
    if (from === null || !ours.includes(from)) return false;
  }
  return true;
}

/** The keyed API's path for a site path: /api/jobs/salary → /v1/salary, /api/jobs… → /v1/jobs…. */
export function v1Equivalent(pathname: string): string {
  const path = /^\/api\/jobs\/salary\/?$/.test(pathname)
    ? "/v1/salary"
    : pathname.replace(/^\/api\//, "/v1/");
  // The path is the caller's own input: kept short in a message.
  return path.length > 120 ? `${path.slice(0, 120)}…` : path;
}
