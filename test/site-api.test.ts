// /api/jobs*: the site's keyless routes, limited per client IP.
import { beforeAll, describe, expect, it } from "vitest";
import { bucketOf, clientIp, PEER_HEADER, peerHeaderValue } from "@/lib/net/client-ip";
import { createTestKey } from "./support/api-keys";
import { loadCatalog } from "./support/fixtures";
import { request, SAME_ORIGIN } from "./support/http";

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
  headers: { [PEER_HEADER]: peerHeaderValue(ip), ...SAME_ORIGIN, ...extra },
});

describe("/api/jobs*", () => {
  it("serves the same shapes as /v1 without a key", async () => {
    const ip = "198.51.100.1";
    const search = await request("/api/jobs?title=engineer&country=DE", from(ip));
    expect(search.status).toBe(200);
    expect((await search.json()).meta.total).toBe(4);
    // The minute is the tighter window for a visitor; the headers name both.
    expect(search.headers.get("x-ratelimit-window")).toBe("minute");
    expect(search.headers.get("ratelimit-policy")).toBe('"minute";q=60;w=60, "daily";q=1000;w=86400');
    expect(search.headers.get("ratelimit")).toMatch(/^"minute";r=59;t=\d+, "daily";r=999;t=\d+$/);
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
    const { error } = await refused.json();
    expect(error.code).toBe("rate_limited");
    expect(error.message).toContain("free API key at http://localhost:3000/studio");
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(refused.headers.get("x-ratelimit-window")).toBe("minute");
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

describe("/api/jobs* answer only the site's own pages", () => {
  const bare = (ip: string, headers: Record<string, string> = {}) => ({
    key: null,
    headers: { [PEER_HEADER]: peerHeaderValue(ip), ...headers },
  });

  it("refuse a request with no same-origin signal with 403 site_only that points at the keyed API", async () => {
    for (const [path, v1] of [
      ["/api/jobs?title=engineer", "/v1/jobs"],
      ["/api/jobs/de-1", "/v1/jobs/de-1"],
      ["/api/jobs/salary?country=DE", "/v1/salary"],
    ] as const) {
      const res = await request(path, bare("198.51.100.20"));
      expect(res.status, path).toBe(403);
      expect(res.headers.get("content-type")).toContain("application/json");
      const { error } = await res.json();
      expect(error.code).toBe("site_only");
      expect(error.message).toContain(`${v1} with an API key in the X-API-Key header`);
      expect(error.message).toMatch(/free API key at http:\/\/localhost:3000\/studio/);
    }
  });

  it.each([
    ["another site's fetch", { "sec-fetch-site": "cross-site" }],
    ["a sibling subdomain's fetch", { "sec-fetch-site": "same-site" }],
    ["a URL typed into the address bar", { "sec-fetch-site": "none" }],
    ["another Origin", { origin: "https://evil.example" }],
    ["an opaque Origin", { origin: "null" }],
    ["another site's Referer", { referer: "https://evil.example/jobs" }],
    ["a Referer that is no URL", { referer: "not a url" }],
    [
      "Sec-Fetch-Site: same-origin beside a foreign Origin",
      { ...SAME_ORIGIN, origin: "https://evil.example" },
    ],
  ])("refuse %s", async (_, headers) => {
    const res = await request("/api/jobs/de-1", bare("198.51.100.21", headers));
    expect(res.status).toBe(403);
    expect((await res.json()).error.code).toBe("site_only");
  });

  it("serve what a browser sends from the site: Sec-Fetch-Site, or Origin/Referer of the site", async () => {
    for (const headers of [
      { ...SAME_ORIGIN },
      { origin: "http://localhost:3000" },
      { referer: "http://localhost:3000/jobs?title=engineer" },
      { ...SAME_ORIGIN, referer: "http://localhost:3000/" },
    ] as Record<string, string>[]) {
      const res = await request("/api/jobs/de-1", bare("198.51.100.22", headers));
      expect(res.status, JSON.stringify(headers)).toBe(200);
    }
  });

  it("count nothing against the site limits on a refusal", async () => {
    await clearOfMinuteEdge();
    const ip = "198.51.100.23";
    for (let i = 0; i < 70; i++) expect((await request("/api/jobs/de-1", bare(ip))).status).toBe(403);
    const served = await request("/api/jobs/de-1", from(ip));
    expect(served.status).toBe(200);
    expect(served.headers.get("x-ratelimit-remaining")).toBe("59");
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
