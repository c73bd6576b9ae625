// With Redis away, the site's per-address limits hold per process and answer at once: the
// breaker keeps every request from waiting for Redis (never unlimited, never slow).
process.env.SITE_RATE_LIMIT_PER_MIN = "10";
process.env.LOG_LEVEL = "debug";

import { describe, expect, it } from "vitest";
import { generateKey } from "@/lib/keys/format";
import { peerHeaderValue } from "@/lib/net/client-ip";
import { redisGeneration } from "@/lib/redis/breaker";
import { PrivateRedis } from "../harness/support/redis-server";
import { catalogAndClient } from "./support/fixtures";
import { request, SAME_ORIGIN } from "./support/http";
import { capturedLines } from "./support/output";

catalogAndClient();

const server = new PrivateRedis();
process.env.REDIS_URL = server.url; // read on first use, which comes after this

describe("site limits while Redis is away", () => {
  it("admit exactly the limit per address, and trip the breaker once rather than per request", async () => {
    await server.start();
    const headers = { "x-jsa-peer": peerHeaderValue("203.0.113.7"), ...SAME_ORIGIN };
    try {
      expect((await request("/api/jobs?title=engineer", { key: null, headers })).status).toBe(200);
      await server.stop();
      const before = redisGeneration();
      const statuses = [];
      for (let i = 0; i < 30; i++)
        statuses.push((await request("/api/jobs?title=engineer", { key: null, headers })).status);
      // The memory window starts empty: 10 more are admitted in this process, then refused.
      expect(statuses.filter((s) => s === 200)).toHaveLength(10);
      expect(statuses.filter((s) => s === 429)).toHaveLength(20);
      // The breaker opened (limits moved to memory) and stayed open: Redis was not tried per request.
      expect(redisGeneration() - before).toBeGreaterThanOrEqual(1);
      expect(redisGeneration() - before).toBeLessThanOrEqual(2);
    } finally {
      await server.stop();
    }
  });
});

describe("logs", () => {
  it("never write a key pasted into a path", async () => {
    const key = generateKey();
    const lines = await capturedLines(async () => {
      expect((await request(`/v1/jobs/${key}`, { key: null })).status).toBe(400);
    });
    expect(lines.some((l) => l.includes('"msg":"request"'))).toBe(true);
    expect(lines.join("\n")).not.toContain(key.slice(4, 20));
  });
});
