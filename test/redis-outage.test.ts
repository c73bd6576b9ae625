// Redis stops mid-day: requests keep being admitted or refused correctly through Postgres,
// never a 500 and never unlimited; when Redis returns it resumes from Postgres's counts.
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PrivateRedis } from "../harness/support/redis-server";
import { createTestKey } from "./support/api-keys";
import { loadCatalog } from "./support/fixtures";
import { request } from "./support/http";

const server = new PrivateRedis();

beforeAll(async () => {
  await server.start();
  process.env.REDIS_URL = server.url; // read on first use, which comes after this
  await loadCatalog();
});
afterAll(() => server.stop());

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("Redis outage", () => {
  it("keeps exact limits on Postgres while Redis is down, and after it returns empty", async () => {
    const { key } = await createTestKey({ tier: "free" });
    for (let i = 0; i < 10; i++) expect((await request("/v1/jobs/de-1", { key })).status).toBe(200);
    const probe = new Redis(server.url);
    expect((await probe.keys("*")).length).toBeGreaterThan(0); // it really went through Redis
    probe.disconnect();

    await server.stop();
    const statuses: number[] = [];
    for (let i = 0; i < 45; i++) {
      const res = await request("/v1/jobs/de-1", { key });
      statuses.push(res.status);
      expect(res.headers.get("x-ratelimit-limit")).toBe("50");
    }
    expect(statuses.slice(0, 40).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(40).every((s) => s === 429)).toBe(true);

    // Parallel admission stays exact on the Postgres path too.
    const other = await createTestKey({ tier: "free" });
    const parallel = await Promise.all(
      Array.from({ length: 120 }, () => request("/v1/jobs/de-1", { key: other.key })),
    );
    expect(parallel.filter((r) => r.status === 200)).toHaveLength(50);
    expect(parallel.every((r) => r.status === 200 || r.status === 429)).toBe(true);

    await server.start(); // back, and empty
    await sleep(2_100); // the circuit breaker's pause
    const res = await request("/v1/jobs/de-1", { key });
    expect(res.status).toBe(429);
    expect(res.headers.get("x-ratelimit-remaining")).toBe("0");
    const again = new Redis(server.url);
    expect((await again.keys("*")).length).toBeGreaterThan(0); // Redis is in use again, seeded from Postgres
    again.disconnect();
  }, 30_000);
});
