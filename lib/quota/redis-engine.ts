// The Redis fast path: one Lua script per request reads the key's cached record and day state
// and admits within the allowance leased from Postgres (scripts.ts). A reply that is late, lost
// or ambiguous is resolved by asking again with the same request id until the request's
// deadline: Redis answers what it decided the first time, or, past the deadline, that it never
// admitted it and never will.
import type { Redis } from "@upstash/redis";
import { env } from "../core/env";
import { type KeyRecord, knownKey, putRecord, recordKey, slotTag } from "../keys/cached-state";
import { isReplyError, type LuaScript, luaScript, redis } from "../redis/client";
import { JOURNAL_TTL_S } from "./journal";
import { ADMIT_LUA, GRANT_LUA, REFUND_LUA } from "./scripts";
import { journalDone, journalEpoch, journalKey } from "./usage-buffer";
import { dayOf } from "./windows";

const DAY_TTL = String(2 * 86_400);
const JOURNAL_TTL = String(JOURNAL_TTL_S);
/** Request ids are kept per 10 s bucket, long after any request could still be resolved. */
const ID_BUCKET_MS = 10_000;
const IDS_TTL = "900";
/** How long a request may wait for Redis to say what it decided. Below the usage buffer's drain. */
export const RESOLVE_MS = 2_000;
const RETRY_MS = 50;
/** How far past the deadline the last send waits, so that Redis's clock has passed it too. */
const PAST_DEADLINE_MS = 2;
/** How long a grant may still be on its way after Postgres said the day is full. */
const GRACE_MS = "3000";

export type Verdict =
  | { kind: "none" | "inactive" | "revoked" }
  /** The allowance is spent and the day full, but a grant may still be on its way: ask again. */
  | { kind: "wait" }
  /**
   * Every send of this call was answered, the last one past the request's deadline by our own
   * clock, so Redis admitted nothing: the request ran out of time (waiting for a grant, taking
   * leases), and Redis did not fail.
   */
  | { kind: "out-of-time" }
  /** `known`: the key existed when its record was last written (within a month). */
  | { kind: "miss"; known: boolean }
  | {
      kind: "ok" | "deny" | "lease";
      keyId: string;
      daily: number;
      monthly: number;
      dayUsed: number;
      monthUsed: number;
      /** deny: the window that ran out. */
      window?: "daily" | "monthly";
      /**
       * ok: counts the admission in the usage buffer, in the epoch whose journal the script
       * wrote. Until it is called that epoch stays open (its batch waits for it), so a request
       * is charged in key_usage only once it has been answered, or by the sweeper if this
       * process dies first.
       */
      count?: () => void;
    };

/** Redis could not say in time what it decided; the request may or may not have been admitted. */
export class RedisUndecided extends Error {}

/** One call of a script; tests put faults here (a lost or late reply, a call sent twice). */
export type Transport = (script: LuaScript, keys: string[], args: string[]) => Promise<unknown>;
const direct: Transport = (script, keys, args) => script.exec(keys, args);

/** Errors after which the command certainly never reached Redis. */
const NOT_SENT = /max retries per request|Stream isn't writeable|ECONNREFUSED|enableOfflineQueue/i;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function once(fn: () => void): () => void {
  let done = false;
  return () => {
    if (done) return;
    done = true;
    fn();
  };
}

/** Redis's clock minus ours, learnt from a "late" answer that came before our own deadline. */
let clockOffsetMs = 0;

export class RedisQuota {
  private readonly admitScript: LuaScript;
  private readonly grantScript: LuaScript;
  private readonly refundScript: LuaScript;

  constructor(
    readonly client: Redis,
    private readonly prefix: string,
    private readonly send: Transport = direct,
  ) {
    this.admitScript = luaScript(client, ADMIT_LUA);
    this.grantScript = luaScript(client, GRANT_LUA);
    this.refundScript = luaScript(client, REFUND_LUA);
  }

  private dayState = (hash: string, now: Date) => `${slotTag(this.prefix, hash)}:q:${dayOf(now)}`;

  /** Request ids are `<ms>-<random>`, kept in the bucket of the time they were made. */
  private requestIds = (hash: string, requestId: string) =>
    `${slotTag(this.prefix, hash)}:x:${Math.floor(Number.parseInt(requestId, 10) / ID_BUCKET_MS)}`;

  /**
   * Sends a script until Redis answers, retrying until `deadline` (our clock) and then once more
   * just past it. Reply errors (a bad script, WRONGTYPE) are answers too: they are thrown as
   * they are. Throws RedisUndecided when even the send past the deadline went unanswered, or
   * when an attempt certainly never reached Redis. `failed`: whether some send went unanswered
   * before this answer.
   */
  private async untilAnswered(
    script: LuaScript,
    keys: string[],
    args: (deadline: number) => string[],
    deadline: number,
  ): Promise<{ reply: unknown; failed: boolean }> {
    let last = false;
    for (let failed = false; ; failed = true) {
      try {
        return { reply: await this.send(script, keys, args(deadline + clockOffsetMs)), failed };
      } catch (err) {
        if (isReplyError(err)) throw err;
        if (last || NOT_SENT.test(String(err))) throw new RedisUndecided(String(err));
        // An unanswered send may still reach Redis, and be admitted, at any moment before the
        // deadline. Giving up before it would leave such an admission unanswered (a unit used by
        // a request told 503). Asked past it, Redis says what it decided, and anything still on
        // its way arrives too late to be admitted.
        const left = deadline - Date.now();
        last = left < RETRY_MS;
        await sleep(last ? Math.max(0, left) + PAST_DEADLINE_MS : RETRY_MS);
      }
    }
  }

  /** Admits request `requestId` within the key's allowance, or says why not. */
  async admit(hash: string, now: Date, requestId: string, deadline: number): Promise<Verdict> {
    const tag = slotTag(this.prefix, hash);
    const day = dayOf(now);
    const epoch = journalEpoch();
    const journal = journalKey(tag, epoch);
    const keys = [
      recordKey(this.prefix, hash),
      this.dayState(hash, now),
      this.requestIds(hash, requestId),
      knownKey(this.prefix, hash),
      journal,
    ];
    let r: (string | number)[] = [];
    let failed = false;
    try {
      for (let tries = 0; tries < 3; tries++) {
        const answer = await this.untilAnswered(
          this.admitScript,
          keys,
          (d) => [requestId, String(d), day, JOURNAL_TTL, IDS_TTL, GRACE_MS],
          deadline,
        );
        r = answer.reply as (string | number)[];
        failed ||= answer.failed;
        if (r[0] !== "late") break;
        // Redis's clock is ahead of ours: learn by how much, once, while we still have time.
        if (Date.now() >= deadline) break;
        clockOffsetMs = Math.max(0, Number(r[1]) - Date.now());
      }
    } catch (err) {
      journalDone(epoch, journal); // undecided: the script may have run
      throw err;
    }
    const kind = String(r[0]);
    if (kind === "late") {
      journalDone(epoch, null);
      // A late answer is proof of an outage only when sends went unanswered first; one sent in
      // the deadline's last moments by a request that kept getting answers is not.
      if (!failed && Date.now() >= deadline) return { kind: "out-of-time" };
      throw new RedisUndecided("the request reached Redis after its deadline");
    }
    if (kind === "ok" || kind === "deny" || kind === "lease") {
      const keyId = String(r[1]);
      if (kind !== "ok") journalDone(epoch, null);
      return {
        kind,
        keyId,
        daily: Number(r[2]),
        monthly: Number(r[3]),
        dayUsed: Number(r[4]),
        monthUsed: Number(r[5]),
        ...(kind === "deny" ? { window: r[6] === "monthly" ? "monthly" : "daily" } : {}),
        ...(kind === "ok" ? { count: once(() => journalDone(epoch, journal, keyId, day, 1)) } : {}),
      } as Verdict;
    }
    journalDone(epoch, null);
    if (kind === "miss") return { kind, known: Number(r[1]) === 1 };
    if (kind === "wait") return { kind };
    return { kind } as Verdict;
  }

  /**
   * Adds a lease to the key's allowance, idempotent by lease id while the day's state lives. Sent
   * once: a copy re-sent after Redis lost that state (a restart) would add units that may
   * already have been used before it. A grant whose answer is lost is given up (its units stay
   * reserved, and are in the allowance if it ran); the caller asks for another lease.
   */
  async grant(
    hash: string,
    now: Date,
    lease: { id: string; units: number; dayTotal: number; monthTotal: number; full: string },
  ): Promise<void> {
    await this.send(
      this.grantScript,
      [this.dayState(hash, now)],
      [lease.id, String(lease.units), String(lease.dayTotal), String(lease.monthTotal), lease.full, DAY_TTL],
    );
  }

  /**
   * Gives back one unit of the day of `now` (the day the request was admitted), and counts the
   * refund in the usage buffer whatever Redis answers.
   */
  async refund(hash: string, keyId: string, now: Date, requestId: string): Promise<void> {
    const tag = slotTag(this.prefix, hash);
    const day = dayOf(now);
    const epoch = journalEpoch();
    const journal = journalKey(tag, epoch);
    let took = true; // until Redis says otherwise, it may have written the journal
    try {
      took =
        Number(
          await this.send(
            this.refundScript,
            [this.dayState(hash, now), this.requestIds(hash, requestId), journal],
            [requestId, `${keyId}|${day}`, JOURNAL_TTL],
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

  /** Today's and this month's use as Redis last knew it, or null when it has no state today. */
  async counters(hash: string, now: Date): Promise<{ day: number; month: number } | null> {
    const s = await this.client.hmget<Record<string, string | number | null>>(
      this.dayState(hash, now),
      "u",
      "o",
      "mo",
    );
    if (!s || s.u === null || s.u === undefined) return null;
    const u = Number(s.u);
    return { day: Number(s.o ?? 0) + u, month: Number(s.mo ?? 0) + u };
  }
}

const g = globalThis as unknown as { redisQuota?: RedisQuota; quotaTransport?: Transport };

/** The engine over the process's Redis client; null when quotas run on Postgres alone. */
export function redisQuota(): RedisQuota | null {
  const client = redis();
  if (!client) return null;
  if (g.redisQuota?.client !== client) {
    g.redisQuota = new RedisQuota(client, env().REDIS_PREFIX, g.quotaTransport ?? direct);
  }
  return g.redisQuota;
}

/** Puts a transport with faults between the engine and Redis (model tests); null restores it. */
export function setQuotaTransport(t: Transport | null): void {
  g.quotaTransport = t ?? undefined;
  g.redisQuota = undefined;
}
