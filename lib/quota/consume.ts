// Admission for one request: verify the key and consume one unit of both windows, on Redis
// when it answers and on Postgres alone when it does not. Returns a value, never throws for
// a refused key or an exhausted quota.
import { env } from "../env";
import { loadKeyByHash, type StoredKey } from "../keys/store";
import { log } from "../log";
import { redis } from "../redis";
import { consumeInPostgres, countsInPostgres } from "./pg-engine";
import { type Counts, type KeyRecord, RedisQuota } from "./redis-engine";
import { TIERS } from "./tiers";
import { recordUse } from "./usage-buffer";
import { dayOf, resets } from "./windows";

export type QuotaWindow = { limit: number; used: number; remaining: number; reset: Date };
export type QuotaState = { daily: QuotaWindow; monthly: QuotaWindow };
export type Admission =
  | { ok: true; keyId: string; quota: QuotaState }
  | { ok: false; code: "invalid_key" | "key_inactive" }
  | { ok: false; code: "quota_exceeded"; keyId: string; quota: QuotaState; window: "daily" | "monthly" };

const BREAKER_MS = 2_000;
// `generation` moves on with every outage, so a Redis call that was still in flight when the
// breaker tripped cannot mark a key as seeded for the new period.
const state = {
  downUntil: 0,
  generation: 0,
  engine: undefined as RedisQuota | null | undefined,
  seeded: new Set<string>(),
};

class RedisUnavailable extends Error {}

async function viaRedis<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    throw new RedisUnavailable(String(err));
  }
}

function engine(): RedisQuota | null {
  if (state.engine === undefined) {
    const r = redis();
    state.engine = r ? new RedisQuota(r, env().REDIS_PREFIX) : null;
  }
  return state.engine;
}

export function toRecord(k: StoredKey): KeyRecord {
  return {
    status: k.status,
    daily: TIERS[k.tier].daily,
    monthly: TIERS[k.tier].monthly,
    keyId: k.id,
    version: k.version,
  };
}

function quotaState(
  v: { daily: number; monthly: number; dayUsed: number; monthUsed: number },
  now: Date,
): QuotaState {
  const r = resets(now);
  const w = (limit: number, used: number, reset: Date) => ({
    limit,
    used,
    remaining: Math.max(0, limit - used),
    reset,
  });
  return { daily: w(v.daily, v.dayUsed, r.daily), monthly: w(v.monthly, v.monthUsed, r.monthly) };
}

type Verdict = { keyId: string; daily: number; monthly: number; dayUsed: number; monthUsed: number };

function decide(admitted: boolean, v: Verdict, now: Date): Admission {
  const quota = quotaState(v, now);
  if (admitted) return { ok: true, keyId: v.keyId, quota };
  // When both ran out, the month is what the caller must wait for.
  return {
    ok: false,
    code: "quota_exceeded",
    keyId: v.keyId,
    quota,
    window: v.monthUsed >= v.monthly ? "monthly" : "daily",
  };
}

function refusal(k: StoredKey | null): Admission | null {
  if (!k || k.status === "revoked") return { ok: false, code: "invalid_key" };
  if (k.status === "inactive") return { ok: false, code: "key_inactive" };
  return null;
}

function markSeeded(hash: string, generation: number): void {
  if (generation !== state.generation) return;
  if (state.seeded.size > 100_000) state.seeded.clear();
  state.seeded.add(hash);
}

async function consumeWithRedis(rq: RedisQuota, hash: string, now: Date): Promise<Admission> {
  const generation = state.generation;
  // First use of a key in this process (or since Redis came back): refresh its record from
  // Postgres and raise its counters to Postgres's, whatever Redis kept meanwhile.
  let mode: "check" | "force" | "seed" = state.seeded.has(hash) ? "check" : "force";
  if (mode === "force") {
    const k = await loadKeyByHash(hash);
    await viaRedis(() => rq.putRecord(hash, k ? toRecord(k) : null));
  }
  let seed: Counts | undefined;
  for (let attempt = 0; attempt < 4; attempt++) {
    const v = await viaRedis(() => rq.check(hash, now, mode, seed));
    switch (v.kind) {
      case "miss": {
        const k = await loadKeyByHash(hash);
        await viaRedis(() => rq.putRecord(hash, k ? toRecord(k) : null));
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
  if (refused || !k) return refused!;
  const limits = TIERS[k.tier];
  const r = await consumeInPostgres(k.id, now, limits);
  return decide(
    r.admitted,
    { keyId: k.id, daily: limits.daily, monthly: limits.monthly, dayUsed: r.dayUsed, monthUsed: r.monthUsed },
    now,
  );
}

export async function consume(hash: string, now: Date): Promise<Admission> {
  const rq = engine();
  if (rq && Date.now() >= state.downUntil) {
    try {
      return await consumeWithRedis(rq, hash, now);
    } catch (err) {
      if (!(err instanceof RedisUnavailable)) throw err;
      markRedisDown(err);
    }
  }
  return consumeWithPostgres(hash, now);
}

/** Checks a key without consuming quota (DELETE /api/keys/me): always from Postgres. */
export async function verifyWithoutConsuming(
  hash: string,
): Promise<{ ok: true; key: StoredKey } | { ok: false; code: "invalid_key" | "key_inactive" }> {
  const k = await loadKeyByHash(hash);
  const refused = refusal(k);
  return refused || !k
    ? (refused as { ok: false; code: "invalid_key" | "key_inactive" })
    : { ok: true, key: k };
}

/** Today's and this month's use: Redis counters when it has them, else Postgres. */
export async function currentCounts(hash: string, keyId: string, now: Date): Promise<Counts> {
  const pg = await countsInPostgres(keyId, now);
  const rq = engine();
  if (!rq || Date.now() < state.downUntil) return pg;
  try {
    const r = await rq.counters(hash, now);
    return { day: Math.max(pg.day, r.day ?? 0), month: Math.max(pg.month, r.month ?? 0) };
  } catch (err) {
    markRedisDown(err);
    return pg;
  }
}

/**
 * Replaces a key's cached record after Postgres changed it (revoke, activation, tier). Retried;
 * if Redis stays away, the record's two-minute lifetime bounds how long it can be stale, and
 * every process that saw the outage re-reads it from Postgres first.
 */
export async function publishKeyState(k: StoredKey): Promise<void> {
  const rq = engine();
  if (!rq) return;
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      await rq.putRecord(k.hash, toRecord(k));
      return;
    } catch (err) {
      if (attempt === 2) markRedisDown(err);
      else await new Promise((r) => setTimeout(r, 50 * (attempt + 1)));
    }
  }
}

function markRedisDown(err: unknown): void {
  if (Date.now() >= state.downUntil)
    log.warn("Redis unavailable; quotas on Postgres", { error: String(err) });
  state.downUntil = Date.now() + BREAKER_MS;
  state.generation++;
  state.seeded = new Set();
}
