// Model-based test of admission: random interleavings of requests with Redis replies that are
// lost, late, sent twice or never sent, the breaker opening and closing, Redis losing a key's
// state and refunds, on the real Redis and Postgres. Whatever happens, a key is never admitted
// past its limit, and what the ledger charges is exactly what was admitted and not refunded.
// One busy loop per core runs beside it: a late reply must not depend on a quiet machine.
import fc from "fast-check";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { CpuBurner } from "@/harness/support/cpu-burner";
import { slotTag } from "@/lib/keys/cached-state";
import { hashOf } from "@/lib/keys/store";
import { type Charge, consume } from "@/lib/quota/admission";
import { setQuotaTransport } from "@/lib/quota/redis-engine";
import type { Transport } from "@/lib/quota/redis-sends";
import { refund, releasesSettled } from "@/lib/quota/release";
import { flushUsage } from "@/lib/quota/usage-buffer";
import { dayOf } from "@/lib/quota/windows";
import { redisUsable, tripRedisBreaker } from "@/lib/redis/breaker";
import { closeRedis, redis } from "@/lib/redis/client";
import { chargedUnits, createTestKey } from "./support/api-keys";
import { catalogAndClient } from "./support/fixtures";

const admin = catalogAndClient();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Fault = "none" | "lost-reply" | "late" | "twice" | "not-sent" | "dropped" | "flushed";
const FAULTS: Fault[] = ["none", "lost-reply", "late", "twice", "not-sent", "dropped", "flushed"];

/** Faults for the next calls, in order (round again when `cycle`); past the end: none. */
let plan: Fault[] = [];
let cycle = false;
let calls = 0;
const stragglers: Promise<unknown>[] = [];
const timedOut = () => new Error("Command timed out");

const faulty: Transport = async (script, keys, args) => {
  const fault = (cycle ? plan[calls++ % plan.length] : plan.shift()) ?? "none";
  switch (fault) {
    case "none":
      return script.exec(keys, args);
    case "lost-reply": // ran, but its answer never came back
      await script.exec(keys, args);
      throw timedOut();
    case "late": // reaches Redis only after its caller gave up on this send
      stragglers.push(sleep(20 + Math.random() * 300).then(() => script.exec(keys, args).catch(() => {})));
      throw timedOut();
    case "twice": // a client library re-sent it after a reconnect
      await script.exec(keys, args);
      return script.exec(keys, args);
    case "not-sent":
      throw new Error("Stream isn't writeable and enableOfflineQueue options is false");
    case "flushed": // ran, then failed by the client as its connection dropped
      await script.exec(keys, args);
      throw new Error("Reached the max retries per request limit (which is 1)");
    case "dropped": // lost on the way; Redis never sees it
      throw timedOut();
  }
};

type Step =
  | { kind: "burst"; n: number; faults: Fault[] }
  | { kind: "breaker-open" }
  | { kind: "breaker-close" }
  | { kind: "redis-loses-key" }
  | { kind: "refund-some"; n: number };

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant("burst" as const),
      n: fc.integer({ min: 1, max: 12 }),
      faults: fc.array(fc.constantFrom(...FAULTS), { maxLength: 30 }),
    }),
  },
  { weight: 1, arbitrary: fc.constant({ kind: "breaker-open" as const }) },
  { weight: 2, arbitrary: fc.constant({ kind: "breaker-close" as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: "redis-loses-key" as const }) },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant("refund-some" as const), n: fc.integer({ min: 1, max: 3 }) }),
  },
);

const g = globalThis as unknown as { redisBreaker: { downUntil: number } };

async function ledger(keyId: string): Promise<number> {
  await releasesSettled();
  await flushUsage();
  return chargedUnits(admin, keyId);
}

setQuotaTransport(faulty);
const burner = new CpuBurner();
beforeAll(() => burner.start());
afterEach(() => {
  plan = [];
  g.redisBreaker.downUntil = 0;
});
afterAll(async () => {
  burner.stop();
  setQuotaTransport(null);
  await closeRedis();
});

describe("admission under any interleaving of Redis faults", () => {
  it("never admits past the limit, and charges exactly what it admitted and did not refund", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(stepArb, { minLength: 4, maxLength: 14 }), async (steps) => {
        g.redisBreaker.downUntil = 0;
        const { key, id } = await createTestKey({ tier: "free" }); // 50 a day
        const hash = hashOf(key);
        const now = new Date();
        const admitted: Charge[] = [];
        for (const step of steps) {
          if (step.kind === "burst") {
            plan = [...step.faults];
            const results = await Promise.allSettled(
              Array.from({ length: step.n }, () => consume(hash, now)),
            );
            for (const r of results)
              if (r.status === "fulfilled" && r.value.ok) admitted.push(r.value.charge);
            plan = [];
          } else if (step.kind === "breaker-open") {
            tripRedisBreaker(new Error("model: Redis looked down"));
          } else if (step.kind === "breaker-close") {
            g.redisBreaker.downUntil = 0;
          } else if (step.kind === "redis-loses-key") {
            await redis()!.del(`${slotTag(process.env.REDIS_PREFIX!, hash)}:q:${dayOf(now)}`);
          } else {
            for (const charge of admitted.splice(0, step.n)) {
              await refund(charge);
            }
          }
        }
        // A second round without faults: whatever is left of the day can still be had.
        g.redisBreaker.downUntil = 0;
        for (let i = 0; i < 60; i++) {
          const r = await consume(hash, now).catch(() => null); // a 503 is allowed, not charged
          if (r?.ok) admitted.push(r.charge);
        }
        await Promise.all(stragglers.splice(0));
        expect(admitted.length).toBeLessThanOrEqual(50);
        expect(await ledger(id)).toBe(admitted.length);
        expect(redisUsable()).toBe(true);
      }),
      { numRuns: 30, endOnFailure: true },
    );
  }, 240_000);

  it("admits exactly the limit, counting retries after a 503, when replies are only late or lost (no state is lost)", async () => {
    await fc.assert(
      fc.asyncProperty(
        // Not "flushed": a dropped connection gives up on Redis at once, and only settles.
        fc.array(fc.constantFrom<Fault>("none", "lost-reply", "late", "twice"), {
          minLength: 1,
          maxLength: 12,
        }),
        async (faults) => {
          g.redisBreaker.downUntil = 0;
          const { key, id } = await createTestKey({ tier: "free" });
          const hash = hashOf(key);
          plan = [...faults];
          cycle = true;
          const first = await Promise.allSettled(
            Array.from({ length: 120 }, () => consume(hash, new Date())),
          );
          plan = [];
          cycle = false;
          await Promise.all(stragglers.splice(0));
          // Lost admit replies until the deadline trip the breaker; Postgres cannot see whether the
          // units leased to Redis are used, so it answers 503 "quota undecided" (never a 429 while
          // units may be left). A request that ran out of time while Redis answered gets it too.
          // A client retries those after Retry-After, when the breaker has closed again.
          const undecided = first.filter((r) => r.status === "rejected");
          for (const r of undecided) expect(String(r.reason)).toMatch(/quota undecided/);
          g.redisBreaker.downUntil = 0;
          const retried = [];
          for (let i = 0; i < undecided.length; i++) retried.push(await consume(hash, new Date()));
          const results = [...first.flatMap((r) => (r.status === "fulfilled" ? [r.value] : [])), ...retried];
          expect(results).toHaveLength(120);
          expect(results.filter((r) => r.ok)).toHaveLength(50);
          expect(results.every((r) => r.ok || r.code === "quota_exceeded")).toBe(true);
          expect(await ledger(id)).toBe(50);
        },
      ),
      { numRuns: 15, endOnFailure: true },
    );
  }, 240_000);
});
