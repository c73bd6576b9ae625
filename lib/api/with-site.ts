// Wrapper of the site's keyless /api/jobs* routes: limited per client IP (sliding window).
// X-API-Key plays no part here, so a key cannot lift the limit.
import { clientIp } from "../net/client-ip";
import { retryAfterSeconds } from "../ratelimit";
import { siteLimiter } from "../site/budget";
import { ApiError } from "./errors";
import { type BaseContext, handle, type RouteContext } from "./handle";
import type { ApiResult } from "./respond";

export function withSite(handler: (ctx: BaseContext) => Promise<ApiResult>) {
  return (req: Request, route?: RouteContext) =>
    handle(req, route, async (base, { addHeaders }) => {
      const r = await siteLimiter()(clientIp(req));
      addHeaders({
        "X-RateLimit-Limit": String(r.limit),
        "X-RateLimit-Remaining": String(r.remaining),
        "X-RateLimit-Reset": String(Math.ceil(r.reset.getTime() / 1000)),
        "X-RateLimit-Window": "minute",
      });
      if (!r.ok)
        throw new ApiError(
          "rate_limited",
          "Too many requests from this address; slow down. For more, get an API key.",
          { headers: { "Retry-After": retryAfterSeconds(r) } },
        );
      return handler(base);
    });
}
