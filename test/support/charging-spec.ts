// What is charged, run on whichever quota backend the calling file chose (Redis or Postgres):
// 5xx, 304 and 405 are given back in Redis and in key_usage alike; 400 and 404 are charged;
// a user's new key continues the counts of the key it replaced.
import type pg from "pg";
import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/api/errors";
import { withV1 } from "@/lib/api/with-api-key";
import { activateKey, registerKey, revokeKey } from "@/lib/keys/lifecycle";
import { flushUsage } from "@/lib/quota/usage-buffer";
import { chargedUnits, createTestKey } from "./api-keys";
import { getJson, request } from "./http";

const failing = withV1(async () => {
  throw new Error("a bug in a handler");
});
const unavailable = withV1(async () => {
  throw new ApiError("service_unavailable", "away", { headers: { "Retry-After": "5" } });
});
const call = (handler: typeof failing, key: string) =>
  handler(new Request("http://localhost:3000/v1/test", { headers: { "x-api-key": key } }), {
    params: Promise.resolve({}),
  });

export function chargingSpec(client: () => pg.Client) {
  async function ledger(keyId: string): Promise<number> {
    await flushUsage();
    return chargedUnits(client(), keyId);
  }
  const usedToday = async (key: string) => (await getJson("/api/keys/usage", {}, key)).body.daily.used - 1;

  describe("what is charged", () => {
    it("a request the service failed (500, 503) costs nothing, in the counters or the ledger", async () => {
      const { key, id } = await createTestKey({ tier: "free" });
      const answers = [await call(failing, key), await call(unavailable, key), await call(failing, key)];
      expect(answers.map((r) => r.status)).toEqual([500, 503, 500]);
      // The headers tell the truth after the refund: nothing was used.
      for (const r of answers) expect(r.headers.get("x-ratelimit-remaining")).toBe("50");
      expect(await ledger(id)).toBe(0);
      expect(await usedToday(key)).toBe(0);
    });

    it("a 304 and a 405 cost nothing; a 400 and a 404 do", async () => {
      const { key, id } = await createTestKey({ tier: "free" });
      const first = await request("/v1/jobs/de-1", { key });
      const etag = first.headers.get("etag") ?? "";
      const notModified = await request("/v1/jobs/de-1", { key, headers: { "If-None-Match": etag } });
      const post = await request("/v1/jobs", { key, method: "POST" });
      expect([notModified.status, post.status]).toEqual([304, 405]);
      expect(post.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
      expect(post.headers.get("x-ratelimit-remaining")).toBe("49");
      expect(await ledger(id)).toBe(1);
      expect((await request("/v1/jobs?per_page=0", { key })).status).toBe(400);
      expect((await request("/v1/jobs/nope", { key })).status).toBe(404);
      expect(await ledger(id)).toBe(3);
      expect(await usedToday(key)).toBe(3);
    });

    it("a 304 on the last unit leaves the unit for the next request", async () => {
      const { key } = await createTestKey({ tier: "free" });
      const first = await request("/v1/jobs/de-1", { key });
      for (let i = 0; i < 48; i++) expect((await request("/v1/jobs/de-2", { key })).status).toBe(200);
      const etag = first.headers.get("etag") ?? "";
      for (let i = 0; i < 5; i++) {
        expect((await request("/v1/jobs/de-1", { key, headers: { "If-None-Match": etag } })).status).toBe(
          304,
        );
      }
      expect((await request("/v1/jobs/de-2", { key })).status).toBe(200);
      expect((await request("/v1/jobs/de-2", { key })).status).toBe(429);
    });
  });

  describe("quota belongs to the user", () => {
    it("a new key continues the day's count of the revoked one: revoking does not refill", async () => {
      const { key, id, userId } = await createTestKey({ tier: "free" });
      for (let i = 0; i < 50; i++) expect((await request("/v1/jobs/de-1", { key })).status).toBe(200);
      expect((await request("/v1/jobs/de-1", { key })).status).toBe(429);
      await revokeKey(id, new Date());
      const next = await registerKey(userId, new Date());
      if (!next.ok) throw new Error("registration failed");
      await activateKey(next.token, new Date());
      const refused = await getJson("/v1/jobs/de-1", {}, next.key);
      expect(refused.status).toBe(429);
      expect(refused.body.error.window).toBe("daily");
      expect(refused.res.headers.get("x-ratelimit-remaining")).toBe("0");
      expect(await ledger(next.record.id)).toBe(0);
    });
  });
}
