// Requests without a valid key count against a per-address daily limit and say so in their headers;
// once it is spent, unknown keys from that address are refused before any key lookup.
process.env.KEYLESS_DAILY_LIMIT = "5";

import { describe, expect, it } from "vitest";
import { publishKeyState } from "@/lib/keys/cached-state";
import { generateKey } from "@/lib/keys/format";
import { hashOf, loadKeyByHash } from "@/lib/keys/store";
import { peerHeaderValue } from "@/lib/net/client-ip";
import { createTestKey } from "./support/api-keys";
import { ErrorBodySchema } from "./support/error-shape";
import { catalogAndClient } from "./support/fixtures";
import { request } from "./support/http";

catalogAndClient();

// A bucket of its own per test: the address the production server would stamp.
let n = 0;
const fromAddress = () => ({ "x-jsa-peer": peerHeaderValue(`198.51.100.${++n}`) });

describe("the keyless limit", () => {
  it("counts down on 401s and key_in_query 400s, then refuses with 429 rate_limited", async () => {
    const headers = fromAddress();
    const answers = [];
    for (const key of [null, "nonsense", generateKey()])
      answers.push(await request("/v1/jobs", { key, headers }));
    answers.push(await request(`/v1/jobs?api_key=${generateKey()}`, { key: null, headers }));
    answers.push(await request("/v1/salary", { key: null, headers }));
    expect(answers.map((r) => r.status)).toEqual([401, 401, 401, 400, 401]);
    expect(answers.map((r) => r.headers.get("x-ratelimit-remaining"))).toEqual(["4", "3", "2", "1", "0"]);
    for (const r of answers) {
      expect(r.headers.get("x-ratelimit-limit")).toBe("5");
      expect(r.headers.get("x-ratelimit-scope")).toBe("address");
    }
    const refused = await request("/v1/jobs", { key: null, headers });
    expect(refused.status).toBe(429);
    expect(ErrorBodySchema.parse(await refused.json()).error.code).toBe("rate_limited");
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("refuses a made-up key from a spent address without looking it up, and serves a known key", async () => {
    const headers = fromAddress();
    const { key } = await createTestKey({ tier: "pro" });
    expect((await request("/v1/jobs/de-1", { key, headers })).status).toBe(200);
    for (let i = 0; i < 5; i++) await request("/v1/jobs", { key: null, headers });
    // A fresh well-formed key would cost a database lookup: refused before it.
    expect((await request("/v1/jobs", { key: generateKey(), headers })).status).toBe(429);
    // A key this process has seen active still works from the same address.
    expect((await request("/v1/jobs/de-1", { key, headers })).status).toBe(200);
  });

  it("serves a real key this process has never seen from a spent address: Redis knows it exists", async () => {
    const headers = fromAddress();
    for (let i = 0; i < 6; i++) await request("/v1/jobs", { key: null, headers });
    const { key } = await createTestKey({ tier: "pro" });
    const stored = await loadKeyByHash(hashOf(key));
    if (stored) await publishKeyState(stored); // what activation does
    expect((await request("/v1/jobs/de-1", { key, headers })).status).toBe(200);
  });

  it("leaves other addresses alone", async () => {
    const spent = fromAddress();
    for (let i = 0; i < 6; i++) await request("/v1/jobs", { key: null, headers: spent });
    const other = await request("/v1/jobs", { key: null, headers: fromAddress() });
    expect(other.status).toBe(401);
    expect(other.headers.get("x-ratelimit-remaining")).toBe("4");
  });
});
