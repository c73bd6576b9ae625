// Wrapper of the site's keyless /api/jobs* reads: they admit this site's own pages, not scripts
// (a script gets a 403 that points at the keyed API), and count against the per-address site
// limits the pages count against too (lib/site/limits.ts: a minute and a day). X-API-Key plays
// no part here, so a key cannot lift the limit.

import type { LimitResult } from "../core/ratelimit";
import { clientIp } from "../net/client-ip";
import { freeTierPointer, type SiteSpend, siteRefusalMessage, spendSiteLimit } from "../site/limits";
import { ApiError } from "./errors";
import { type BaseContext, handle, type RouteContext } from "./handle";
import type { ApiResult } from "./respond";
import { fromOwnPages, v1Equivalent } from "./site-origin";

const secondsUntil = (r: LimitResult) => Math.max(0, Math.ceil((r.reset.getTime() - Date.now()) / 1000));

/**
 * X-RateLimit-* describe the window with the least room (X-RateLimit-Window names it), so a
 * client pacing itself on them meets no surprise; RateLimit-Policy and RateLimit give both.
 */
export function siteHeaders(minute: LimitResult | null, day: LimitResult): Record<string, string> {
  const tighter = minute && minute.remaining <= day.remaining ? minute : day;
  const windows = [...(minute ? [["minute", minute, 60] as const] : []), ["daily", day, 86_400] as const];
  return {
    "X-RateLimit-Limit": String(tighter.limit),
    "X-RateLimit-Remaining": String(tighter.remaining),
    "X-RateLimit-Reset": String(Math.ceil(tighter.reset.getTime() / 1000)),
    "X-RateLimit-Window": tighter === minute ? "minute" : "daily",
    "X-RateLimit-Scope": "address",
    "RateLimit-Policy": windows.map(([n, r, w]) => `"${n}";q=${r.limit};w=${w}`).join(", "),
    RateLimit: windows.map(([n, r]) => `"${n}";r=${r.remaining};t=${secondsUntil(r)}`).join(", "),
  };
}

function refusal(r: Extract<SiteSpend, { ok: false }>): ApiError {
  return new ApiError("rate_limited", siteRefusalMessage(r.refusedBy, "requests"), {
    headers: {
      ...siteHeaders(r.refusedBy === "minute" ? r.limit : null, r.day),
      "Retry-After": String(Math.max(1, secondsUntil(r.limit))),
    },
  });
}

export function withSameOriginReads(handler: (ctx: BaseContext) => Promise<ApiResult>) {
  return (req: Request, route?: RouteContext) =>
    handle(req, route, async (base, { addHeaders }) => {
      // Refused before anything counts against the site limits: a script's requests cost a
      // header check.
      if (!fromOwnPages(req))
        throw new ApiError(
          "site_only",
          `This route serves this site's own pages only. The same data is at ${v1Equivalent(base.url.pathname)} with an API key in the X-API-Key header. ${freeTierPointer()}`,
        );
      const r = await spendSiteLimit(clientIp(req));
      if (!r.ok) throw refusal(r);
      addHeaders(siteHeaders(r.minute, r.day));
      return handler(base);
    });
}
