// The Redis fast path: one Lua script reads the key's cached record (status and limits),
// checks both windows and increments both, atomically. Missing counters are never assumed
// to be zero: the script asks for a seed from Postgres instead.
import type { Redis } from "@upstash/redis";
import { env } from "../env";
import { type KeyRecord, knownKey, putRecord, recordKey, slotTag } from "../keys/cached-state";
import { type LuaScript, luaScript, redis } from "../redis/client";
import type { Counts } from "./state";
import { dayOf, monthOf } from "./windows";

// KEYS: record, day counter, month counter, the key's "exists" marker.
// ARGV: mode ("check" | "seed"), day seed, month seed, day TTL, month TTL.
// Seeding raises a counter to the seed, never lowers it: Postgres may lag Redis, not lead it.
const SCRIPT = `
local rec = redis.call('GET', KEYS[1])
if not rec then return {'miss', redis.call('EXISTS', KEYS[4])} end
if string.sub(rec, 1, 5) == 'none:' then return {'none'} end
local status, daily, monthly, id = string.match(rec, '^(%a+):(%d+):(%d+):([^:]+):%d+$')
if status ~= 'active' then return {status} end
daily = tonumber(daily)
monthly = tonumber(monthly)
if ARGV[1] == 'seed' then
  local seeds = {tonumber(ARGV[2]), tonumber(ARGV[3])}
  local ttls = {ARGV[4], ARGV[5]}
  for i = 1, 2 do
    local cur = tonumber(redis.call('GET', KEYS[i + 1]) or '-1')
    if seeds[i] > cur then redis.call('SET', KEYS[i + 1], seeds[i], 'EX', ttls[i]) end
  end
end
local d = redis.call('GET', KEYS[2])
local m = redis.call('GET', KEYS[3])
if (not d) or (not m) or ARGV[1] == 'force' then return {'seed', id} end
d = tonumber(d)
m = tonumber(m)
if d >= daily or m >= monthly then return {'deny', id, daily, monthly, d, m} end
redis.call('INCR', KEYS[2])
redis.call('INCR', KEYS[3])
return {'ok', id, daily, monthly, d + 1, m + 1}
`;

// Gives back one unit of both windows after a request that failed or did no work; never below
// zero (a counter Redis lost meanwhile is reseeded from Postgres, which is refunded too).
// KEYS: day counter, month counter.
const REFUND_SCRIPT = `
for i = 1, 2 do
  local v = tonumber(redis.call('GET', KEYS[i]) or '0')
  if v > 0 then redis.call('DECR', KEYS[i]) end
end
return 1
`;

export type Verdict =
  | { kind: "none" | "inactive" | "revoked" }
  /** `known`: the key existed when its record was last written (within a month). */
  | { kind: "miss"; known: boolean }
  | { kind: "seed"; keyId: string }
  | {
      kind: "ok" | "deny";
      keyId: string;
      daily: number;
      monthly: number;
      dayUsed: number;
      monthUsed: number;
    };

export class RedisQuota {
  private readonly script: LuaScript;
  private readonly refundScript: LuaScript;

  constructor(
    readonly client: Redis,
    private readonly prefix: string,
  ) {
    this.script = luaScript(client, SCRIPT);
    this.refundScript = luaScript(client, REFUND_SCRIPT);
  }

  // The record and both counters share one hash tag, so the script works on a Redis Cluster.
  private keys(hash: string, now: Date): [string, string, string, string] {
    const tag = slotTag(this.prefix, hash);
    return [
      recordKey(this.prefix, hash),
      `${tag}:d:${dayOf(now)}`,
      `${tag}:m:${monthOf(now)}`,
      knownKey(this.prefix, hash),
    ];
  }

  /** mode "force" asks for a seed even when counters exist (first use after start or an outage). */
  async check(
    hash: string,
    now: Date,
    mode: "check" | "force" | "seed",
    seed: Counts = { day: 0, month: 0 },
  ): Promise<Verdict> {
    const r = (await this.script.exec(this.keys(hash, now), [
      mode,
      String(seed.day),
      String(seed.month),
      String(2 * 86_400),
      String(32 * 86_400),
    ])) as (string | number)[];
    const kind = String(r[0]) as Verdict["kind"];
    if (kind === "seed") return { kind, keyId: String(r[1]) };
    if (kind === "miss") return { kind, known: Number(r[1]) === 1 };
    if (kind === "ok" || kind === "deny") {
      return {
        kind,
        keyId: String(r[1]),
        daily: Number(r[2]),
        monthly: Number(r[3]),
        dayUsed: Number(r[4]),
        monthUsed: Number(r[5]),
      };
    }
    return { kind } as Verdict;
  }

  /** Gives back one unit of the windows of `now` (the day the request was admitted). */
  async refund(hash: string, now: Date): Promise<void> {
    const [, day, month] = this.keys(hash, now);
    await this.refundScript.exec([day, month], []);
  }

  /** Caches what Postgres says about a key (null: no such key), unless Redis has a newer version. */
  putRecord(hash: string, record: KeyRecord | null): Promise<void> {
    return putRecord(this.client, this.prefix, hash, record);
  }

  /** Today's and this month's counters, or null for a counter Redis does not have. */
  async counters(hash: string, now: Date): Promise<{ day: number | null; month: number | null }> {
    const [, d, m] = this.keys(hash, now);
    const [day, month] = await this.client.mget<(string | number | null)[]>(d, m);
    return {
      day: day === null || day === undefined ? null : Number(day),
      month: month === null || month === undefined ? null : Number(month),
    };
  }
}

const g = globalThis as unknown as { redisQuota?: RedisQuota };

/** The engine over the process's Redis client; null when quotas run on Postgres alone. */
export function redisQuota(): RedisQuota | null {
  const client = redis();
  if (!client) return null;
  if (g.redisQuota?.client !== client) g.redisQuota = new RedisQuota(client, env().REDIS_PREFIX);
  return g.redisQuota;
}
