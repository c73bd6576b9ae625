// The Redis fast path: one Lua script per request reads the key's cached record and day state
// and admits within the allowance leased from Postgres (scripts.ts). A reply that is late, lost
// or ambiguous is resolved by asking again with the same request id until the request's
// deadline: Redis answers what it decided the first time. A request that gives up while a send
// of it went unanswered is settled first (`settle`): Redis says whether it admitted it, and if
// not, marks it given up so that no copy still on its way is admitted after.
import type { Redis } from "@upstash/redis";
import { env } from "../core/env";
import { type KeyRecord, knownKey, putRecord, recordKey, slotTag } from "../keys/cached-state";
import { type LuaScript, luaScript, redis } from "../redis/client";
import type { HeldEpochs } from "./held-epochs";
import { JOURNAL_TTL_S } from "./journal";
import { direct, learnClockOffset, type Transport, untilAnswered, untilSettled } from "./redis-sends";
import { ADMIT_LUA, GRANT_LUA, REFUND_LUA } from "./scripts";
import { type Epoch, journalDone, journalEpoch, journalKey, journalMayHold } from "./usage-buffer";
import { type Answer, RedisUndecided, type Settled, tally, type Verdict } from "./verdicts";
import { dayOf } from "./windows";

const DAY_TTL = String(2 * 86_400);
const JOURNAL_TTL = String(JOURNAL_TTL_S);
/** Request ids are kept per 10 s bucket, long after any request could still be resolved. */
const ID_BUCKET_MS = 10_000;
const IDS_TTL = "900";
/** How long a request may wait for Redis to say what it decided. */
export const RESOLVE_MS = 2_000;
/** How long a grant may still be on its way after Postgres said the day is full. */
const GRACE_MS = "3000";

function once(fn: () => void): () => void {
  let done = false;
  return () => {
    if (done) return;
    done = true;
    fn();
  };
}

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

  private admitKeys(hash: string, now: Date, requestId: string, journal: string): string[] {
    return [
      recordKey(this.prefix, hash),
      this.dayState(hash, now),
      this.requestIds(hash, requestId),
      knownKey(this.prefix, hash),
      journal,
    ];
  }

  /**
   * Admits request `requestId` within the key's allowance, or says why not. A call with a send
   * that went unanswered leaves its epoch in `held` (that send may still land and journal there).
   */
  async admit(
    hash: string,
    now: Date,
    requestId: string,
    deadline: number,
    held: HeldEpochs,
  ): Promise<Answer> {
    const day = dayOf(now);
    const epoch = journalEpoch();
    const journal = journalKey(slotTag(this.prefix, hash), epoch);
    const keys = this.admitKeys(hash, now, requestId, journal);
    let r: (string | number)[] = [];
    let failed = false;
    try {
      for (let tries = 0; tries < 3; tries++) {
        const answer = await untilAnswered(
          this.send,
          this.admitScript,
          keys,
          (d) => [requestId, String(d), day, JOURNAL_TTL, IDS_TTL, GRACE_MS, ""],
          deadline,
        );
        r = answer.reply as (string | number)[];
        failed ||= answer.failed;
        if (r[0] !== "late") break;
        // Redis's clock is ahead of ours: learn by how much, once, while we still have time.
        if (Date.now() >= deadline) break;
        learnClockOffset(Number(r[1]));
      }
    } catch (err) {
      // Undecided: the script may have run, or may still run.
      if (err instanceof RedisUndecided && err.maybeSent) held.hold(epoch, journal);
      else journalDone(epoch, journal);
      throw err;
    }
    const kind = String(r[0]);
    const unanswered = failed ? { unanswered: true } : {};
    if (kind === "ok") return { ...this.admitted(r, epoch, journal, day, held), ...unanswered };
    // A send that went unanswered may still land and journal an admission in this epoch: its
    // batch must land (empty or not), so that the sweeper never charges that journal.
    if (failed) held.hold(epoch, journal);
    else journalDone(epoch, null);
    if (kind === "late") {
      // A late answer is proof of an outage only when sends went unanswered first; one sent in
      // the deadline's last moments by a request that kept getting answers is not.
      if (!failed && Date.now() >= deadline) return { kind: "out-of-time" };
      throw new RedisUndecided("the request reached Redis after its deadline");
    }
    if (kind === "deny" || kind === "lease") return { ...tally(kind, r), ...unanswered } as Answer;
    if (kind === "miss") return { kind, known: Number(r[1]) === 1, ...unanswered };
    return { kind, ...unanswered } as Answer;
  }

  /**
   * An "ok" answer, counted in the usage buffer once `count` is called: in the epoch whose
   * journal the admission was written to, when a send of this request made in an earlier epoch
   * (held) admitted it, else in `epoch`, the epoch of the call that got the answer.
   */
  private admitted(
    r: (string | number)[],
    epoch: Epoch,
    journal: string | null,
    day: string,
    held: HeldEpochs,
  ): Extract<Verdict, { keyId: string }> {
    const v = tally("ok", r);
    const at = Number(r[6]);
    const earlier = at && at !== epoch.id ? held.take(at) : undefined;
    if (!earlier) {
      // The batch must carry the journal even when the request is answered after the drain.
      if (journal) journalMayHold(epoch, journal);
      return { ...v, count: once(() => journalDone(epoch, journal, v.keyId, day, 1)) };
    }
    journalDone(epoch, null); // this call only learnt of the admission
    return { ...v, count: once(() => journalDone(earlier.epoch, earlier.journal, v.keyId, day, 1)) };
  }

  /**
   * Settles request `requestId` once its caller stops waiting for Redis after a send of it went
   * unanswered (such a send may still land and be admitted): Redis answers "ok" when it admitted
   * it, else marks the id given up ("given-up"), whatever either clock says, and no copy of it
   * is admitted after; "miss" when it was admitted but the key's record has left Redis. Asked
   * again while unanswered, for SETTLE_MS; throws RedisUndecided after that.
   */
  async settle(hash: string, now: Date, requestId: string, held: HeldEpochs): Promise<Settled> {
    const day = dayOf(now);
    const epoch = journalEpoch(); // settling writes no journal
    const keys = this.admitKeys(hash, now, requestId, journalKey(slotTag(this.prefix, hash), epoch));
    const args = [requestId, "0", day, JOURNAL_TTL, IDS_TTL, GRACE_MS, "1"];
    let r: (string | number)[];
    try {
      r = (await untilSettled(this.send, this.admitScript, keys, args)) as (string | number)[];
    } catch (err) {
      journalDone(epoch, null);
      throw err;
    }
    if (r[0] === "ok") return this.admitted(r, epoch, null, day, held);
    journalDone(epoch, null);
    // Admitted, but the key's record has left Redis since: put it back, and settle again.
    if (r[0] === "miss") return { kind: "miss", known: true };
    return { kind: "given-up" };
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
