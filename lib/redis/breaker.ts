// The Redis breaker: after a Redis call fails, Redis is left alone for two seconds and callers
// use their fallback (Postgres for quotas, per-process memory for site limits). One breaker per
// process, on globalThis, because Next bundles its own copy of lib/ for route handlers and
// server.ts loads another: both must see the same outage.
import { log } from "../core/log";

const OPEN_MS = 2_000;

type Breaker = { downUntil: number; generation: number };
const g = globalThis as unknown as { redisBreaker?: Breaker };
g.redisBreaker ??= { downUntil: 0, generation: 0 };
const breaker: Breaker = g.redisBreaker;

/** False while the breaker is open. */
export function redisUsable(now = Date.now()): boolean {
  return now >= breaker.downUntil;
}

/**
 * Counts outages: it moves on at every trip, so work begun before an outage (a Redis call still
 * in flight when the breaker opened) can tell it belongs to an earlier period.
 */
export function redisGeneration(): number {
  return breaker.generation;
}

export function tripRedisBreaker(err: unknown): void {
  if (redisUsable()) log.warn("Redis unavailable; using the fallback for 2 s", { error: String(err) });
  breaker.downUntil = Date.now() + OPEN_MS;
  breaker.generation++;
}
