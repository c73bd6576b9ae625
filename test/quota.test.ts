// Daily and monthly windows, consumed together and atomically, with rate-limit headers on every response.
import { Redis } from "ioredis";
import { afterEach, describe, expect, it } from "vitest";
import { clock } from "@/lib/core/clock";
import { setUserTier } from "@/lib/keys/lifecycle";
import { flushUsage } from "@/lib/quota/usage-buffer";
import { chargedUnits, createTestKey } from "./support/api-keys";
import { catalogAndClient } from "./support/fixtures";
import { getJson, request } from "./support/http";

const client = catalogAndClient();
afterEach(() => {
  clock.now = () => new Date();
});

const at = (iso: string) => {
  clock.now = () => new Date(iso);
};

async function pgUsed(keyId: string): Promise<number> {
  await flushUsage();
  return chargedUnits(client, keyId);
}

describe("rate-limit headers", () => {
  it("are on 200, 304, 400, 404 and 429 responses, and a 304 costs nothing", async () => {
    at("2026-11-21T18:00:00Z");
    const { key } = await createTestKey({ tier: "free" });
    const ok = await request("/v1/jobs/de-1", { key });
    const cases = [
      ok,
      await request("/v1/jobs/de-1", { key, headers: { "If-None-Match": ok.headers.get("etag")! } }),
      await request("/v1/jobs?per_page=0", { key }),
      await request("/v1/jobs/nope", { key }),
      await request("/v1/nowhere", { key }),
    ];
    expect(cases.map((r) => r.status)).toEqual([200, 304, 400, 404, 404]);
    for (let i = 0; i < 46; i++) await request("/v1/jobs/de-1", { key });
    cases.push(await request("/v1/jobs/de-1", { key }));
    expect(cases.at(-1)!.status).toBe(429);
    cases.forEach((res, i) => {
      expect(res.headers.get("x-ratelimit-limit")).toBe("50");
      expect(res.headers.get("vary")).toBe("X-API-Key");
      expect(res.headers.get("x-ratelimit-window")).toBe("daily");
      const remaining = [49, 49, 48, 47, 46, 0];
      expect(Number(res.headers.get("x-ratelimit-remaining"))).toBe(remaining[i]);
      expect(res.headers.get("x-ratelimit-reset")).toBe(String(Date.parse("2026-11-22T00:00:00Z") / 1000));
      expect(res.headers.get("ratelimit-policy")).toBe('"daily";q=50;w=86400, "monthly";q=500;w=2592000');
      expect(res.headers.get("ratelimit")).toMatch(/^"daily";r=\d+;t=\d+, "monthly";r=\d+;t=\d+$/);
    });
  });
});

describe("admission", () => {
  it("admits exactly 50 of 200 parallel requests on a fresh free key", async () => {
    const { key, id } = await createTestKey({ tier: "free" });
    const responses = await Promise.all(
      Array.from({ length: 200 }, () => request("/v1/salary?country=DE", { key })),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(50);
    expect(statuses.filter((s) => s === 429)).toHaveLength(150);
    const denied = responses.find((r) => r.status === 429)!;
    const body = await denied.json();
    expect(body.error).toMatchObject({ code: "quota_exceeded", window: "daily" });
    // Off production the caller runs the server too: the message says how to get more.
    expect(body.error.message).toContain("npm run keys -- tier --email <your address> --tier pro");
    expect(Number(denied.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(denied.headers.get("x-ratelimit-remaining")).toBe("0");
    expect(await pgUsed(id)).toBe(50); // 429s consumed nothing
  });

  it("lifts a 429 on the very next request after an upgrade", async () => {
    const { key, userId } = await createTestKey({ tier: "free" });
    await Promise.all(Array.from({ length: 50 }, () => request("/v1/jobs/de-1", { key })));
    expect((await request("/v1/jobs/de-1", { key })).status).toBe(429);
    await setUserTier(userId, "builder");
    const res = await request("/v1/jobs/de-1", { key });
    expect(res.status).toBe(200);
    expect(res.headers.get("x-ratelimit-limit")).toBe("10000");
    expect(res.headers.get("x-ratelimit-remaining")).toBe(String(10_000 - 51));
  });

  it("lifts a daily 429 at 00:00 UTC and not a second before", async () => {
    const { key } = await createTestKey({ tier: "free" });
    at("2026-11-21T12:00:00Z");
    for (let i = 0; i < 50; i++) await request("/v1/jobs/de-1", { key });
    at("2026-11-21T23:59:59.999Z");
    const late = await request("/v1/jobs/de-1", { key });
    expect(late.status).toBe(429);
    expect(late.headers.get("retry-after")).toBe("1");
    at("2026-11-22T00:00:00Z");
    const next = await request("/v1/jobs/de-1", { key });
    expect(next.status).toBe(200);
    expect(next.headers.get("x-ratelimit-remaining")).toBe("49");
    expect(next.headers.get("x-ratelimit-reset")).toBe(String(Date.parse("2026-11-23T00:00:00Z") / 1000));
  });

  it("runs out the month across days, and a new month lifts it", async () => {
    const { key, id } = await createTestKey({ tier: "free" });
    // Nine earlier days of this month at the daily maximum, already on record in Postgres.
    for (let d = 1; d <= 9; d++)
      await client.query("INSERT INTO key_usage (key_id, day, count) VALUES ($1, $2, 50)", [
        id,
        `2026-11-${String(d).padStart(2, "0")}`,
      ]);
    at("2026-11-10T08:00:00Z");
    for (let i = 0; i < 50; i++) expect((await request("/v1/jobs/de-1", { key })).status).toBe(200);
    const both = await request("/v1/jobs/de-1", { key }); // day and month both used up
    expect((await both.json()).error.window).toBe("monthly");
    at("2026-11-11T08:00:00Z");
    const denied = await request("/v1/jobs/de-1", { key });
    expect(denied.status).toBe(429);
    expect((await denied.json()).error.window).toBe("monthly");
    expect(denied.headers.get("retry-after")).toBe(
      String((Date.parse("2026-12-01T00:00:00Z") - Date.parse("2026-11-11T08:00:00Z")) / 1000),
    );
    expect(denied.headers.get("ratelimit")).toMatch(/"monthly";r=0;/);
    at("2026-12-01T00:00:00Z");
    const fresh = await request("/v1/jobs/de-1", { key });
    expect(fresh.status).toBe(200);
    expect(fresh.headers.get("ratelimit")).toMatch(/"daily";r=49;.*"monthly";r=499;/);
  });

  it("keeps the used counts when Redis loses them mid-day", async () => {
    const { key, id } = await createTestKey({ tier: "free" });
    for (let i = 0; i < 20; i++) await request("/v1/jobs/de-1", { key });
    const redis = new Redis(process.env.REDIS_URL!);
    const keys = await redis.keys(`${process.env.REDIS_PREFIX}*`);
    await redis.del(...keys); // everything of this run: what a FLUSHALL would do to us
    redis.disconnect();
    const res = await request("/v1/jobs/de-1", { key });
    expect(res.status).toBe(200);
    expect(res.headers.get("x-ratelimit-remaining")).toBe("29");
    expect(await pgUsed(id)).toBe(21);
  });

  it("counts unauthenticated and refused requests nowhere", async () => {
    const { key, id } = await createTestKey({ tier: "free", status: "inactive" });
    for (let i = 0; i < 5; i++) expect((await getJson("/v1/jobs", {}, key)).status).toBe(401);
    expect(await pgUsed(id)).toBe(0);
  });
});

describe("GET /api/keys/usage", () => {
  it("counts itself and reports both windows, the days of the month and local resets", async () => {
    const { key, id } = await createTestKey({ tier: "free" });
    at("2026-11-20T10:00:00Z");
    await request("/v1/jobs/de-1", { key });
    await request("/v1/jobs/de-1", { key });
    await flushUsage();
    at("2026-11-21T10:00:00Z");
    await request("/v1/jobs/de-1", { key });
    const { status, body } = await getJson("/api/keys/usage?tz=Europe/Berlin", {}, key);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      key: { id },
      tier: "free",
      daily: {
        limit: 50,
        used: 2,
        remaining: 48,
        reset: "2026-11-22T00:00:00.000Z",
        reset_local: "2026-11-22T01:00:00+01:00",
      },
      monthly: {
        limit: 500,
        used: 4,
        remaining: 496,
        reset: "2026-12-01T00:00:00.000Z",
        reset_local: "2026-12-01T01:00:00+01:00",
      },
      days: [
        { date: "2026-11-20", count: 2 },
        { date: "2026-11-21", count: 2 },
      ],
      reset_local: "2026-11-22T01:00:00+01:00",
    });
    expect(body.key.hint).toMatch(/^jsk_…/);
    const header = await getJson("/api/keys/usage", { "X-Client-Timezone": "Asia/Tokyo" }, key);
    expect(header.body.reset_local).toBe("2026-11-22T09:00:00+09:00");
    const bad = await getJson("/api/keys/usage?tz=Nowhere/Special", {}, key);
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({ code: "invalid_parameter", param: "tz" });
  });
});
