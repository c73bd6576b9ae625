// Keys in a known quota state on the Redis path, for the tests of lost and late replies.
import type pg from "pg";
import { expect } from "vitest";
import { slotTag } from "@/lib/keys/cached-state";
import { hashOf } from "@/lib/keys/store";
import { consume } from "@/lib/quota/admission";
import { flushUsage } from "@/lib/quota/usage-buffer";
import { dayOf } from "@/lib/quota/windows";
import { redis } from "@/lib/redis/client";
import { chargedUnits, createTestKey } from "./api-keys";

/** A free key with units leased to Redis beyond what it used (a burst sizes the next lease). */
export async function keyWithUnits(admin: Pick<pg.ClientBase, "query">) {
  const { key, id } = await createTestKey({ tier: "free" });
  const hash = hashOf(key);
  const now = new Date();
  const day = `${slotTag(process.env.REDIS_PREFIX!, hash)}:q:${dayOf(now)}`;
  const state = async () => {
    const s = await redis()!.hmget<Record<string, number>>(day, "u", "a");
    return { used: Number(s?.u ?? 0), allowance: Number(s?.a ?? 0) };
  };
  for (let n = 0; n < 5 && (await state()).allowance <= (await state()).used; n++) {
    const burst = await Promise.all(Array.from({ length: 4 }, () => consume(hash, now)));
    expect(burst.every((r) => r.ok)).toBe(true);
  }
  const before = await state();
  expect(before.allowance).toBeGreaterThan(before.used);
  /** The request was admitted on Redis and charged once. */
  const admittedOnRedisOnce = async (r: Awaited<ReturnType<typeof consume>>) => {
    expect(r.ok && r.charge.backend).toBe("redis");
    await flushUsage();
    expect(await chargedUnits(admin, id)).toBe(before.used + 1);
  };
  return { id, hash, now, state, usedBefore: before.used, admittedOnRedisOnce };
}

export const timedOut = () => new Error("Command timed out");
