// GET /v1/jobs/facets against a real Postgres: counts, top companies, histograms, rules.
import { beforeAll, describe, expect, it } from "vitest";
import { FacetsResponseSchema } from "@/lib/catalog/facet-schemas";
import { ErrorBodySchema } from "./support/error-shape";
import { FILTER_JOBS } from "./support/filter-fixtures";
import { loadCatalog } from "./support/fixtures";
import { getJson, request } from "./support/http";

beforeAll(async () => {
  await loadCatalog(FILTER_JOBS, null);
});

async function facets(query: string) {
  const { status, body, res } = await getJson(`/v1/jobs/facets?${query}`);
  expect(status, JSON.stringify(body)).toBe(200);
  return { facets: FacetsResponseSchema.parse(body), res };
}

describe("GET /v1/jobs/facets", () => {
  it("counts a search's matches by country, type, arrangement and seniority", async () => {
    const { facets: f } = await facets("title=engineer");
    expect(f.meta).toEqual({ total: 8, total_exact: true, counted: 8, exact: true });
    expect(f.countries).toEqual([
      { value: "DE", count: 5 },
      { value: "AT", count: 1 },
      { value: "GB", count: 1 },
      { value: "US", count: 1 },
    ]);
    expect(f.remote).toEqual([
      { value: "remote", count: 5 },
      { value: "hybrid", count: 2 },
      { value: "on_site", count: 1 },
    ]);
    expect(f.seniority).toContainEqual({ value: null, count: 1 });
    expect(f.employment_types).toContainEqual({ value: "full_time", count: 5 });
  });

  it("groups companies case-insensitively and keeps the top ten", async () => {
    const { facets: f } = await facets("");
    // One entry whatever the spelling, named as its newest job spells it.
    expect(f.companies[0]).toEqual({ name: "Acme GmbH", count: 4 });
    expect(f.companies.length).toBeLessThanOrEqual(10);
    expect(f.companies.length).toBe(8);
  });

  it("makes one annualised salary histogram per currency", async () => {
    const { facets: f } = await facets("country=DE&remote=remote,hybrid,on_site");
    const eur = f.salary_histograms.find((h) => h.currency === "EUR");
    // f-1 70k, f-2 60k (5k a month), f-3 72.8k (30–40 an hour): midpoints, annualised.
    expect(eur?.count).toBe(3);
    expect(eur?.buckets.reduce((s, b) => s + b.count, 0)).toBe(3);
    expect(eur?.buckets[0]?.min).toBeLessThanOrEqual(60_000);
    expect(eur?.buckets.at(-1)?.max).toBeGreaterThan(72_800);
    expect(f.salary_histograms.find((h) => h.currency === "USD")?.count).toBe(1);
  });

  it("takes the search's filters, and its rules", async () => {
    const { facets: f } = await facets("country=DE&salary_min=65000&include_unsalaried=true");
    expect(f.meta.total).toBe(3);
    expect(f.countries).toEqual([{ value: "DE", count: 3 }]);
    for (const [query, param] of [
      ["salary_min=1", "salary_min"],
      ["page=2", "page"],
      ["sort=date", "sort"],
      ["remote=office", "remote"],
    ]) {
      const { status, body } = await getJson(`/v1/jobs/facets?${query}`);
      expect(status, query).toBe(400);
      expect(ErrorBodySchema.parse(body).error).toMatchObject({ code: "invalid_parameter", param });
    }
  });

  it("is keyed, tagged, and answers a matching If-None-Match with a 304", async () => {
    const { res } = await facets("country=DE");
    const etag = res.headers.get("etag");
    expect(etag).toMatch(/^W\//);
    expect(res.headers.get("x-ratelimit-remaining")).toBeTruthy();
    const again = await request("/v1/jobs/facets?country=DE", { headers: { "If-None-Match": etag! } });
    expect(again.status).toBe(304);
    const keyless = await request("/v1/jobs/facets", { key: null });
    expect(keyless.status).toBe(401);
  });

  it("adds reset_local with tz", async () => {
    const { facets: f } = await facets("tz=Europe/Berlin");
    expect(f.meta.reset_local).toMatch(/\+0[12]:00$/);
  });
});
