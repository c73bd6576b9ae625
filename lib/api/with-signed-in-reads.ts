// Wrapper of the site's GET routes for a signed-in user (the Studio's CSV export): the session
// decides whose data it is, a per-user limit keeps scripts from scraping through a session, and
// a cross-site request (a link on another site) is refused before the session is read.
import { currentUser, type SessionUser } from "../auth/session";
import { type LimitResult, retryAfterSeconds } from "../core/ratelimit";
import { ApiError } from "./errors";
import { type BaseContext, handle, type RouteContext } from "./handle";
import type { ApiResult } from "./respond";

export function withSignedInReads(
  handler: (ctx: BaseContext & { user: SessionUser }) => Promise<ApiResult>,
  options: { limiter: (userId: string) => Promise<LimitResult> },
) {
  return (req: Request, route?: RouteContext) =>
    handle(req, route, async (base) => {
      if (req.headers.get("sec-fetch-site") === "cross-site")
        throw new ApiError("forbidden", "Cross-site requests are refused; use the site's own pages.");
      const user = await currentUser(req);
      if (!user) throw new ApiError("not_signed_in", "Sign in first.");
      const limit = await options.limiter(user.id);
      if (!limit.ok)
        throw new ApiError("rate_limited", "Too many requests; try again shortly.", {
          headers: { "Retry-After": retryAfterSeconds(limit) },
        });
      return handler({ ...base, user });
    });
}
