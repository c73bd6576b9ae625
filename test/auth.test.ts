// Who may call, with what, and what a key's states mean: a key in the X-API-Key header only,
// inactive until confirmed, revoked for good.

import { describe, expect, it } from "vitest";
import { generateKey } from "@/lib/keys/format";
import { activateKey, registerKey } from "@/lib/keys/lifecycle";
import { createTestKey } from "./support/api-keys";
import { ErrorBodySchema } from "./support/error-shape";
import { catalogAndClient } from "./support/fixtures";
import { getJson, request } from "./support/http";
import { capturedLines } from "./support/output";

const client = catalogAndClient();

// Requests without a valid key report the caller's per-address keyless limit, not a key's quota.
const hasKeylessLimitHeaders = (res: Response) => {
  expect(res.headers.get("x-ratelimit-scope")).toBe("address");
  expect(res.headers.get("x-ratelimit-limit")).toBe("1000");
  expect(Number(res.headers.get("x-ratelimit-remaining"))).toBeLessThan(1000);
};

describe("authentication", () => {
  it.each([
    ["missing", null],
    ["empty", ""],
    ["not a key", "hello"],
    ["mistyped (checksum fails)", "mistype"],
    ["unknown but well-formed", generateKey()],
  ])("401 invalid_key for a %s key", async (_, value) => {
    let key = value;
    if (value === "mistype") {
      const real = (await createTestKey()).key;
      key = real.slice(0, 10) + (real[10] === "A" ? "B" : "A") + real.slice(11);
    }
    const { status, body, res } = await getJson("/v1/jobs", {}, key);
    expect(status).toBe(401);
    expect(ErrorBodySchema.parse(body).error.code).toBe("invalid_key");
    expect(res.headers.get("www-authenticate")).toContain("X-API-Key");
    hasKeylessLimitHeaders(res);
  });

  it("401 key_inactive for a registered but unconfirmed key", async () => {
    const { key } = await createTestKey({ status: "inactive" });
    const { status, body } = await getJson("/v1/jobs", {}, key);
    expect(status).toBe(401);
    expect(body.error.code).toBe("key_inactive");
  });

  it("accepts an active key on every endpoint, and on /api/keys/usage", async () => {
    const { key } = await createTestKey();
    for (const path of ["/v1/jobs", "/v1/jobs/de-1", "/v1/salary?country=DE", "/api/keys/usage"]) {
      expect((await getJson(path, {}, key)).status).toBe(200);
    }
  });

  it.each([
    ["api_key", (k: string) => `api_key=${k}`],
    ["key", (k: string) => `key=${k}`],
    ["apikey", (k: string) => `apikey=${k}`],
    ["x-api-key", (k: string) => `x-api-key=${k}`],
    ["a value that looks like a key", (k: string) => `title=${k}`],
  ])("400 key_in_query for %s, even with a valid header, and nothing is consumed", async (_, query) => {
    const { key, id } = await createTestKey({ tier: "free" });
    const { status, body, res } = await getJson(`/v1/jobs?${query(key)}`, {}, key);
    expect(status).toBe(400);
    expect(ErrorBodySchema.parse(body).error.code).toBe("key_in_query");
    expect(JSON.stringify(body)).not.toContain(key);
    hasKeylessLimitHeaders(res);
    const usage = await getJson("/api/keys/usage", {}, key);
    expect(usage.body.daily.used).toBe(1); // only the usage call itself
    expect(id).toBeTruthy();
  });
});

describe("key lifecycle", () => {
  it("registers inactive, activates once with the e-mailed token, and works from then on", async () => {
    const { userId } = await createTestKey({ status: "inactive" });
    const first = await registerKey(userId, new Date());
    expect(first.ok).toBe(true);
    if (!first.ok) return;
    expect(first.record.status).toBe("inactive");
    expect((await getJson("/v1/jobs", {}, first.key)).body.error.code).toBe("key_inactive");
    expect(await activateKey(first.token, new Date())).toMatchObject({ ok: true, keyId: first.record.id });
    expect(await activateKey(first.token, new Date())).toEqual({ ok: false, code: "invalid_token" });
    expect((await getJson("/v1/jobs", {}, first.key)).status).toBe(200);
    expect(await registerKey(userId, new Date())).toEqual({ ok: false, code: "key_exists" });
  });

  it("replaces an unconfirmed key when registering again", async () => {
    const { userId } = await createTestKey({ status: "inactive" });
    const a = await registerKey(userId, new Date());
    const b = await registerKey(userId, new Date());
    if (!a.ok || !b.ok) throw new Error("registration failed");
    expect((await getJson("/v1/jobs", {}, a.key)).body.error.code).toBe("invalid_key");
    expect(await activateKey(a.token, new Date())).toEqual({ ok: false, code: "invalid_token" });
    expect(await activateKey(b.token, new Date())).toMatchObject({ ok: true });
  });

  it("refuses an expired confirmation link; the key stays key_inactive", async () => {
    const { userId } = await createTestKey({ status: "inactive" });
    const r = await registerKey(userId, new Date(Date.now() - 25 * 3_600_000));
    if (!r.ok) throw new Error("registration failed");
    expect(await activateKey(r.token, new Date())).toEqual({ ok: false, code: "token_expired" });
    expect((await getJson("/v1/jobs", {}, r.key)).body.error.code).toBe("key_inactive");
  });

  it("lets only one of two simultaneous registrations through", async () => {
    const { userId } = await createTestKey({ status: "inactive" });
    await client.query("UPDATE api_keys SET status = 'revoked' WHERE user_id = $1", [userId]);
    const results = await Promise.all([registerKey(userId, new Date()), registerKey(userId, new Date())]);
    const live = await client.query(
      "SELECT count(*)::int AS n FROM api_keys WHERE user_id = $1 AND status <> 'revoked'",
      [userId],
    );
    expect(live.rows[0].n).toBe(1);
    expect(results.some((r) => r.ok)).toBe(true);
    // The loser is told a registration is under way, not that it already has an active key.
    for (const r of results) if (!r.ok) expect(r.code).toBe("registration_in_progress");
  });

  it("DELETE /api/keys/me revokes at once, and a new key may be registered", async () => {
    const { key, id, userId } = await createTestKey();
    expect((await getJson("/v1/jobs", {}, key)).status).toBe(200); // cached in Redis now
    const res = await request("/api/keys/me", { method: "DELETE", key });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ id, status: "revoked" });
    expect(Date.parse(body.revoked_at)).not.toBeNaN();
    const after = await getJson("/v1/jobs", {}, key);
    expect(after.status).toBe(401);
    expect(after.body.error.code).toBe("invalid_key");
    expect((await request("/api/keys/me", { method: "DELETE", key })).status).toBe(401);
    expect((await registerKey(userId, new Date())).ok).toBe(true);
  });
});

describe("secrets", () => {
  it("never stores the key or the confirmation token in plaintext", async () => {
    const { userId } = await createTestKey({ status: "inactive" });
    const r = await registerKey(userId, new Date());
    if (!r.ok) throw new Error("registration failed");
    await getJson("/api/keys/usage", {}, r.key);
    const { rows } = await client.query(`
      SELECT table_name, column_name FROM information_schema.columns
      WHERE table_schema = 'public' AND data_type IN ('text', 'character varying', 'character', 'jsonb')`);
    for (const { table_name, column_name } of rows) {
      const found = await client.query(
        `SELECT 1 FROM "${table_name}" WHERE "${column_name}"::text LIKE '%' || $1 || '%' OR "${column_name}"::text LIKE '%' || $2 || '%' LIMIT 1`,
        [r.key.slice(4), r.token],
      );
      expect(found.rowCount, `${table_name}.${column_name}`).toBe(0);
    }
  });

  it("keeps keys out of logs, even at debug level and when sent in the query string", async () => {
    const { key, id } = await createTestKey();
    const before = process.env.LOG_LEVEL;
    const { env } = await import("@/lib/core/env");
    const e = env() as { LOG_LEVEL: string };
    const level = e.LOG_LEVEL;
    e.LOG_LEVEL = "debug";
    const lines = await capturedLines(async () => {
      await getJson(`/v1/jobs?api_key=${key}`, {}, key);
      await getJson("/v1/jobs/de-1", {}, key);
      await getJson("/v1/jobs", {}, `${key}x`);
    }).finally(() => {
      e.LOG_LEVEL = level;
      process.env.LOG_LEVEL = before;
    });
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.join("\n")).not.toContain(key.slice(4));
    // The admitted request's line names its key by id.
    const detail = lines
      .map((l) => JSON.parse(l))
      .find((l) => l.msg === "request" && l.path === "/v1/jobs/de-1");
    expect(detail?.key_id).toBe(id);
  });
});
