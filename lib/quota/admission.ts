// Admission for one request: verify the key and consume one unit of both windows, on Redis
// when it answers and on Postgres alone when it does not. Returns a value, never throws for
// a refused key or an exhausted quota.
//
// Both paths draw from one ledger in Postgres (reserve_quota): Redis admits only within units
// leased to it, Postgres only from what is left. Whatever Redis answers late, loses or never
// answers, the two together cannot pass a limit (docs/decisions/0001-exact-quotas.md).
import { TIERS } from "../core/plans";
import { loadKeyByHash, type StoredKey } from "../keys/store";
import { redisUsable, tripRedisBreaker } from "../redis/breaker";
import {
  type Admission,
  decide,
  type KeyRefusal,
  type LookupRefused,
  newRequestId,
  QuotaUndecided,
} from "./decision";
import { forgetActive, markActive } from "./known-keys";
import { admitInPostgres } from "./pg-engine";
import { consumeWithRedis, type Options, RedisUnavailable } from "./redis-admission";
import { redisQuota } from "./redis-engine";
import { releaseLater } from "./release";
import { flushUsage } from "./usage-buffer";
import { RedisUndecided } from "./verdicts";

export type { Admission, Charge, KeyRefusal, LookupRefused } from "./decision";
export { QuotaUndecided } from "./decision";
export { isKnownActive } from "./known-keys";
export { refund } from "./release";

function refusal(k: StoredKey | null): KeyRefusal | null {
  if (!k || k.status === "revoked") return "invalid_key";
  if (k.status === "inactive") return "key_inactive";
  return null;
}

async function admitOnce(keyId: string, now: Date, plan: { daily: number; monthly: number }) {
  const requestId = newRequestId();
  try {
    return { ...(await admitInPostgres(keyId, now, plan, requestId)), requestId };
  } catch (err) {
    // No reply: the statement may still commit. Cancel it by id until Postgres answers, so
    // the request that is about to get a 503 is never charged.
    releaseLater(requestId, keyId, now);
    throw err;
  }
}

async function consumeWithPostgres(hash: string, now: Date): Promise<Admission> {
  const k = await loadKeyByHash(hash);
  const refused = refusal(k);
  if (refused || !k) {
    forgetActive(hash);
    return { ok: false, code: refused ?? "invalid_key" };
  }
  markActive(hash);
  const plan = TIERS[k.tier];
  let r = await admitOnce(k.id, now, plan);
  // Out of room, but some of the day's units are not shown used: this process's own answered
  // requests not yet written (written now, then asked again), or units still unused in the
  // allowance of a Redis this process cannot reach. For those the honest answer is "not now".
  if (r.granted === 0 && r.window === "daily" && r.unsettled > 0) {
    await flushUsage();
    r = await admitOnce(k.id, now, plan);
    if (r.granted === 0 && r.window === "daily" && r.unsettled > 0) {
      throw new QuotaUndecided("units of the day may still be unused in Redis");
    }
  }
  const tally = {
    keyId: k.id,
    daily: plan.daily,
    monthly: plan.monthly,
    dayUsed: r.dayTotal,
    monthUsed: r.monthTotal,
  };
  return decide(
    r.granted === 1,
    tally,
    now,
    { hash, backend: "postgres", requestId: r.requestId },
    r.window ?? undefined,
  );
}

/**
 * `lookup: false` (the caller's address has reached its keyless limit): a key Redis has
 * never seen exist is refused rather than looked up in Postgres; real keys go on as usual.
 * On the Postgres path a request is charged as it is admitted, in the same transaction.
 */
export async function consume(
  hash: string,
  now: Date,
  opts: Options = { lookup: true },
): Promise<Admission | LookupRefused> {
  const rq = redisQuota();
  if (rq && redisUsable()) {
    try {
      return await consumeWithRedis(rq, hash, now, opts);
    } catch (err) {
      if (!(err instanceof RedisUnavailable || err instanceof RedisUndecided)) throw err;
      tripRedisBreaker(err);
    }
  }
  if (!opts.lookup) return { ok: false, code: "lookup_refused" };
  return consumeWithPostgres(hash, now);
}

/** Checks a key without consuming quota (DELETE /api/keys/me): always from Postgres. */
export async function verifyWithoutConsuming(
  hash: string,
): Promise<{ ok: true; key: StoredKey } | { ok: false; code: KeyRefusal }> {
  const k = await loadKeyByHash(hash);
  const refused = refusal(k);
  return refused || !k ? { ok: false, code: refused ?? "invalid_key" } : { ok: true, key: k };
}
