// Admission on Redis: the engine's answers turned into an admission, with the key's record
// refreshed from Postgres, leases taken and grants waited for until the request's deadline. A
// request that gives up while a send of it went unanswered is settled with Redis first.
import { type KeyRecord, toRecord } from "../keys/cached-state";
import { loadKeyByHash } from "../keys/store";
import { redisGeneration, tripRedisBreaker } from "../redis/breaker";
import { type Admission, decide, type LookupRefused, newRequestId, QuotaUndecided } from "./decision";
import { HeldEpochs } from "./held-epochs";
import { forgetActive, isRefreshed, markActive, markRefreshed } from "./known-keys";
import { leaseOnce } from "./lease";
import { RESOLVE_MS, type RedisQuota } from "./redis-engine";
import { type Answer, RedisUndecided, type Verdict } from "./verdicts";

export class RedisUnavailable extends Error {}

async function viaRedis<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof RedisUndecided) throw err;
    throw new RedisUnavailable(String(err));
  }
}

async function recordFromPostgres(hash: string): Promise<KeyRecord | null> {
  const k = await loadKeyByHash(hash);
  return k ? toRecord(k) : null;
}

export type Options = {
  /** false: a key Redis has never seen exist is refused rather than looked up in Postgres. */
  lookup: boolean;
  /** The caller calls `charge.count()` once the request is answered (the route wrappers). */
  countWhenAnswered?: boolean;
};

export async function consumeWithRedis(
  rq: RedisQuota,
  hash: string,
  now: Date,
  opts: Options,
): Promise<Admission | LookupRefused> {
  const held = new HeldEpochs();
  try {
    return await admitOnRedis(rq, hash, now, opts, held);
  } finally {
    held.release();
  }
}

async function admitOnRedis(
  rq: RedisQuota,
  hash: string,
  now: Date,
  { lookup, countWhenAnswered }: Options,
  held: HeldEpochs,
): Promise<Admission | LookupRefused> {
  const generation = redisGeneration();
  const requestId = newRequestId();
  const deadline = Date.now() + RESOLVE_MS;
  const admitted = (v: Extract<Verdict, { keyId: string }>): Admission => {
    // An "ok" is already counted in the usage buffer (and journaled) by the engine.
    markRefreshed(hash, generation);
    markActive(hash);
    if (v.count && !countWhenAnswered) v.count();
    return decide(v.kind === "ok", v, now, { hash, backend: "redis", requestId, count: v.count }, v.window);
  };
  const putFromPostgres = async () => {
    const record = await recordFromPostgres(hash);
    await viaRedis(() => rq.putRecord(hash, record));
  };
  // Whether a send of this request went unanswered: it may still land and be admitted, so the
  // request is settled with Redis before it gives up (a 503 or the Postgres path).
  let unanswered = false;
  const settleOr = async (giveUp: Error): Promise<Admission> => {
    if (!unanswered) throw giveUp;
    // Redis stopped answering this request: the others go to Postgres while it is settled.
    if (giveUp instanceof RedisUndecided) tripRedisBreaker(giveUp);
    for (let tries = 0; tries < 2; tries++) {
      const v = await viaRedis(() => rq.settle(hash, now, requestId, held));
      if (v.kind === "ok") return admitted(v);
      if (v.kind !== "miss") break;
      // Admitted, but the key's record has left Redis since: put it back, and settle again.
      await putFromPostgres();
    }
    throw giveUp;
  };
  // First use of a key in this process (or since Redis came back): refresh its record from
  // Postgres. Without lookups, what Redis holds is trusted (every change there is published).
  if (!isRefreshed(hash) && lookup) await putFromPostgres();
  while (Date.now() < deadline) {
    let v: Answer;
    try {
      v = await viaRedis(() => rq.admit(hash, now, requestId, deadline, held));
    } catch (err) {
      if (err instanceof RedisUndecided && err.maybeSent) unanswered = true;
      return settleOr(err as Error);
    }
    if (v.unanswered) unanswered = true;
    try {
      switch (v.kind) {
        case "miss": {
          // Only keys Redis has never seen exist cost a lookup when lookups are refused.
          if (!lookup && !v.known) return { ok: false, code: "lookup_refused" };
          await putFromPostgres();
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
          // Redis is up (it answered this round's every send): a 503 (logged with this reason)
          // for this request, and the breaker stays closed.
          return settleOr(new QuotaUndecided("the request's deadline passed while Redis kept answering"));
        case "lease":
          // Postgres errors go up as they are (a 503); a grant whose reply is lost is given up.
          await leaseOnce(rq, hash, v, now);
          continue;
        case "ok":
        case "deny":
          return admitted(v);
      }
    } catch (err) {
      return settleOr(err as Error);
    }
  }
  return settleOr(new QuotaUndecided());
}
