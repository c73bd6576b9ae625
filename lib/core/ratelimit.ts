// Per-identifier limits for keyless and browser-facing traffic (site search, sign-in links,
// registration, requests without a valid key): @upstash/ratelimit on the shared Redis, and
// per-process memory while Redis is absent or the breaker is open (never unlimited, never slow).
import { Ratelimit } from "@upstash/ratelimit";
import { redisUsable, tripRedisBreaker } from "../redis/breaker";
import { redis } from "../redis/client";
import { env } from "./env";

export type LimitResult = { ok: boolean; limit: number; remaining: number; reset: Date };
/** A sliding window of `seconds`, or a fixed UTC day (`"day"`, reset at 00:00 UTC). */
export type Window = { seconds: number } | "day";

const MAX_IDS = 50_000; // ids are client-chosen: memory stays bounded

interface MemoryLimit {
  check(id: string, spend: boolean, now?: number): LimitResult;
}

class MemorySliding implements MemoryLimit {
  private readonly hits = new Map<string, number[]>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  check(id: string, spend: boolean, now = Date.now()): LimitResult {
    const recent = (this.hits.get(id) ?? []).filter((t) => t > now - this.windowMs);
    const ok = recent.length < this.limit;
    if (ok && spend) recent.push(now);
    if (this.hits.size > MAX_IDS) this.hits.clear();
    this.hits.set(id, recent);
    const reset = new Date((recent[0] ?? now) + this.windowMs);
    return { ok, limit: this.limit, remaining: Math.max(0, this.limit - recent.length), reset };
  }
}

const nextUtcDay = (now: number) => {
  const d = new Date(now);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + 1);
};

class MemoryDaily implements MemoryLimit {
  private readonly used = new Map<string, { reset: number; n: number }>();

  constructor(private readonly limit: number) {}

  check(id: string, spend: boolean, now = Date.now()): LimitResult {
    const reset = nextUtcDay(now);
    const entry = this.used.get(id);
    const n = entry && entry.reset === reset ? entry.n : 0;
    const ok = n < this.limit;
    const after = ok && spend ? n + 1 : n;
    if (this.used.size > MAX_IDS) this.used.clear();
    this.used.set(id, { reset, n: after });
    return { ok, limit: this.limit, remaining: Math.max(0, this.limit - after), reset: new Date(reset) };
  }
}

// The memory fallback of each named limiter is one per process, on globalThis: Next bundles a
// copy of this module for the pages and another for the route handlers, and a limit they share
// (the site's, counted by /jobs and /api/jobs alike) must be one count there too, not one per copy.
const g = globalThis as unknown as { memoryLimits?: Map<string, MemoryLimit> };
g.memoryLimits ??= new Map();
const memoryLimits = g.memoryLimits;

function memoryLimitFor(name: string, limit: number, window: Window): MemoryLimit {
  const id = `${name}:${limit}:${window === "day" ? "day" : window.seconds}`;
  let found = memoryLimits.get(id);
  if (!found) {
    found = window === "day" ? new MemoryDaily(limit) : new MemorySliding(limit, window.seconds * 1000);
    memoryLimits.set(id, found);
  }
  return found;
}

export type Limiter = {
  /** Spends one unit when there is room. */
  (id: string): Promise<LimitResult>;
  /** Whether there is room, without spending. */
  peek(id: string): Promise<LimitResult>;
};

/** A limiter built on first use (not at import: `next build` imports routes without env). */
export function createLimiter(name: string, limit: number, window: Window): Limiter {
  let built: { memory: MemoryLimit; upstash: Ratelimit | null } | undefined;
  const build = () => {
    const r = redis();
    const algorithm =
      window === "day"
        ? Ratelimit.fixedWindow(limit, "1 d")
        : Ratelimit.slidingWindow(limit, `${window.seconds} s`);
    return {
      memory: memoryLimitFor(name, limit, window),
      upstash: r
        ? new Ratelimit({
            redis: r,
            limiter: algorithm,
            // One hash tag per limiter: its scripts pass every key they touch (a sliding
            // window's two counters, and the dynamic-limit key, which the library sends as ""
            // when dynamic limits are off, a key of another slot) and a Redis Cluster refuses
            // a script whose keys span slots (CROSSSLOT), which opened the breaker for quotas
            // too. With dynamic limits on, that key is the prefix's own, so all share a slot.
            // The price: one limiter's counters live on one cluster node.
            prefix: `${env().REDIS_PREFIX}{rl:${name}}`,
            dynamicLimits: true,
            timeout: 0,
          })
        : null,
    };
  };
  const run = async (id: string, spend: boolean): Promise<LimitResult> => {
    built ??= build();
    const { memory, upstash } = built;
    if (upstash && redisUsable()) {
      try {
        if (spend) {
          const res = await upstash.limit(id);
          return { ok: res.success, limit: res.limit, remaining: res.remaining, reset: new Date(res.reset) };
        }
        const res = await upstash.getRemaining(id);
        return { ok: res.remaining > 0, limit, remaining: res.remaining, reset: new Date(res.reset) };
      } catch (err) {
        tripRedisBreaker(err);
      }
    }
    return memory.check(id, spend);
  };
  return Object.assign((id: string) => run(id, true), { peek: (id: string) => run(id, false) });
}

/** Seconds until a refused caller may try again. */
export const retryAfterSeconds = (r: LimitResult) =>
  String(Math.max(1, Math.ceil((r.reset.getTime() - Date.now()) / 1000)));
