// Rate-limit headers: the classic X-RateLimit-* for the daily window, plus the IETF draft
// RateLimit-Policy / RateLimit fields describing both windows.
import type { QuotaState } from "../quota/state";

const seconds = (from: Date, to: Date) => Math.max(0, Math.ceil((to.getTime() - from.getTime()) / 1000));

export function rateLimitHeaders(q: QuotaState, now: Date): Record<string, string> {
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  return {
    "X-RateLimit-Limit": String(q.daily.limit),
    "X-RateLimit-Remaining": String(q.daily.remaining),
    "X-RateLimit-Reset": String(Math.floor(q.daily.reset.getTime() / 1000)),
    "X-RateLimit-Window": "daily",
    "RateLimit-Policy": `"daily";q=${q.daily.limit};w=86400, "monthly";q=${q.monthly.limit};w=${seconds(monthStart, q.monthly.reset)}`,
    RateLimit: `"daily";r=${q.daily.remaining};t=${seconds(now, q.daily.reset)}, "monthly";r=${q.monthly.remaining};t=${seconds(now, q.monthly.reset)}`,
  };
}

/** Seconds until the exhausted window (or both) has room again. */
export function retryAfter(q: QuotaState, now: Date): number {
  const waits = [q.daily, q.monthly].filter((w) => w.remaining === 0).map((w) => seconds(now, w.reset));
  return Math.max(1, ...waits);
}
