// Admission for one request: verify the key and consume one unit of both windows, on Redis
// when it answers and on Postgres alone when it does not. Returns a value, never throws for
// a refused key or an exhausted quota.
import { type KeyRecord, toRecord } from "../keys/cached-state";
import { loadKeyByHash, type StoredKey } from "../keys/store";
import { TIERS } from "../plans";
import { redisGeneration, redisUsable, tripRedisBreaker } from "../redis/breaker";
import { consumeInPostgres, countsInPostgres } from "./pg-engine";
import { type RedisQuota, redisQuota } from "./redis-engine";
import { type Counts, type QuotaState, quotaState } from "./state";
import { recordUse } from "./usage-buffer";
import { dayOf } from "./windows";

export type KeyRefusal = "invalid_key" | "key_inactive";
export type Admission =
  | { ok: true; keyId: string; quota: QuotaState }
  | { ok: false; code: KeyRefusal }
  | { ok: false; code: "quota_exceeded"; keyId: string; quota: QuotaState; window: "daily" | "monthly" };

/**
 * Keys whose Redis record and counters this process has refreshed from Postgres since Redis was
 * last seen failing. Built per breaker generation: after an outage every key is refreshed again.
 */
const seeded = { generation: -1, hashes: new Set<string>() };

function isSeeded(hash: string): boolean {
  if (seeded.generation !== redisGeneration()) {
    seeded.generation = redisGeneration();
    seeded.hashes = new Set();
  }
  return seeded.hashes.has(hash);
}

// A Redis call still in flight when the breaker tripped must not mark a key for the new period.
function markSeeded(hash: string, generation: number): void {
  if (generation !== seeded.generation) return;
  if (seeded.hashes.size > 100_000) seeded.hashes.clear();
  seeded.hashes.add(hash);
}

class RedisUnavailable extends Error {}

async function viaRedis<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    throw new RedisUnavailable(String(err));
  }
}

type Verdict = { keyId: string; daily: number; monthly: number; dayUsed: number; monthUsed: number };

function decide(admitted: boolean, v: Verdict, now: Date): Admission {
  const quota = quotaState(v, now);
  if (admitted) return { ok: true, keyId: v.keyId, quota };
  // When both ran out, the month is what the caller must wait for.
  const window = v.monthUsed >= v.monthly ? "monthly" : "daily";
  return { ok: false, code: "quota_exceeded", keyId: v.keyId, quota, window };
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

async function consumeWithRedis(rq: RedisQuota, hash: string, now: Date): Promise<Admission> {
  const generation = redisGeneration();
  // First use of a key in this process (or since Redis came back): refresh its record from
  // Postgres and raise its counters to Postgres's, whatever Redis kept meanwhile.
  let mode: "check" | "force" | "seed" = isSeeded(hash) ? "check" : "force";
  if (mode === "force") {
    const record = await recordFromPostgres(hash);
    await viaRedis(() => rq.putRecord(hash, record));
  }
  let seed: Counts | undefined;
  for (let attempt = 0; attempt < 4; attempt++) {
    const v = await viaRedis(() => rq.check(hash, now, mode, seed));
    switch (v.kind) {
      case "miss": {
        const record = await recordFromPostgres(hash);
        await viaRedis(() => rq.putRecord(hash, record));
        continue;
      }
      // Refusals are cached too: made-up keys with a valid checksum cost Redis, not Postgres.
      case "none":
      case "revoked":
        markSeeded(hash, generation);
        return { ok: false, code: "invalid_key" };
      case "inactive":
        markSeeded(hash, generation);
        return { ok: false, code: "key_inactive" };
      case "seed":
        seed = await countsInPostgres(v.keyId, now);
        mode = "seed";
        continue;
      case "ok":
      case "deny":
        markSeeded(hash, generation);
        if (v.kind === "ok") recordUse(v.keyId, dayOf(now));
        return decide(v.kind === "ok", v, now);
    }
  }
  throw new RedisUnavailable("no verdict after retries");
}

async function consumeWithPostgres(hash: string, now: Date): Promise<Admission> {
  const k = await loadKeyByHash(hash);
  const refused = refusal(k);
  if (refused || !k) return { ok: false, code: refused ?? "invalid_key" };
  const plan = TIERS[k.tier];
  const r = await consumeInPostgres(k.id, now, plan);
  const verdict = {
    keyId: k.id,
    daily: plan.daily,
    monthly: plan.monthly,
    dayUsed: r.dayUsed,
    monthUsed: r.monthUsed,
  };
  return decide(r.admitted, verdict, now);
}

export async function consume(hash: string, now: Date): Promise<Admission> {
  const rq = redisQuota();
  if (rq && redisUsable()) {
    try {
      return await consumeWithRedis(rq, hash, now);
    } catch (err) {
      if (!(err instanceof RedisUnavailable)) throw err;
      tripRedisBreaker(err);
    }
  }
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
