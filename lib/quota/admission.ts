// Admission for one request: verify the key and consume one unit of both windows, on Redis
// when it answers and on Postgres alone when it does not. Returns a value, never throws for
// a refused key or an exhausted quota.
//
// Both paths draw from one ledger in Postgres (reserve_quota): Redis admits only within units
// leased to it, Postgres only from what is left. Whatever Redis answers late, loses or never
// answers, the two together cannot pass a limit (docs/decisions/0001-exact-quotas.md).
import { randomBytes } from "node:crypto";
import { TIERS } from "../core/plans";
import { type KeyRecord, toRecord } from "../keys/cached-state";
import { loadKeyByHash, type StoredKey } from "../keys/store";
import { recordQuotaDecision } from "../metrics/registry";
import { redisGeneration, redisUsable, tripRedisBreaker } from "../redis/breaker";
import { forgetActive, isRefreshed, markActive, markRefreshed } from "./known-keys";
import { leaseOnce } from "./lease";
import { admitInPostgres } from "./pg-engine";
import { RESOLVE_MS, type RedisQuota, RedisUndecided, redisQuota, type Verdict } from "./redis-engine";
import { releaseLater } from "./release";
import { type QuotaState, quotaState } from "./state";
import { flushUsage } from "./usage-buffer";

export { isKnownActive } from "./known-keys";
export { refund } from "./release";

export type KeyRefusal = "invalid_key" | "key_inactive";
/** Admission could only go on by asking Postgres, which the caller did not allow. */
export type LookupRefused = { ok: false; code: "lookup_refused" };
/** Where a request's unit was taken, so that it can be given back. */
export type Charge = {
  keyId: string;
  hash: string;
  at: Date;
  backend: "redis" | "postgres";
  /** The id it was admitted under (a refund gives the unit back by that id). */
  requestId: string;
  /**
   * Counts it in the usage buffer (Redis path), when the caller asked to do that itself once
   * the request is answered (`countWhenAnswered`); idempotent, and a no-op otherwise.
   */
  count: () => void;
};
export type Admission =
  | { ok: true; keyId: string; quota: QuotaState; charge: Charge }
  | { ok: false; code: KeyRefusal }
  | { ok: false; code: "quota_exceeded"; keyId: string; quota: QuotaState; window: "daily" | "monthly" };

/** Thrown when neither path could decide in time; isUnavailable() maps it to a 503, uncharged. */
export class QuotaUndecided extends Error {
  constructor(why = "Redis kept asking for a lease until the request's deadline") {
    super(`quota undecided: ${why}`);
  }
}

class RedisUnavailable extends Error {}

async function viaRedis<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof RedisUndecided) throw err;
    throw new RedisUnavailable(String(err));
  }
}

type Tally = { keyId: string; daily: number; monthly: number; dayUsed: number; monthUsed: number };

const nothing = () => {};

function decide(
  admitted: boolean,
  v: Tally,
  now: Date,
  charge: Omit<Charge, "keyId" | "at" | "count"> & { count?: () => void },
  window?: "daily" | "monthly",
): Admission {
  const used = { ...v, dayUsed: Math.min(v.daily, v.dayUsed), monthUsed: Math.min(v.monthly, v.monthUsed) };
  // A refusal means no unit is left in the window that ran out, whatever the running counts say
  // (a unit leased to Redis and lost with it is spent).
  if (!admitted && window === "daily") used.dayUsed = v.daily;
  if (!admitted && window === "monthly") used.monthUsed = v.monthly;
  const quota = quotaState(used, now);
  recordQuotaDecision(admitted, charge.backend);
  if (admitted) {
    return {
      ok: true,
      keyId: v.keyId,
      quota,
      charge: { count: nothing, ...charge, keyId: v.keyId, at: now },
    };
  }
  const ran = window ?? (v.monthUsed >= v.monthly ? "monthly" : "daily");
  return { ok: false, code: "quota_exceeded", keyId: v.keyId, quota, window: ran };
}

function refusal(k: StoredKey | null): KeyRefusal | null {
  if (!k || k.status === "revoked") return "invalid_key";
  if (k.status === "inactive") return "key_inactive";
  return null;
}

async function recordFromPostgres(hash: string): Promise<KeyRecord | null> {
  const k = await loadKeyByHash(hash);
  return k ? toRecord(k) : null;
}

const newRequestId = () => `${Date.now()}-${randomBytes(6).toString("hex")}`;

type Options = {
  /** false: a key Redis has never seen exist is refused rather than looked up in Postgres. */
  lookup: boolean;
  /** The caller calls `charge.count()` once the request is answered (the route wrappers). */
  countWhenAnswered?: boolean;
};

async function consumeWithRedis(
  rq: RedisQuota,
  hash: string,
  now: Date,
  { lookup, countWhenAnswered }: Options,
): Promise<Admission | LookupRefused> {
  const generation = redisGeneration();
  const requestId = newRequestId();
  const deadline = Date.now() + RESOLVE_MS;
  // First use of a key in this process (or since Redis came back): refresh its record from
  // Postgres. Without lookups, what Redis holds is trusted (every change there is published).
  if (!isRefreshed(hash) && lookup) {
    const record = await recordFromPostgres(hash);
    await viaRedis(() => rq.putRecord(hash, record));
  }
  while (Date.now() < deadline) {
    const v: Verdict = await viaRedis(() => rq.admit(hash, now, requestId, deadline));
    switch (v.kind) {
      case "miss": {
        // Only keys Redis has never seen exist cost a lookup when lookups are refused.
        if (!lookup && !v.known) return { ok: false, code: "lookup_refused" };
        const record = await recordFromPostgres(hash);
        await viaRedis(() => rq.putRecord(hash, record));
        continue;
      }
      // Refusals are cached too: made-up keys with a valid checksum cost Redis, not Postgres.
      case "none":
      case "revoked":
        forgetActive(hash);
        markRefreshed(hash, generation);
        return { ok: false, code: "invalid_key" };
      case "inactive":
        markRefreshed(hash, generation);
        return { ok: false, code: "key_inactive" };
      case "wait":
        await new Promise((r) => setTimeout(r, 25));
        continue;
      case "out-of-time":
        // Redis is up (it answered this round's every send): a 503 (logged with this reason) for
        // this request, and the breaker stays closed.
        throw new QuotaUndecided("the request's deadline passed while Redis kept answering");
      case "lease":
        // Postgres errors go up as they are (a 503); a grant whose reply is lost is given up.
        await leaseOnce(rq, hash, v, now);
        continue;
      case "ok":
      case "deny":
        // An "ok" is already counted in the usage buffer (and journaled) by the engine.
        markRefreshed(hash, generation);
        markActive(hash);
        if (v.count && !countWhenAnswered) v.count();
        return decide(
          v.kind === "ok",
          v,
          now,
          { hash, backend: "redis", requestId, count: v.count },
          v.window,
        );
    }
  }
  throw new QuotaUndecided();
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
