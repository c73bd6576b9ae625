// The keyless limit: a per-address daily limit on requests that carry no valid API key (no
// key, a malformed or unknown or revoked one, a key in the URL). Every /v1 answer then still
// carries rate-limit headers, and made-up keys cannot buy unlimited key lookups.
import { env } from "../core/env";
import { createLimiter, type Limiter, type LimitResult, retryAfterSeconds } from "../core/ratelimit";
import { clientIp } from "../net/client-ip";
import { ApiError } from "./errors";

let limiter: Limiter | undefined;
const keylessLimiter = () => (limiter ??= createLimiter("keyless", env().KEYLESS_DAILY_LIMIT, "day"));

export function keylessLimitHeaders(r: LimitResult): Record<string, string> {
  return {
    "X-RateLimit-Limit": String(r.limit),
    "X-RateLimit-Remaining": String(r.remaining),
    "X-RateLimit-Reset": String(Math.ceil(r.reset.getTime() / 1000)),
    "X-RateLimit-Window": "daily",
    "X-RateLimit-Scope": "address",
    // The IETF draft fields too, so every /v1 answer carries the same header family.
    "RateLimit-Policy": `"address";q=${r.limit};w=86400`,
    RateLimit: `"address";r=${r.remaining};t=${Math.max(0, Math.ceil((r.reset.getTime() - Date.now()) / 1000))}`,
  };
}

export function keylessLimitRefusal(r: LimitResult): ApiError {
  return new ApiError(
    "rate_limited",
    "Too many requests without a valid API key from this address today; send a valid key in the X-API-Key header.",
    { headers: { ...keylessLimitHeaders(r), "Retry-After": retryAfterSeconds(r) } },
  );
}

/** Counts one request against the caller's address. */
export const spendKeylessLimit = (req: Request) => keylessLimiter()(clientIp(req));

/** Whether the caller's address is still within the limit, without counting. */
export const peekKeylessLimit = (req: Request) => keylessLimiter().peek(clientIp(req));
