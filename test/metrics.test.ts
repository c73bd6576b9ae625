// GET /metrics: refused without the operator's token, Prometheus text with it.
import { beforeAll, describe, expect, it } from "vitest";
import * as route from "@/app/metrics/route";
import { loadCatalog } from "./support/fixtures";
import { request } from "./support/http";

const TOKEN = "m".repeat(40);
process.env.METRICS_TOKEN = TOKEN; // read on first use, which comes after this

beforeAll(async () => {
  await loadCatalog();
});

const scrape = (headers: Record<string, string> = {}) =>
  route.GET(new Request("http://localhost:3000/metrics", { headers }), { params: Promise.resolve({}) });

describe("GET /metrics", () => {
  it("is refused without the token, or with another one", async () => {
    const attempts: Record<string, string>[] = [
      {},
      { Authorization: `Bearer ${"x".repeat(40)}` },
      { Authorization: TOKEN },
    ];
    for (const headers of attempts) {
      const res = await scrape(headers);
      expect(res.status).toBe(401);
      expect(res.headers.get("www-authenticate")).toMatch(/^Bearer/);
      expect(await res.text()).not.toContain(TOKEN);
    }
  });

  it("serves requests, quota decisions, pools, breakers and the live snapshot with the token", async () => {
    expect((await request("/v1/salary?country=DE")).status).toBe(200);
    const res = await scrape({ Authorization: `Bearer ${TOKEN}` });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await res.text();
    expect(text).toMatch(/jsa_http_requests_total\{route="\/v1\/salary",status="200"\} [1-9]/);
    expect(text).toMatch(/jsa_quota_decisions_total\{outcome="admitted",backend="redis"\} [1-9]/);
    expect(text).toContain('jsa_breaker_open{dependency="redis"} 0');
    expect(text).toContain('jsa_dependency_up{dependency="postgres"} 1');
    expect(text).toMatch(/jsa_db_pool_connections\{pool="primary",state="total"\} [1-9]/);
    expect(text).toMatch(/jsa_catalog_live_snapshot_id [1-9]/);
    expect(text).toMatch(/jsa_catalog_import_duration_seconds\{what="duration"\} \d/);
    expect(text).toMatch(/jsa_catalog_reads_total\{target="primary"\} [1-9]/);
  });

  it("counts /v1/jobs/facets under its own route, not as a job id", async () => {
    const before = await scrape({ Authorization: `Bearer ${TOKEN}` }).then((r) => r.text());
    const ids = (text: string) =>
      Number(/jsa_http_requests_total\{route="\/v1\/jobs\/\{id\}",status="200"\} (\d+)/.exec(text)?.[1] ?? 0);
    expect((await request("/v1/jobs/facets?country=DE")).status).toBe(200);
    const text = await scrape({ Authorization: `Bearer ${TOKEN}` }).then((r) => r.text());
    expect(text).toMatch(/jsa_http_requests_total\{route="\/v1\/jobs\/facets",status="200"\} [1-9]/);
    expect(ids(text)).toBe(ids(before));
  });
});
