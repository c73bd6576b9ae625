// Leases from the Postgres ledger to a key's Redis allowance, one at a time per key in this
// process: every request that finds the allowance spent while a lease is under way waits for
// that lease instead of asking Postgres itself, and the next lease is sized for them.
import { isReplyError } from "../redis/client";
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
      // The key's leased units, and how many of them were leased long enough ago that their
      // grants cannot still be on their way.
      const settled = Math.max(0, r.keyLeased - r.recentUnits);
      const full = r.window ? `${v.daily}:${v.monthly}:${r.window}:${settled}:${r.keyLeased}` : "";
      try {
        await rq.grant(hash, now, {
          id: newLeaseId(),
          units: r.granted,
          dayTotal: r.dayTotal,
          monthTotal: r.monthTotal,
          full,
        });
      } catch (err) {
        // A reply error is an answer (a bug): up it goes. Otherwise the grant may or may not
        // have run; it is never sent again, and the admission asks Redis (and, if need be,
        // Postgres for another lease) afresh.
        if (isReplyError(err)) throw err;
      }
    } finally {
      pending.delete(hash);
      if (demand.size > 10_000) demand.clear();
      demand.set(hash, entry.joined + 1);
    }
  })();
  pending.set(hash, entry);
  return entry.done;
}
