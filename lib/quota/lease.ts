// Leases from the Postgres ledger to a key's Redis allowance, one at a time per key in this
// process: every request that finds the allowance spent while a lease is under way waits for
// that lease instead of asking Postgres itself, and the next lease is sized for them.
import { leaseFromPostgres } from "./pg-engine";
import type { RedisQuota } from "./redis-engine";

type Pending = { done: Promise<void>; joined: number };

// On globalThis: Next bundles its own copy of lib/ for route handlers.
const g = globalThis as unknown as { quotaLeases?: Map<string, Pending>; quotaDemand?: Map<string, number> };
g.quotaLeases ??= new Map();
g.quotaDemand ??= new Map();
const pending = g.quotaLeases;
const demand = g.quotaDemand;

const newLeaseId = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`;

/**
 * Makes sure a lease was asked for after the caller saw its key's allowance spent. Resolves when
 * it has been added to Redis (or Postgres had nothing left, which Redis then remembers).
 */
export function leaseOnce(
  rq: RedisQuota,
  hash: string,
  v: { keyId: string; daily: number; monthly: number },
  now: Date,
  deadline: number,
): Promise<void> {
  const under = pending.get(hash);
  if (under) {
    under.joined++;
    return under.done;
  }
  const entry: Pending = { done: Promise.resolve(), joined: 0 };
  entry.done = (async () => {
    try {
      const r = await leaseFromPostgres(v.keyId, now, v, demand.get(hash) ?? 1);
      const full = r.window ? `${v.daily}:${v.monthly}:${r.window}` : "";
      await rq.grant(
        hash,
        now,
        { id: newLeaseId(), units: r.granted, dayTotal: r.dayTotal, monthTotal: r.monthTotal, full },
        deadline,
      );
    } finally {
      pending.delete(hash);
      if (demand.size > 10_000) demand.clear();
      demand.set(hash, entry.joined + 1);
    }
  })();
  pending.set(hash, entry);
  return entry.done;
}
