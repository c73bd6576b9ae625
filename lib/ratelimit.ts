// Sliding-window limits for browser-facing routes (site search, sign-in links, registration):
// @upstash/ratelimit on the shared Redis; per-process memory when Redis is absent or failing.
import { Ratelimit } from "@upstash/ratelimit";
import { env } from "./env";
import { redis } from "./redis/client";

export type LimitResult = { ok: boolean; limit: number; remaining: number; reset: Date };

class MemoryWindow {
  private readonly hits = new Map<string, number[]>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  check(id: string, now = Date.now()): LimitResult {
    const recent = (this.hits.get(id) ?? []).filter((t) => t > now - this.windowMs);
    const ok = recent.length < this.limit;
    if (ok) recent.push(now);
    if (this.hits.size > 50_000) this.hits.clear(); // bounded: ids are client-chosen
    this.hits.set(id, recent);
    const reset = new Date((recent[0] ?? now) + this.windowMs);
    return { ok, limit: this.limit, remaining: Math.max(0, this.limit - recent.length), reset };
  }
}

/** A limiter built on first use (not at import: `next build` imports routes without env). */
export function createLimiter(name: string, limit: number, windowSeconds: number) {
  let built: { memory: MemoryWindow; upstash: Ratelimit | null } | undefined;
  const build = () => {
    const r = redis();
    return {
      memory: new MemoryWindow(limit, windowSeconds * 1000),
      upstash: r
        ? new Ratelimit({
            redis: r,
            limiter: Ratelimit.slidingWindow(limit, `${windowSeconds} s`),
            prefix: `${env().REDIS_PREFIX}rl:${name}`,
            timeout: 0,
          })
        : null,
    };
  };
  return async function check(id: string): Promise<LimitResult> {
    built ??= build();
    const { memory, upstash } = built;
    if (upstash) {
      try {
        const res = await upstash.limit(id);
        return { ok: res.success, limit: res.limit, remaining: res.remaining, reset: new Date(res.reset) };
      } catch {
        // Fall through: limits still hold per process while Redis is away.
      }
    }
    return memory.check(id);
  };
}

/** Seconds until a refused caller may try again. */
export const retryAfterSeconds = (r: LimitResult) =>
  String(Math.max(1, Math.ceil((r.reset.getTime() - Date.now()) / 1000)));
