// A request that runs out of time while Redis keeps answering (told to wait for a grant that may
// be on its way) gets a 503 "quota undecided", and Redis stays in use: only unanswered sends open
// the breaker. Its last send reaching Redis just after the deadline is the case that matters;
// the same late answer after a send that went unanswered still opens it. A send that reaches Redis
// after its retries were lost is found by the one more send past the deadline.
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { slotTag } from "@/lib/keys/cached-state";
import { hashOf } from "@/lib/keys/store";
import { consume } from "@/lib/quota/admission";
import { setQuotaTransport } from "@/lib/quota/redis-engine";
import { flushUsage } from "@/lib/quota/usage-buffer";
import { dayOf } from "@/lib/quota/windows";
import { redisUsable } from "@/lib/redis/breaker";
import { closeRedis, redis } from "@/lib/redis/client";
import { chargedUnits, createTestKey } from "./support/api-keys";
import { catalogAndClient } from "./support/fixtures";
import { keyWithUnits, timedOut } from "./support/quota-keys";

const admin = catalogAndClient();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const g = globalThis as unknown as { redisBreaker: { downUntil: number } };

/** Admit sends (five keys: record, day state, ids, marker, journal) and what they answered. */
let answers: string[] = [];

afterEach(() => {
  setQuotaTransport(null);
  g.redisBreaker.downUntil = 0;
});
afterAll(() => closeRedis());

describe("a request whose deadline passes while Redis keeps answering", () => {
  it("gets a 503, is not charged, and leaves the breaker closed", async () => {
    const { key, id } = await createTestKey({ tier: "free" }); // 50 a day
    const hash = hashOf(key);
    const now = new Date();
    for (let i = 0; i < 50; i++) expect((await consume(hash, now)).ok).toBe(true);
    // Redis loses the day's state just after its last leases: the units leased in the last
    // seconds may still have grants on their way, so a request is told to wait, not refused.
    await redis()!.del(`${slotTag(process.env.REDIS_PREFIX!, hash)}:q:${dayOf(now)}`);

    answers = [];
    setQuotaTransport(async (script, keys, args) => {
      if (keys.length !== 5) return script.exec(keys, args);
      // A send made in the deadline's last second reaches Redis just after it, answered.
      const deadline = Number(args[1]);
      if (deadline - Date.now() < 1_000) await sleep(deadline - Date.now() + 5);
      const reply = (await script.exec(keys, args)) as string[];
      answers.push(String(reply[0]));
      return reply;
    });
    const started = Date.now();
    await expect(consume(hash, now)).rejects.toThrow(/quota undecided/);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_900);
    expect(answers).toContain("wait");
    expect(answers.at(-1)).toBe("late");
    expect(redisUsable()).toBe(true);

    await flushUsage();
    expect(await chargedUnits(admin, id)).toBe(50);
  }, 30_000);

  it("opens the breaker when its late answer follows a send that went unanswered", async () => {
    const { key } = await createTestKey({ tier: "free" });
    const hash = hashOf(key);
    let sends = 0;
    setQuotaTransport(async (script, keys, args) => {
      if (keys.length !== 5) return script.exec(keys, args);
      if (sends++ === 0) throw new Error("Command timed out"); // lost on the way
      await sleep(Number(args[1]) - Date.now() + 5); // the retry reaches Redis past the deadline
      return script.exec(keys, args);
    });
    const r = await consume(hash, new Date());
    // Undecided on Redis: decided on Postgres, with Redis left alone for a while.
    expect(r.ok).toBe(true);
    expect(r.ok && r.charge.backend).toBe("postgres");
    expect(redisUsable()).toBe(false);
  }, 30_000);
});

describe("a request that gives up on Redis after a send went unanswered is settled first", () => {
  it("is answered as admitted when the send landed while every retry before the deadline was lost", async () => {
    const { hash, now, admittedOnRedisOnce } = await keyWithUnits(admin);
    let sends = 0;
    let landed: Promise<unknown> = Promise.resolve();
    setQuotaTransport(async (script, keys, args) => {
      if (keys.length !== 5) return script.exec(keys, args);
      if (args[6] === "1") return script.exec(keys, args); // settling is answered
      // The first send is held on the way and reaches Redis well before the deadline; every
      // other admitting send is lost.
      if (sends++ === 0) landed = sleep(100).then(() => script.exec(keys, args));
      else await sleep(5);
      throw timedOut();
    });
    const r = await consume(hash, now);
    expect(((await landed) as string[])[0]).toBe("ok");
    expect(sends).toBeGreaterThan(2);
    // Redis left it unanswered until the deadline: the requests behind it went to Postgres.
    expect(redisUsable()).toBe(false);
    await admittedOnRedisOnce(r);
  }, 30_000);

  it("is answered as admitted when the key's record left Redis before it was settled", async () => {
    const { hash, now, admittedOnRedisOnce } = await keyWithUnits(admin);
    let sends = 0;
    setQuotaTransport(async (script, keys, args) => {
      if (keys.length !== 5 || args[6] === "1") return script.exec(keys, args);
      if (sends++ === 0) {
        await script.exec(keys, args); // admitted; its answer is lost, and the record expires
        await redis()!.del(keys[0] as string);
      }
      throw timedOut();
    });
    const r = await consume(hash, now);
    await admittedOnRedisOnce(r);
  }, 30_000);

  it("is answered as admitted when Redis answers an error after a send went unanswered", async () => {
    const { hash, now, admittedOnRedisOnce } = await keyWithUnits(admin);
    let sends = 0;
    setQuotaTransport(async (script, keys, args) => {
      if (keys.length !== 5 || args[6] === "1") return script.exec(keys, args);
      sends++;
      if (sends === 1) await script.exec(keys, args); // admitted; its answer is lost
      if (sends === 2)
        throw Object.assign(new Error("LOADING Redis is loading the dataset in memory"), {
          name: "ReplyError",
        });
      throw timedOut();
    });
    const r = await consume(hash, now);
    expect(sends).toBe(2);
    await admittedOnRedisOnce(r);
  }, 30_000);

  it("is answered as admitted when the client failed a send that had run (its connection dropped)", async () => {
    const { hash, now, admittedOnRedisOnce } = await keyWithUnits(admin);
    let sends = 0;
    setQuotaTransport(async (script, keys, args) => {
      if (keys.length !== 5 || sends++ > 0) return script.exec(keys, args);
      await script.exec(keys, args);
      throw new Error("Reached the max retries per request limit (which is 1)");
    });
    const r = await consume(hash, now);
    expect(sends).toBe(2); // the admission, then the request settled without another admission
    await admittedOnRedisOnce(r);
  }, 30_000);

  it("admits no copy that reaches Redis after it was settled, whatever the clocks say", async () => {
    const { id, hash, now, state, usedBefore } = await keyWithUnits(admin);
    let held: (() => Promise<unknown>) | undefined;
    let late: unknown;
    setQuotaTransport(async (script, keys, args) => {
      if (keys.length !== 5) return script.exec(keys, args);
      if (args[6] === "1") {
        // Settled: now the first copy lands, carrying a deadline still ahead on Redis's clock.
        const reply = await script.exec(keys, args);
        late = await held?.();
        return reply;
      }
      const copy = [...args];
      copy[1] = String(Date.now() + 60_000);
      held ??= () => script.exec(keys, copy);
      throw timedOut(); // every send before the deadline goes unanswered
    });
    const r = await consume(hash, now).catch((err: Error) => err);
    expect((late as string[])[0]).toBe("late");
    expect((await state()).used).toBe(usedBefore);

    // Not admitted on Redis: answered 503 or admitted on Postgres, and charged just that.
    g.redisBreaker.downUntil = 0;
    await flushUsage();
    const admitted = r instanceof Error ? 0 : r.ok ? 1 : 0;
    if (r instanceof Error) expect(String(r)).toMatch(/quota undecided/);
    else expect(r.ok && r.charge.backend).toBe("postgres");
    expect(await chargedUnits(admin, id)).toBe(usedBefore + admitted);
  }, 30_000);
});
