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
const state = { downUntil: 0, engine: undefined as RedisQuota | null | undefined, seeded: new Set<string>() };

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
  return { status: k.status, daily: TIERS[k.tier].daily, monthly: TIERS[k.tier].monthly, keyId: k.id };
}

function quotaState(v: { daily: number; monthly: number; dayUsed: number; monthUsed: number }, now: Date): QuotaState {
  const r = resets(now);
  const w = (limit: number, used: number, reset: Date) => ({ limit, used, remaining: Math.max(0, limit - used), reset });
  return { daily: w(v.daily, v.dayUsed, r.daily), monthly: w(v.monthly, v.monthUsed, r.monthly) };
}

type Verdict = { keyId: string; daily: number; monthly: number; dayUsed: number; monthUsed: number };

function decide(admitted: boolean, v: Verdict, now: Date): Admission {
  const quota = quotaState(v, now);
  if (admitted) return { ok: true, keyId: v.keyId, quota };
  return { ok: false, code: "quota_exceeded", keyId: v.keyId, quota, window: v.dayUsed >= v.daily ? "daily" : "monthly" };
}

function refusal(k: StoredKey | null): Admission | null {
  if (!k || k.status === "revoked") return { ok: false, code: "invalid_key" };
  if (k.status === "inactive") return { ok: false, code: "key_inactive" };
  return null;
}

async function consumeWithRedis(rq: RedisQuota, hash: string, now: Date): Promise<Admission> {
  // First use of a key in this process (or since Redis came back): refresh its record from
  // Postgres and raise its counters to Postgres's, whatever Redis kept meanwhile.
  let mode: "check" | "force" | "seed" = state.seeded.has(hash) ? "check" : "force";
  if (mode === "force") {
    const k = await loadKeyByHash(hash);
    await viaRedis(() => rq.putRecord(hash, k ? toRecord(k) : null, true));
  }
  let seed: Counts | undefined;
  for (let attempt = 0; attempt < 4; attempt++) {
    const v = await viaRedis(() => rq.check(hash, now, mode, seed));
    switch (v.kind) {
      case "miss": {
        const k = await loadKeyByHash(hash);
        await viaRedis(() => rq.putRecord(hash, k ? toRecord(k) : null, false));
        continue;
      }
      case "none":
      case "revoked":
        return { ok: false, code: "invalid_key" };
      case "inactive":
        return { ok: false, code: "key_inactive" };
      case "seed":
        seed = await countsInPostgres(v.keyId, now);
        mode = "seed";
        continue;
      case "ok":
      case "deny":
        if (state.seeded.size > 100_000) state.seeded.clear();
        state.seeded.add(hash);
        if (v.kind === "ok") recordUse(v.keyId, dayOf(now));
        return decide(v.kind === "ok", v, now);
    }
  }
  throw new Error("quota: Redis gave no verdict");
}

async function consumeWithPostgres(hash: string, now: Date): Promise<Admission> {
  const k = await loadKeyByHash(hash);
  const refused = refusal(k);
  if (refused || !k) return refused!;
  const limits = TIERS[k.tier];
  const r = await consumeInPostgres(k.id, now, limits);
  return decide(r.admitted, { keyId: k.id, daily: limits.daily, monthly: limits.monthly, dayUsed: r.dayUsed, monthUsed: r.monthUsed }, now);
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
export async function verifyWithoutConsuming(hash: string): Promise<{ ok: true; key: StoredKey } | { ok: false; code: "invalid_key" | "key_inactive" }> {
  const k = await loadKeyByHash(hash);
  const refused = refusal(k);
  return refused || !k ? (refused as { ok: false; code: "invalid_key" | "key_inactive" }) : { ok: true, key: k };
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

/** Overwrites a key's cached record after Postgres changed it (revoke, activation, tier). */
export async function publishKeyState(k: StoredKey): Promise<void> {
  const rq = engine();
  if (!rq) return;
  try {
    await rq.putRecord(k.hash, toRecord(k), true);
  } catch (err) {
    // Every process re-reads records from Postgres on its first use after an outage.
    markRedisDown(err);
  }
}

function markRedisDown(err: unknown): void {
  if (Date.now() >= state.downUntil) log.warn("Redis unavailable; quotas on Postgres", { error: String(err) });
  state.downUntil = Date.now() + BREAKER_MS;
  state.seeded = new Set();
}
