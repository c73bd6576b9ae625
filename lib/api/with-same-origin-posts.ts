// Wrapper for the site's own POST routes (/api/keys/register, confirm, revoke): it admits
// same-origin requests only, JSON bodies only (a cross-site form cannot send one without a
// preflight), optionally a signed-in user, and a rate limit.
import { currentUser, type SessionUser } from "../auth/session";
import { env } from "../core/env";
import { type LimitResult, retryAfterSeconds } from "../core/ratelimit";
import { clientIp } from "../net/client-ip";
import { ApiError } from "./errors";
import { type BaseContext, handle, type RouteContext } from "./handle";
import type { ApiResult } from "./respond";

type Limiter = (id: string) => Promise<LimitResult>;

export function assertSameOrigin(req: Request): void {
  const origin = req.headers.get("origin");
  // In production only the public origin counts; in development the address the browser used
  // (localhost or 127.0.0.1) is as good.
  const { APP_URL, NODE_ENV } = env();
  const ours =
    NODE_ENV === "production"
      ? [new URL(APP_URL).origin]
      : [new URL(APP_URL).origin, new URL(req.url).origin];
  const site = req.headers.get("sec-fetch-site");
  const sameOrigin = origin ? ours.includes(origin) : site === "same-origin";
  if (!sameOrigin)
    throw new ApiError("forbidden", "Cross-site requests are refused; use the site's own pages.");
  if (!(req.headers.get("content-type") ?? "").startsWith("application/json")) {
    throw new ApiError("forbidden", "Send a JSON body (Content-Type: application/json).");
  }
}

export function withSameOriginPosts<U extends boolean>(
  handler: (
    ctx: BaseContext & { user: U extends true ? SessionUser : SessionUser | null },
  ) => Promise<ApiResult>,
  options: { signedIn: U; limiter: Limiter },
) {
  return (req: Request, route?: RouteContext) =>
    handle(req, route, async (base) => {
      assertSameOrigin(req);
      // Only routes that need a user pay for the session lookup; the others are limited per address.
      const user = options.signedIn ? await currentUser(req) : null;
      if (options.signedIn && !user) throw new ApiError("not_signed_in", "Sign in first.");
      const limit = await options.limiter(user?.id ?? clientIp(req));
      if (!limit.ok)
        throw new ApiError("rate_limited", "Too many requests; try again shortly.", {
          headers: { "Retry-After": retryAfterSeconds(limit) },
        });
      return handler({ ...base, user: user as U extends true ? SessionUser : SessionUser | null });
    });
}
