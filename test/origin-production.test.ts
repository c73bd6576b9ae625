// In production the site's POST routes accept only APP_URL's origin: a page served from
// localhost cannot post to a site whose public address is 127.0.0.1, and the reverse.
// NODE_ENV is typed read-only; the environment is plain data at run time.
import { randomBytes } from "node:crypto";

Object.assign(process.env, {
  NODE_ENV: "production",
  APP_URL: "http://127.0.0.1:3000",
  KEY_HASH_SECRET: randomBytes(32).toString("hex"),
  NEXTAUTH_SECRET: randomBytes(32).toString("hex"),
});

import { describe, expect, it } from "vitest";
import { createTestKey } from "./support/api-keys";
import { catalogAndClient } from "./support/fixtures";
import { request, SAME_ORIGIN, sitePost } from "./support/http";

catalogAndClient();

const confirm = (origin: string) =>
  sitePost("/api/keys/confirm", { token: "x".repeat(43) }, { headers: { origin } });

describe("same-origin checks in production", () => {
  it("refuse a request whose origin is only the address it was sent to", async () => {
    // test/support/http.ts sends to http://localhost:3000, which is not APP_URL.
    const res = await confirm("http://localhost:3000");
    expect(res.status).toBe(403);
    expect((await res.json()).error.code).toBe("forbidden");
  });

  it("accept APP_URL's origin", async () => {
    const res = await confirm("http://127.0.0.1:3000");
    expect(res.status).toBe(400); // past the origin check: the token is simply unknown
    expect((await res.json()).error.code).toBe("invalid_token");
  });
});

describe("the site's /api/jobs* in production", () => {
  const get = (headers: Record<string, string>) => request("/api/jobs/de-1", { key: null, headers });

  it("take only APP_URL's origin from Origin or Referer, not the address the request was sent to", async () => {
    expect((await get({ origin: "http://localhost:3000" })).status).toBe(403);
    expect((await get({ referer: "http://localhost:3000/jobs" })).status).toBe(403);
    expect((await get({ origin: "http://127.0.0.1:3000" })).status).toBe(200);
    expect((await get({ referer: "http://127.0.0.1:3000/jobs" })).status).toBe(200);
    expect((await get(SAME_ORIGIN)).status).toBe(200);
  });
});

describe("the quota_exceeded answer in production", () => {
  it("does not tell the caller about the operator CLI", async () => {
    const { key } = await createTestKey({ tier: "free" });
    await Promise.all(Array.from({ length: 50 }, () => request("/v1/jobs/de-1", { key })));
    const res = await request("/v1/jobs/de-1", { key });
    expect(res.status).toBe(429);
    const { error } = await res.json();
    expect(error.code).toBe("quota_exceeded");
    expect(error.message).not.toMatch(/npm run|keys -- tier|development/);
  });
});
