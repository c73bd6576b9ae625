// Today's and this month's use of a key, for the Studio: no quota is consumed.
import { redisUsable, tripRedisBreaker } from "../redis/breaker";
import { countsInPostgres } from "./pg-engine";
import { redisQuota } from "./redis-engine";
import type { Counts } from "./state";

/** Redis counters when it has them (Postgres lags by a flush), else Postgres. */
export async function currentCounts(hash: string, keyId: string, now: Date): Promise<Counts> {
  const pg = await countsInPostgres(keyId, now);
  const rq = redisQuota();
  if (!rq || !redisUsable()) return pg;
  try {
    const r = await rq.counters(hash, now);
    return r ? { day: Math.max(pg.day, r.day), month: Math.max(pg.month, r.month) } : pg;
  } catch (err) {
    tripRedisBreaker(err);
    return pg;
  }
}
