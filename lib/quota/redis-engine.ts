// The Redis fast path: one Lua script reads the key's cached record (status and limits),
// checks both windows and increments both, atomically. Missing counters are never assumed
// to be zero: the script asks for a seed from Postgres instead.
import type { Redis } from "@upstash/redis";
import { dayOf, monthOf } from "./windows";

// KEYS: record, day counter, month counter.
// ARGV: mode ("check" | "seed"), day seed, month seed, day TTL, month TTL.
// Seeding raises a counter to the seed, never lowers it: Postgres may lag Redis, not lead it.
const SCRIPT = `
local rec = redis.call('GET', KEYS[1])
if not rec then return {'miss'} end
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

// Writes a key's record unless the stored one has a newer version: a slow loader can never
// put back a state that a revocation or tier change has replaced. KEYS: record.
// ARGV: value, version, TTL.
const PUT_SCRIPT = `
local cur = redis.call('GET', KEYS[1])
if cur and tonumber(string.match(cur, ':(%d+)$') or '0') > tonumber(ARGV[2]) then return 0 end
redis.call('SET', KEYS[1], ARGV[1], 'EX', ARGV[3])
return 1
`;

export type KeyRecord = {
  status: "inactive" | "active" | "revoked";
  daily: number;
  monthly: number;
  keyId: string;
  version: number;
};
export type Counts = { day: number; month: number };
export type Verdict =
  | { kind: "miss" | "none" | "inactive" | "revoked" }
  | { kind: "seed"; keyId: string }
  | {
      kind: "ok" | "deny";
      keyId: string;
      daily: number;
      monthly: number;
      dayUsed: number;
      monthUsed: number;
    };

// Short enough that a record a failed publish left stale cannot outlive two minutes.
const RECORD_TTL_S = 120;
const NONE_TTL_S = 60;

export class RedisQuota {
  private readonly script: ReturnType<Redis["createScript"]>;
  private readonly putScript: ReturnType<Redis["createScript"]>;

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {
    this.script = redis.createScript(SCRIPT);
    this.putScript = redis.createScript(PUT_SCRIPT);
  }

  // One hash tag per key so every key of one script lands in one cluster slot.
  private keys(hash: string, now: Date): string[] {
    const tag = `${this.prefix}{${hash.slice(0, 32)}}`;
    return [`${tag}:rec`, `${tag}:d:${dayOf(now)}`, `${tag}:m:${monthOf(now)}`];
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

  /** Caches what Postgres says about a key (null: no such key), unless Redis has a newer version. */
  async putRecord(hash: string, record: KeyRecord | null): Promise<void> {
    const value = record
      ? `${record.status}:${record.daily}:${record.monthly}:${record.keyId}:${record.version}`
      : "none:0";
    const [recKey] = this.keys(hash, new Date());
    await this.putScript.exec(
      [recKey!],
      [value, String(record?.version ?? 0), String(record ? RECORD_TTL_S : NONE_TTL_S)],
    );
  }

  /** Today's and this month's counters, or null for a counter Redis does not have. */
  async counters(hash: string, now: Date): Promise<{ day: number | null; month: number | null }> {
    const [, d, m] = this.keys(hash, now);
    const [day, month] = await this.redis.mget<(string | number | null)[]>(d!, m!);
    return {
      day: day === null || day === undefined ? null : Number(day),
      month: month === null || month === undefined ? null : Number(month),
    };
  }
}
