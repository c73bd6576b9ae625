// The API's rate-limit headers as numbers and dates: the daily window from X-RateLimit-*, both
// windows from the `RateLimit` field ("daily";r=49;t=3600, "monthly";r=999;t=86400).

export type Window = { remaining: number; resetsAt: Date };

export type RateLimit = {
  /** The daily limit and what is left of it (X-RateLimit-Limit / -Remaining / -Reset). */
  limit: number | null;
  remaining: number | null;
  resetsAt: Date | null;
  /** Each window the `RateLimit` field names, by name ("daily", "monthly"). */
  windows: Record<string, Window>;
  /** Seconds to wait before retrying, from Retry-After (429 and 503 answers). */
  retryAfter: number | null;
};

const int = (v: string | null) => (v !== null && /^\d+$/.test(v.trim()) ? Number(v) : null);

/** Retry-After as seconds: a number of seconds, or an HTTP date. */
export function retryAfterSeconds(value: string | null, now = Date.now()): number | null {
  if (value === null) return null;
  const seconds = int(value);
  if (seconds !== null) return seconds;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now) / 1000));
}

/** What the headers say about the caller's quota; null fields where a header is absent. */
export function readRateLimit(headers: Headers, now = Date.now()): RateLimit {
  const reset = int(headers.get("x-ratelimit-reset"));
  const windows: Record<string, Window> = {};
  for (const item of (headers.get("ratelimit") ?? "").split(",")) {
    const m = /^\s*"([^"]+)"\s*;(.*)$/.exec(item);
    if (!m?.[1] || m[2] === undefined) continue;
    const params = Object.fromEntries(
      m[2].split(";").map((p) => p.trim().split("=") as [string, string | undefined]),
    );
    const r = int(params.r ?? null);
    const t = int(params.t ?? null);
    if (r !== null && t !== null) windows[m[1]] = { remaining: r, resetsAt: new Date(now + t * 1000) };
  }
  return {
    limit: int(headers.get("x-ratelimit-limit")),
    remaining: int(headers.get("x-ratelimit-remaining")),
    resetsAt: reset === null ? null : new Date(reset * 1000),
    windows,
    retryAfter: retryAfterSeconds(headers.get("retry-after"), now),
  };
}
