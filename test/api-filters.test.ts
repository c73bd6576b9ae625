// GET /v1/jobs filters and their combination rules, against a real Postgres.
import { beforeAll, describe, expect, it } from "vitest";
import { JobSearchResponseSchema } from "@/lib/catalog/job-schemas";
import { ErrorBodySchema } from "./support/error-shape";
import { FILTER_JOBS } from "./support/filter-fixtures";
import { loadCatalog } from "./support/fixtures";
import { getJson, SAME_ORIGIN } from "./support/http";

beforeAll(async () => {
  await loadCatalog(FILTER_JOBS, null);
});

async function ids(query: string): Promise<string[]> {
  const { status, body } = await getJson(`/v1/jobs?${query}`);
  expect(status, `${query}: ${JSON.stringify(body)}`).toBe(200);
  const parsed = JobSearchResponseSchema.parse(body);
  expect(parsed.meta.total).toBe(parsed.items.length); // every fixture answer fits one page
  expect(parsed.meta.total_exact).toBe(true);
  return parsed.items.map((i) => i.id);
}
const set = async (query: string) => (await ids(query)).sort();
const sorted = (xs: string[]) => [...xs].sort();

async function refused(query: string, param: string, message?: RegExp) {
  const { status, body } = await getJson(`/v1/jobs?${query}`);
  expect(status, query).toBe(400);
  const error = ErrorBodySchema.parse(body).error;
  expect(error).toMatchObject({ code: "invalid_parameter", param });
  if (message) expect(error.message).toMatch(message);
}

describe("GET /v1/jobs filters", () => {
  it("remote, employment_type and seniority take one or more values", async () => {
    expect(await set("remote=remote")).toEqual(sorted(["f-1", "f-4", "f-5", "f-7", "f-9", "f-10"]));
    expect(await set("remote=remote,hybrid&country=DE")).toEqual(["f-1", "f-2", "f-4", "f-5"]);
    expect(await set("employment_type=contract,part_time")).toEqual(["f-2", "f-3"]);
    expect(await set("seniority=senior,lead")).toEqual(["f-1", "f-4", "f-7"]);
    expect(await set("seniority=executive&employment_type=temporary&remote=remote")).toEqual(["f-10"]);
  });

  it("answers a mix of remote, type and seniority no job has with an exact zero, with any other parameter", async () => {
    // No fixture job is an internship at lead level: the per-combination counts say so.
    for (const query of [
      "employment_type=internship&seniority=lead",
      "employment_type=internship&seniority=lead&title=engineer&sort=salary_desc&country=DE&salary_min=1",
      "employment_type=internship&seniority=lead&q=engineer&page=3",
      "remote=hybrid&seniority=executive&near=Berlin&radius_km=500",
    ])
      expect(await ids(query), query).toEqual([]);
    const { status, body } = await getJson(
      "/v1/jobs/facets?employment_type=internship&seniority=lead&near=Berlin&radius_km=500&q=engineer",
    );
    expect(status).toBe(200);
    expect(body).toMatchObject({
      countries: [],
      companies: [],
      salary_histograms: [],
      distance: [0, 10, 25, 50, 100].map((min) => expect.objectContaining({ min_km: min, count: 0 })),
      meta: { total: 0, total_exact: true },
    });
  });

  it("company is exact but case-insensitive", async () => {
    expect(await set("company=acme%20gmbh")).toEqual(["f-1", "f-2", "f-7", "f-8"]);
    expect(await set("company=Acme")).toEqual([]);
  });

  it("city needs one country, given by country or after a comma", async () => {
    expect(await set("city=Berlin&country=DE")).toEqual(["f-1", "f-3", "f-4", "f-5"]);
    expect(await set("city=BERLIN,%20de")).toEqual(["f-1", "f-3", "f-4", "f-5"]);
    expect(await set("city=Cambridge,%20US")).toEqual(["f-7"]);
    expect(await set("city=Cambridge&country=GBR")).toEqual(["f-8"]);
    // The index matches a four-byte hash; the text is checked on every row returned, and where
    // two names share the hash (the import records it) on every row counted too.
    const { cityHash } = await import("@/lib/catalog/text-hash");
    expect(cityHash("Vila 2129599", "PT")).toBe(cityHash("Vila 2732382", "PT"));
    const town = await getJson("/v1/jobs?city=Vila%202129599,%20PT");
    expect(town.body.items.map((i: { id: string }) => i.id)).toEqual(["f-11"]);
    expect(town.body.meta).toMatchObject({ total: 1, total_exact: true });
    await refused("city=Berlin", "city", /single country/);
    await refused("city=Berlin&country=EU", "city");
    await refused("city=Berlin,%20DE&country=FR", "city", /another country/);
  });

  it("salary_min and salary_max compare annualised pay in the country's currency", async () => {
    // f-1 60–80k a year, f-2 5k a month, f-3 30–40 an hour, f-4 none, f-5 in USD.
    expect(await set("country=DE&salary_min=65000")).toEqual(["f-1", "f-3"]);
    expect(await set("country=DE&salary_min=65000&include_unsalaried=true")).toEqual(["f-1", "f-3", "f-4"]);
    expect(await set("country=DE&salary_max=61000")).toEqual(["f-1", "f-2"]);
    expect(await set("country=DE&salary_min=61000&salary_max=62500")).toEqual(["f-1", "f-3"]);
    expect(await set("country=US&salary_min=100000")).toEqual(["f-7"]);
    // "Up to 90,000" alone is taken as 90,000 at both ends.
    expect(await set("city=Cambridge,%20GB&salary_max=95000")).toEqual(["f-8"]);
    expect(await set("city=Cambridge,%20GB&salary_max=80000")).toEqual([]);
  });

  it("refuses salary filters without a single country, and a min above the max", async () => {
    await refused("salary_min=50000", "salary_min", /single-country/);
    await refused("salary_max=50000&country=EU", "salary_max", /single-country/);
    await refused("salary_min=9&salary_max=8&country=DE", "salary_min", /exceed/);
    await refused("salary_min=-1&country=DE", "salary_min");
    await refused("country=DE&salary_min=1&include_unsalaried=yes", "include_unsalaried");
  });

  it("posted_within_days and posted_after, but not both", async () => {
    expect(await set("posted_within_days=3")).toEqual(["f-1", "f-2", "f-3", "f-9"]);
    const since = new Date(Date.now() - 5.5 * 86_400_000).toISOString();
    expect(await set(`posted_after=${encodeURIComponent(since)}&country=DE`)).toEqual([
      "f-1",
      "f-2",
      "f-3",
      "f-5",
    ]);
    expect(await set("posted_after=2000-01-01&country=GB")).toEqual(["f-8"]);
    await refused("posted_within_days=3&posted_after=2026-01-01", "posted_after", /not both/);
    await refused("posted_within_days=0", "posted_within_days");
    await refused("posted_within_days=366", "posted_within_days");
    await refused("posted_after=yesterday", "posted_after");
  });

  it("sorts by date, salary either way, and relevance with a title", async () => {
    expect(await ids("country=DE")).toEqual(["f-1", "f-2", "f-3", "f-5", "f-4"]);
    expect(await ids("country=DE&sort=salary_desc")).toEqual(["f-3", "f-1", "f-2"]);
    expect(await ids("country=DE&sort=salary_asc")).toEqual(["f-1", "f-2", "f-3"]);
    // Unsalaried jobs last; f-5 advertises dollars in Germany, so a salary order leaves it out.
    expect(await ids("country=DE&sort=salary_asc&include_unsalaried=true")).toEqual([
      "f-1",
      "f-2",
      "f-3",
      "f-4",
    ]);
    expect(await ids("title=engineer&country=DE&sort=date")).toEqual(["f-1", "f-2", "f-3", "f-5", "f-4"]);
    expect(await ids("title=backend%20engineer&remote=remote&country=DE")).toEqual(["f-1", "f-5", "f-4"]);
    await refused("sort=relevance", "sort", /needs q or a title/);
    await refused("sort=salary_desc", "sort", /single-country/);
    await refused("sort=cheapest", "sort");
  });

  it("names an unknown value of a list parameter", async () => {
    await refused("remote=remote,office", "remote", /value 2 is not one of remote, hybrid, on_site/);
    await refused("employment_type=freelance", "employment_type", /value 1 is not one of full_time/);
    await refused("seniority=medior", "seniority", /value 1 is not one of intern/);
    // Like every error, it does not echo what was sent.
    const { body } = await getJson("/v1/jobs?remote=%3Cscript%3E");
    expect(JSON.stringify(body)).not.toContain("script");
    await refused("company=", "company");
  });

  it("pages a filtered search without overlap, with an exact total", async () => {
    const one = await getJson("/v1/jobs?remote=remote&per_page=2");
    const two = await getJson("/v1/jobs?remote=remote&per_page=2&page=2");
    expect(one.body.meta).toMatchObject({ total: 6, total_exact: true, total_pages: 3, next_page: 2 });
    expect(one.res.headers.get("link")).toContain("remote=remote");
    const seen = [...one.body.items, ...two.body.items].map((i: { id: string }) => i.id);
    expect(new Set(seen).size).toBe(4);
  });

  it("carries remote and seniority on rows and on the detail", async () => {
    const { body } = await getJson("/v1/jobs?company=Zeta");
    expect(body.items[0]).toMatchObject({ remote: "remote", seniority: "executive" });
    expect((await getJson("/v1/jobs/f-6")).body).toMatchObject({ remote: "on_site", seniority: "mid" });
    expect((await getJson("/v1/jobs/f-5")).body).toMatchObject({ seniority: null });
  });

  it("serves the same filters to the site's /api/jobs", async () => {
    const { status, body } = await getJson("/api/jobs?remote=hybrid", SAME_ORIGIN, null);
    expect(status).toBe(200);
    expect(body.items.map((i: { id: string }) => i.id).sort()).toEqual(["f-2", "f-8"]);
  });
});
