// The site's per-address limit has a daily ceiling (pages and /api/jobs* together) that holds
// across instances through Redis, and per process while Redis is away; a refusal says when the
// day ends and where the keyed API is.
process.env.SITE_RATE_LIMIT_PER_MIN = "100000"; // the minute out of the way: the day is tested

import { describe, expect, it, vi } from "vitest";
import { peerHeaderValue } from "@/lib/net/client-ip";
import { siteDailyLimit, spendPageLimitOf } from "@/lib/site/limits";
import { PrivateRedis } from "../harness/support/redis-server";
import { catalogAndClient } from "./support/fixtures";
import { request, SAME_ORIGIN } from "./support/http";

catalogAndClient();

const server = new PrivateRedis();
process.env.REDIS_URL = server.url; // read on first use, which comes after this

const secondsToMidnight = () => {
  const now = new Date();
  return (Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1) - now.getTime()) / 1000;
};

/** The day's window must not roll over mid-test. */
async function clearOfMidnight(): Promise<void> {
  const left = secondsToMidnight();
  if (left < 30) await new Promise((r) => setTimeout(r, left * 1000 + 500));
}

const get = (ip: string) =>
  request("/api/jobs/de-1", { key: null, headers: { "x-jsa-peer": peerHeaderValue(ip), ...SAME_ORIGIN } });

async function spendDay(ip: string): Promise<Response[]> {
  const answers = [];
  for (let i = 0; i < siteDailyLimit(); i++) answers.push(await get(ip));
  return answers;
}

async function expectDayRefusal(res: Response): Promise<void> {
  expect(res.status).toBe(429);
  const retry = Number(res.headers.get("retry-after"));
  expect(Math.abs(retry - secondsToMidnight())).toBeLessThan(5);
  expect(res.headers.get("x-ratelimit-window")).toBe("daily");
  expect(res.headers.get("x-ratelimit-remaining")).toBe("0");
  const { error } = await res.json();
  expect(error.code).toBe("rate_limited");
  expect(error.message).toContain("limit of 1,000 requests a day; it resets at 00:00 UTC");
  expect(error.message).toContain("free API key at http://localhost:3000/studio");
}

describe("the site's daily ceiling", () => {
  it("is 1,000 a day per address, a tenth of the cheapest paid plan", () => {
    expect(siteDailyLimit()).toBe(1000);
  });

  it("refuses the 1,001st request of the day from an address, on Redis, for every instance and the pages", async () => {
    await server.start();
    try {
      await clearOfMidnight();
      const ip = "192.0.2.61";
      const served = await spendDay(ip);
      expect(served.filter((r) => r.status === 200)).toHaveLength(siteDailyLimit());
      // With this file's generous minute, the day is the tighter window the headers describe.
      expect(served[0]!.headers.get("x-ratelimit-window")).toBe("daily");
      expect(served[0]!.headers.get("x-ratelimit-remaining")).toBe("999");
      expect(served[0]!.headers.get("ratelimit-policy")).toBe(
        '"minute";q=100000;w=60, "daily";q=1000;w=86400',
      );
      expect(served.at(-1)!.headers.get("x-ratelimit-remaining")).toBe("0");
      await expectDayRefusal(await get(ip));
      // The pages count against the same limit, with the same words.
      const page = await spendPageLimitOf(ip);
      expect(page?.message).toContain("limit of 1,000 searches a day");
      expect(page?.retryAfterSeconds).toBeGreaterThan(0);
      // Another instance (a fresh copy of the module, no memory of its own) reads Redis's count.
      vi.resetModules();
      const other = await import("@/lib/site/limits");
      expect(other.spendPageLimitOf).not.toBe(spendPageLimitOf);
      expect(await other.spendSiteLimit(ip)).toMatchObject({ ok: false, refusedBy: "day" });
      // Other addresses keep their own day.
      expect((await get("192.0.2.62")).status).toBe(200);
    } finally {
      await server.stop();
    }
  });

  it("holds per process in memory while Redis is away", async () => {
    await clearOfMidnight();
    const ip = "192.0.2.63";
    const served = await spendDay(ip);
    expect(served.filter((r) => r.status === 200)).toHaveLength(siteDailyLimit());
    await expectDayRefusal(await get(ip));
    expect(await spendPageLimitOf(ip)).toMatchObject({ code: "rate_limited" });
    expect((await get("192.0.2.64")).status).toBe(200);
  });
});
