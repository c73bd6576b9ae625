// /api/jobs*: the site's keyless routes, limited per client IP.
import { beforeAll, describe, expect, it } from "vitest";
import { bucketOf, clientIp, PEER_HEADER, peerHeaderValue } from "@/lib/net/client-ip";
import { loadCatalog } from "./fixtures";
import { request } from "./http";
import { createTestKey } from "./keys";

beforeAll(async () => {
  await loadCatalog();
});

/**
 * The site limiter is a sliding window over fixed 60 s buckets (@upstash/ratelimit): requests
 * split across a bucket edge are weighted, so a burst that straddles a minute's start can get
 * one more through. Tests that count to the limit start clear of an edge.
 */
async function clearOfMinuteEdge(): Promise<void> {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < 3_000) await new Promise((r) => setTimeout(r, left + 50));
}

const from = (ip: string, extra: Record<string, string> = {}) => ({
  key: null,
  headers: { [PEER_HEADER]: peerHeaderValue(ip), ...extra },
});

describe("/api/jobs*", () => {
  it("serves the same shapes as /v1 without a key", async () => {
    const ip = "198.51.100.1";
    const search = await request("/api/jobs?title=engineer&country=DE", from(ip));
    expect(search.status).toBe(200);
    expect((await search.json()).meta.total).toBe(4);
    expect((await (await request("/api/jobs/de-1", from(ip))).json()).title).toBe("Senior Software Engineer");
    expect((await (await request("/api/jobs/salary?country=DE", from(ip))).json()).median).toBe(60000);
    expect((await request("/api/jobs/nope", from(ip))).status).toBe(404);
    expect((await request("/api/jobs/salary", from(ip))).status).toBe(400);
    expect((await request("/api/jobs?per_page=0", from(ip))).status).toBe(400);
  });

  it("allows 60 requests a minute per IP, then 429 with Retry-After; other IPs are unaffected", async () => {
    const ip = "198.51.100.2";
    await clearOfMinuteEdge();
    for (let i = 0; i < 60; i++) expect((await request("/api/jobs/de-1", from(ip))).status).toBe(200);
    const refused = await request("/api/jobs/de-1", from(ip));
    expect(refused.status).toBe(429);
    expect((await refused.json()).error.code).toBe("rate_limited");
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(refused.headers.get("x-ratelimit-remaining")).toBe("0");
    expect((await request("/api/jobs/de-1", from("198.51.100.3"))).status).toBe(200);
  });

  it("is not lifted by an API key or a made-up X-Forwarded-For", async () => {
    const ip = "198.51.100.4";
    for (let i = 0; i < 60; i++) await request("/api/jobs/de-1", from(ip));
    const { key } = await createTestKey({ tier: "pro" });
    expect((await request("/api/jobs/de-1", from(ip, { "x-api-key": key }))).status).toBe(429);
    expect((await request("/api/jobs/de-1", from(ip, { "x-forwarded-for": "203.0.113.99" }))).status).toBe(
      429,
    );
  });
});

describe("client address", () => {
  const req = (headers: Record<string, string>) => new Request("http://localhost/", { headers });
  it("comes from the server's stamped peer header unless a proxy is trusted", () => {
    expect(
      clientIp(req({ [PEER_HEADER]: peerHeaderValue("10.1.1.1"), "x-forwarded-for": "6.6.6.6" }), false),
    ).toBe("10.1.1.1");
    expect(clientIp(req({ "x-forwarded-for": "6.6.6.6" }), false)).toBe("unknown");
    expect(clientIp(req({ [PEER_HEADER]: "10.9.9.9" }), false)).toBe("unknown"); // sent by a client
    expect(clientIp(req({ [PEER_HEADER]: "forged|10.9.9.9" }), false)).toBe("unknown");
  });

  it("groups IPv6 addresses by /64 and unwraps IPv4-mapped ones", () => {
    expect(bucketOf("2001:db8:1:2:aaaa::1")).toBe("2001:db8:1:2::/64");
    expect(bucketOf("2001:db8:1:2:bbbb:cccc:dddd:eeee")).toBe("2001:db8:1:2::/64");
    expect(bucketOf("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(bucketOf("::ffff:192.0.2.7")).toBe("192.0.2.7");
  });
  it("is the address our proxy appended when TRUST_PROXY is set", () => {
    expect(clientIp(req({ "x-forwarded-for": "6.6.6.6, 10.0.0.7" }), true)).toBe("10.0.0.7");
  });
});
