// The moment Redis's breaker opens, admissions already sent to Redis may still come back
// admitted while the Postgres path admits others. Both draw from one ledger, so together they
// never pass the quota. On a private redis-server, paused for a moment (CLIENT PAUSE).
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashOf } from "@/lib/keys/store";
import { consume } from "@/lib/quota/admission";
import { flushUsage } from "@/lib/quota/usage-buffer";
import { tripRedisBreaker } from "@/lib/redis/breaker";
import { closeRedis } from "@/lib/redis/client";
import { PrivateRedis } from "../harness/support/redis-server";
import { createTestKey } from "./support/api-keys";

const server = new PrivateRedis();

beforeAll(async () => {
  await server.start();
  await closeRedis();
  process.env.REDIS_URL = server.url; // read on first use, which comes after this
});
afterAll(async () => {
  await closeRedis();
  await server.stop();
});

describe("admission when the Redis breaker opens mid-flight", () => {
  it("never admits past the quota when Redis answers late and Postgres admits meanwhile", async () => {
    const { key } = await createTestKey({ tier: "free" }); // 50 a day
    const hash = hashOf(key);
    const now = new Date();
    for (let i = 0; i < 45; i++) expect((await consume(hash, now)).ok).toBe(true);
    await flushUsage();

    // Redis stalls for 200 ms (under its clients' 300 ms timeout): ten admissions wait on it.
    // (CLIENT PAUSE: Redis 7 refuses DEBUG unless enable-debug-command allows it.)
    const blocker = new Redis(server.url);
    await blocker.call("CLIENT", "PAUSE", "200", "ALL");
    const viaRedis = Array.from({ length: 10 }, () => consume(hash, now));
    // Meanwhile another call fails and opens the breaker: the next ten go to Postgres.
    tripRedisBreaker(new Error("test: Redis looked down"));
    const viaPostgres = Array.from({ length: 10 }, () => consume(hash, now));

    const results = await Promise.all([...viaRedis, ...viaPostgres]);
    blocker.disconnect();
    const admitted = results.filter((r) => r.ok).length;
    expect(admitted).toBe(5);
    // Postgres, answering at once, took the five units left; Redis's late answers refuse.
    expect(results.slice(10).filter((r) => r.ok)).toHaveLength(5);
    expect(results.slice(0, 10).every((r) => !r.ok && r.code === "quota_exceeded")).toBe(true);
  });
});
