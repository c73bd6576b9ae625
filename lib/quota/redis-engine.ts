// The Redis fast path: one Lua script reads the key's cached record (status and limits),
// checks both windows and increments both, atomically. Missing counters are never assumed
// to be zero: the script asks for a seed from Postgres instead.
import type { Redis } from "@upstash/redis";
import { env } from "../env";
import { type KeyRecord, knownKey, putRecord, recordKey, slotTag } from "../keys/cached-state";
import { type LuaScript, luaScript, redis } from "../redis/client";
import { JOURNAL_TTL_S } from "./journal";
import type { Counts } from "./state";
import { journalDone, journalEpoch, journalKey } from "./usage-buffer";
import { dayOf, monthOf } from "./windows";

// KEYS: record, day counter, month counter, the key's "exists" marker, this process's journal
// of the current epoch (usage-buffer.ts).
// ARGV: mode ("check" | "seed"), day seed, month seed, day TTL, month TTL, day, journal TTL.
// Seeding raises a counter to the seed, never lowers it: Postgres may lag Redis, not lead it.
// An admission is journaled in the same step as it is counted, in the same slot: if the process
// dies before writing it to Postgres, the sweeper finds it there (usage-sweeper.ts).
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
if redis.call('HINCRBY', KEYS[5], id .. '|' .. ARGV[6], 1) == 1 then redis.call('EXPIRE', KEYS[5], ARGV[7]) end
return {'ok', id, daily, monthly, d + 1, m + 1}
`;

// Gives back one unit of both windows after a request that failed or did no work; never below
// zero (a counter Redis lost meanwhile is reseeded from Postgres, which is refunded too). When
// it gave back the day's unit, the journal of the current epoch says so (-1), so a sweeper
// writing it for a dead process nets the refund out. Returns 1 when it did.
// KEYS: day counter, month counter, journal. ARGV: journal field, journal TTL.
const REFUND_SCRIPT = `
local took = 0
for i = 1, 2 do
  local v = tonumber(redis.call('GET', KEYS[i]) or '0')
  if v > 0 then
    redis.call('DECR', KEYS[i])
    if i == 1 then took = 1 end
  end
end
if took == 1 then
  redis.call('HINCRBY', KEYS[3], ARGV[1], -1)
  redis.call('EXPIRE', KEYS[3], ARGV[2])
end
return took
`;

const DAY_TTL = String(2 * 86_400);
const MONTH_TTL = String(32 * 86_400);
const JOURNAL_TTL = String(JOURNAL_TTL_S);

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

  // The record, both counters and the journals share one hash tag, so the scripts work on a
  // Redis Cluster.
  private keys(hash: string, now: Date): [string, string, string, string] {
    const tag = slotTag(this.prefix, hash);
    return [
      recordKey(this.prefix, hash),
      `${tag}:d:${dayOf(now)}`,
      `${tag}:m:${monthOf(now)}`,
      knownKey(this.prefix, hash),
    ];
  }

  /**
   * mode "force" asks for a seed even when counters exist (first use after start or an outage).
   * An "ok" is counted in the usage buffer here, in the epoch whose journal the script wrote.
   */
  async check(
    hash: string,
    now: Date,
    mode: "check" | "force" | "seed",
    seed: Counts = { day: 0, month: 0 },
  ): Promise<Verdict> {
    const tag = slotTag(this.prefix, hash);
    const day = dayOf(now);
    const epoch = journalEpoch();
    const journal = journalKey(tag, epoch);
    let r: (string | number)[];
    try {
      r = (await this.script.exec(
        [
          recordKey(this.prefix, hash),
          `${tag}:d:${day}`,
          `${tag}:m:${monthOf(now)}`,
          knownKey(this.prefix, hash),
          journal,
        ],
        [mode, String(seed.day), String(seed.month), DAY_TTL, MONTH_TTL, day, JOURNAL_TTL],
      )) as (string | number)[];
    } catch (err) {
      journalDone(epoch, journal); // no answer: the script may have run
      throw err;
    }
    const kind = String(r[0]) as Verdict["kind"];
    if (kind === "ok" || kind === "deny") {
      const keyId = String(r[1]);
      if (kind === "ok") journalDone(epoch, journal, keyId, day, 1);
      else journalDone(epoch, null);
      return {
        kind,
        keyId,
        daily: Number(r[2]),
        monthly: Number(r[3]),
        dayUsed: Number(r[4]),
        monthUsed: Number(r[5]),
      };
    }
    journalDone(epoch, null);
    if (kind === "seed") return { kind, keyId: String(r[1]) };
    if (kind === "miss") return { kind, known: Number(r[1]) === 1 };
    return { kind } as Verdict;
  }

  /**
   * Gives back one unit of the windows of `now` (the day the request was admitted), and counts
   * the refund in the usage buffer whatever Redis answers.
   */
  async refund(hash: string, keyId: string, now: Date): Promise<void> {
    const tag = slotTag(this.prefix, hash);
    const day = dayOf(now);
    const epoch = journalEpoch();
    const journal = journalKey(tag, epoch);
    let took = true; // until Redis says otherwise, it may have written the journal
    try {
      took =
        Number(
          await this.refundScript.exec(
            [`${tag}:d:${day}`, `${tag}:m:${monthOf(now)}`, journal],
            [`${keyId}|${day}`, JOURNAL_TTL],
          ),
        ) === 1;
    } finally {
      journalDone(epoch, took ? journal : null, keyId, day, -1);
    }
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
