// Admission for one request: verify the key and consume one unit of both windows, on Redis
// when it answers and on Postgres alone when it does not. Returns a value, never throws for
// a refused key or an exhausted quota.
import { type KeyRecord, toRecord } from "../keys/cached-state";
import { loadKeyByHash, type StoredKey } from "../keys/store";
import { log } from "../log";
import { recordQuotaDecision } from "../metrics/registry";
import { TIERS } from "../plans";
import { redisGeneration, redisUsable, tripRedisBreaker } from "../redis/breaker";
import { consumeInPostgres, countsInPostgres } from "./pg-engine";
import { type RedisQuota, redisQuota } from "./redis-engine";
import { type Counts, type QuotaState, quotaState } from "./state";
import { recordUse } from "./usage-buffer";
import { dayOf } from "./windows";

export type KeyRefusal = "invalid_key" | "key_inactive";
/** Admission could only go on by asking Postgres, which the caller did not allow. */
export type LookupRefused = { ok: false; code: "lookup_refused" };
/** Where a request's unit was taken, so that it can be given back. */
export type Charge = { keyId: string; hash: string; at: Date; backend: "redis" | "postgres" };
export type Admission =
  | { ok: true; keyId: string; quota: QuotaState; charge: Charge }
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

/** Keys this process has seen active: a hint that lets them skip the keyless budget check. */
const active = new Set<string>();

function markActive(hash: string): void {
  if (active.size > 100_000) active.clear();
  active.add(hash);
}

export const isKnownActive = (hash: string) => active.has(hash);

/**
 * Redis admissions under way in this process, on globalThis like the breaker (Next bundles its
 * own copy of this module). When the breaker opens, some may still come back admitted: the
 * Postgres path waits for them (each is bounded by the Redis client's command timeout), so
 * their units are in the usage buffer, and so in Postgres's count, before it admits anyone.
 */
const g = globalThis as unknown as { redisAdmissions?: Set<Promise<unknown>> };
g.redisAdmissions ??= new Set();
const redisAdmissions = g.redisAdmissions;

function tracked<T>(admission: Promise<T>): Promise<T> {
  redisAdmissions.add(admission);
  const done = () => redisAdmissions.delete(admission);
  admission.then(done, done);
  return admission;
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

function decide(admitted: boolean, v: Verdict, now: Date, charge: Omit<Charge, "keyId" | "at">): Admission {
  const quota = quotaState(v, now);
  recordQuotaDecision(admitted, charge.backend);
  if (admitted) return { ok: true, keyId: v.keyId, quota, charge: { ...charge, keyId: v.keyId, at: now } };
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

async function consumeWithRedis(
  rq: RedisQuota,
  hash: string,
  now: Date,
  lookup: boolean,
): Promise<Admission | LookupRefused> {
  const generation = redisGeneration();
  // First use of a key in this process (or since Redis came back): refresh its record from
  // Postgres and raise its counters to Postgres's, whatever Redis kept meanwhile. Without
  // lookups, what Redis holds is trusted (every change there is published at once).
  let mode: "check" | "force" | "seed" = isSeeded(hash) || !lookup ? "check" : "force";
  if (mode === "force") {
    const record = await recordFromPostgres(hash);
    await viaRedis(() => rq.putRecord(hash, record));
  }
  let seed: Counts | undefined;
  for (let attempt = 0; attempt < 4; attempt++) {
    const v = await viaRedis(() => rq.check(hash, now, mode, seed));
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
        active.delete(hash);
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
        // An "ok" is already counted in the usage buffer (and journaled) by the engine.
        markSeeded(hash, generation);
        markActive(hash);
        return decide(v.kind === "ok", v, now, { hash, backend: "redis" });
    }
  }
  throw new RedisUnavailable("no verdict after retries");
}

async function consumeWithPostgres(hash: string, now: Date): Promise<Admission> {
  if (redisAdmissions.size > 0) await Promise.allSettled([...redisAdmissions]);
  const k = await loadKeyByHash(hash);
  const refused = refusal(k);
  if (refused || !k) {
    active.delete(hash);
    return { ok: false, code: refused ?? "invalid_key" };
  }
  markActive(hash);
  const plan = TIERS[k.tier];
  const r = await consumeInPostgres(k.id, now, plan);
  const verdict = {
    keyId: k.id,
    daily: plan.daily,
    monthly: plan.monthly,
    dayUsed: r.dayUsed,
    monthUsed: r.monthUsed,
  };
  return decide(r.admitted, verdict, now, { hash, backend: "postgres" });
}

/**
 * `lookup: false` (the caller's address has spent its budget for unknown keys): a key Redis has
 * never seen exist is refused rather than looked up in Postgres; real keys go on as usual.
 */
export async function consume(
  hash: string,
  now: Date,
  opts: { lookup: boolean } = { lookup: true },
): Promise<Admission | LookupRefused> {
  const rq = redisQuota();
  if (rq && redisUsable()) {
    try {
      return await tracked(consumeWithRedis(rq, hash, now, opts.lookup));
    } catch (err) {
      if (!(err instanceof RedisUnavailable)) throw err;
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

/**
 * Gives back the unit of an admitted request that the service failed (5xx) or that did no work
 * (304, 405), in Redis and in the Postgres ledger alike. A refund Redis cannot take leaves its
 * counter one high until the day ends (never low: callers are never given extra).
 */
export async function refund(charge: Charge): Promise<void> {
  // Through the usage buffer on both paths: it reaches the ledger as soon as Postgres answers,
  // and the Postgres path flushes it before its next admission. On Redis the engine counts it
  // (in the epoch whose journal the refund script writes), whatever Redis answers.
  const rq = redisQuota();
  if (charge.backend === "postgres" || !rq || !redisUsable()) {
    recordUse(charge.keyId, dayOf(charge.at), -1);
    return;
  }
  try {
    await rq.refund(charge.hash, charge.keyId, charge.at);
  } catch (err) {
    tripRedisBreaker(err);
    log.warn("quota refund not taken by Redis", { key_id: charge.keyId });
  }
}
