// The Redis copy of a key's state (status, plan limits, version), which the quota script reads
// on every request so that a request costs one Redis round trip and no Postgres query.
// Postgres stays the system of record: every change there is pushed here at once.
import type { Redis } from "@upstash/redis";
import { env } from "../core/env";
import { TIERS } from "../core/plans";
import { tripRedisBreaker } from "../redis/breaker";
import { redis } from "../redis/client";
import type { StoredKey } from "./store";

export type KeyRecord = {
  status: "inactive" | "active" | "revoked";
  daily: number;
  monthly: number;
  keyId: string;
  version: number;
};

// Writes a key's record unless the stored one has a newer version: a slow loader can never
// put back a state that a revocation or plan change has replaced. KEYS: record.
// ARGV: value, version, TTL, "1" when the key exists. KEYS[2] marks a key that exists, for a
// month: it lets a real key be looked up even from an address that reached its keyless limit.
const PUT_SCRIPT = `
local cur = redis.call('GET', KEYS[1])
if cur and tonumber(string.match(cur, ':(%d+)$') or '0') > tonumber(ARGV[2]) then return 0 end
redis.call('SET', KEYS[1], ARGV[1], 'EX', ARGV[3])
if ARGV[4] == '1' then redis.call('SET', KEYS[2], '1', 'EX', 2764800) end
return 1
`;

// Short enough that a record a failed publish left stale cannot outlive two minutes.
const RECORD_TTL_S = 120;
const NONE_TTL_S = 60;

/**
 * The hash tag every Redis key of one API key shares (its record and its counters), so the
 * quota script's keys land in one Redis Cluster slot.
 */
export const slotTag = (prefix: string, hash: string) => `${prefix}{${hash.slice(0, 32)}}`;
export const recordKey = (prefix: string, hash: string) => `${slotTag(prefix, hash)}:rec`;
export const knownKey = (prefix: string, hash: string) => `${slotTag(prefix, hash)}:known`;

export function toRecord(k: StoredKey): KeyRecord {
  const plan = TIERS[k.tier];
  return { status: k.status, daily: plan.daily, monthly: plan.monthly, keyId: k.id, version: k.version };
}

/** The record's text, as the quota script parses it: status:daily:monthly:keyId:version. */
export function encodeRecord(record: KeyRecord | null): string {
  return record
    ? `${record.status}:${record.daily}:${record.monthly}:${record.keyId}:${record.version}`
    : "none:0";
}

// Per client: tests and shutdown replace the client, and a script object is bound to one.
const putScripts = new WeakMap<Redis, ReturnType<Redis["createScript"]>>();

/** Caches what Postgres says about a key (null: no such key), unless Redis has a newer version. */
export async function putRecord(
  r: Redis,
  prefix: string,
  hash: string,
  record: KeyRecord | null,
): Promise<void> {
  let script = putScripts.get(r);
  if (!script) {
    script = r.createScript(PUT_SCRIPT);
    putScripts.set(r, script);
  }
  const ttl = record ? RECORD_TTL_S : NONE_TTL_S;
  await script.exec(
    [recordKey(prefix, hash), knownKey(prefix, hash)],
    [encodeRecord(record), String(record?.version ?? 0), String(ttl), record ? "1" : "0"],
  );
}

/**
 * Replaces a key's cached record after Postgres changed it (revoke, activation, plan). Retried;
 * if Redis stays away, the record's two-minute lifetime bounds how long it can be stale, and
 * every process that saw the outage re-reads it from Postgres first.
 */
export async function publishKeyState(k: StoredKey): Promise<void> {
  const r = redis();
  if (!r) return;
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      await putRecord(r, env().REDIS_PREFIX, k.hash, toRecord(k));
      return;
    } catch (err) {
      if (attempt === 2) tripRedisBreaker(err);
      else await new Promise((resolve) => setTimeout(resolve, 50 * (attempt + 1)));
    }
  }
}
