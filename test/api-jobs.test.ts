// HTTP-level tests of GET /v1/jobs and GET /v1/jobs/{id} against a real Postgres.
import { beforeAll, describe, expect, it } from "vitest";
import { JobSchema, JobSearchResponseSchema } from "@/lib/catalog/job-schemas";
import { ErrorBodySchema } from "./support/error-shape";
import { FIXTURE_JOBS, loadCatalog } from "./support/fixtures";
import { getJson, request } from "./support/http";

beforeAll(async () => {
  await loadCatalog();
});

const ids = (body: { items: { id: string }[] }) => body.items.map((i) => i.id);

describe("GET /v1/jobs search", () => {
  it("returns items and meta in the documented shape", async () => {
    const { status, body, res } = await getJson("/v1/jobs");
    expect(status).toBe(200);
    expect(JobSearchResponseSchema.parse(body).meta).toMatchObject({
      total: FIXTURE_JOBS.length,
      page: 1,
      per_page: 20,
      total_pages: 3,
      has_more: true,
      next_page: 2,
      prev_page: null,
    });
    expect(res.headers.get("x-request-id")).toMatch(/^req_/);
    expect(body.items[0]).not.toHaveProperty("description");
  });

  it("matches title words in any case and order, and partial words", async () => {
    const a = await getJson("/v1/jobs?title=engin&per_page=100");
    expect(ids(a.body)).toEqual(
      expect.arrayContaining(["de-1", "de-2", "de-3", "de-5", "fr-2", "us-1", "gb-1", "nl-1"]),
    );
    expect(ids(a.body)).not.toContain("de-4");
    const b = await getJson("/v1/jobs?title=ENGINEER%20software&country=DE");
    expect(ids(b.body).sort()).toEqual(["de-1", "de-2"]);
    const c = await getJson("/v1/jobs?title=ingenieur");
    expect(c.body.meta.total).toBe(0);
    const d = await getJson("/v1/jobs?title=ingénieur");
    expect(ids(d.body)).toEqual(["fr-1"]);
  });

  it("orders by relevance with a title, then newest; newest without", async () => {
    const { body } = await getJson("/v1/jobs?title=software%20engineer&country=DE");
    expect(ids(body)).toEqual(["de-2", "de-1"]); // the shorter, exact title ranks first
    const all = await getJson("/v1/jobs?country=DE");
    expect(ids(all.body)).toEqual(["de-1", "de-2", "de-3", "de-4", "de-5"]);
  });

  it("filters by alpha-2, alpha-3 in any case, and region codes", async () => {
    for (const c of ["DE", "de", "DEU", "deu"])
      expect((await getJson(`/v1/jobs?country=${c}`)).body.meta.total).toBe(5);
    const eu = await getJson("/v1/jobs?country=EU&per_page=100");
    expect(eu.body.meta.total).toBe(5 + 2 + 45);
    expect(ids(eu.body)).not.toContain("us-1");
    expect(ids(eu.body)).not.toContain("gb-1");
    expect((await getJson("/v1/jobs?country=JP")).body).toMatchObject({
      items: [],
      meta: { total: 0, total_pages: 0, has_more: false },
    });
  });

  it("pages without overlap, with exact totals and Link headers", async () => {
    const p1 = await getJson("/v1/jobs?country=NL&per_page=20");
    const p2 = await getJson("/v1/jobs?country=NL&per_page=20&page=2");
    const p3 = await getJson("/v1/jobs?country=NL&per_page=20&page=3");
    const all = [...ids(p1.body), ...ids(p2.body), ...ids(p3.body)];
    expect(all).toHaveLength(45);
    expect(new Set(all).size).toBe(45);
    expect(p2.body.meta).toMatchObject({
      total: 45,
      page: 2,
      total_pages: 3,
      next_page: 3,
      prev_page: 1,
      has_more: true,
    });
    expect(p3.body.meta).toMatchObject({ next_page: null, has_more: false });
    expect(p2.res.headers.get("link")).toContain('</v1/jobs?country=NL&per_page=20&page=3>; rel="next"');
    expect(p2.res.headers.get("link")).toContain('</v1/jobs?country=NL&per_page=20&page=1>; rel="prev"');
    expect(p3.res.headers.get("link")).not.toContain('rel="next"');
    const titled = await getJson("/v1/jobs?title=backend&per_page=5&page=2");
    expect(titled.body.meta.total).toBe(15);
    expect(titled.body.items).toHaveLength(5);
  });

  it("answers a page past the last one with an empty page that points back", async () => {
    const { status, body } = await getJson("/v1/jobs?country=NL&per_page=20&page=7");
    expect(status).toBe(200);
    expect(body).toMatchObject({ items: [], meta: { total: 45, next_page: null, prev_page: 3 } });
  });

  it("refuses pages past the depth cap with a clear 400", async () => {
    const { status, body } = await getJson("/v1/jobs?per_page=100&page=101");
    expect(status).toBe(400);
    expect(body.error).toMatchObject({ code: "invalid_parameter", param: "page" });
    expect(body.error.message).toMatch(/10000/);
  });

  it.each([
    ["per_page=0", "per_page"],
    ["page=-1", "page"],
    ["page=0", "page"],
    ["page=1.5", "page"],
    ["per_page=abc", "per_page"],
    ["per_page=100000", "per_page"],
    ["per_page=", "per_page"],
    ["country=ZZZZZ", "country"],
    ["country=ZZ", "country"],
    ["tz=Mars/Olympus", "tz"],
    ["title=", "title"],
    ["title=%21%21%21", "title"],
    [`title=${"a".repeat(201)}`, "title"],
    ["colour=red", "colour"],
    ["page=1&page=2", "page"],
  ])("400 invalid_parameter for %s", async (query, param) => {
    const { status, body, res } = await getJson(`/v1/jobs?${query}`);
    expect(status).toBe(400);
    expect(ErrorBodySchema.parse(body).error).toMatchObject({ code: "invalid_parameter", param });
    expect(body.error.request_id).toBe(res.headers.get("x-request-id"));
  });

  it("adds meta.reset_local from tz or X-Client-Timezone, and rejects a bad header", async () => {
    const tz = await getJson("/v1/jobs?per_page=1&tz=Asia/Kolkata");
    expect(tz.body.meta.reset_local).toMatch(/^\d{4}-\d{2}-\d{2}T05:30:00\+05:30$/);
    const header = await getJson("/v1/jobs?per_page=1", { "X-Client-Timezone": "America/New_York" });
    expect(header.body.meta.reset_local).toMatch(/T19:00:00-05:00$|T20:00:00-04:00$/);
    const none = await getJson("/v1/jobs?per_page=1");
    expect(none.body.meta).not.toHaveProperty("reset_local");
    const bad = await getJson("/v1/jobs", { "X-Client-Timezone": "Not/AZone" });
    expect(bad.body.error).toMatchObject({ code: "invalid_parameter", param: "X-Client-Timezone" });
  });
});

describe("GET /v1/jobs/{id}", () => {
  it("returns one flattened job", async () => {
    const { status, body } = await getJson("/v1/jobs/de-1");
    expect(status).toBe(200);
    expect(JobSchema.parse(body)).toEqual({
      id: "de-1",
      title: "Senior Software Engineer",
      company: "Company de-1",
      apply_url: "https://jobs.example.com/de-1",
      location: "Berlin, Germany",
      city: "Berlin",
      country: "DE",
      employment_type: "full_time",
      remote: "hybrid",
      seniority: "senior",
      salary_min: 70000,
      salary_max: 90000,
      salary_currency: "EUR",
      salary_period: "year",
      salary_source: "stated",
      posted_at: "2026-11-19T00:00:00.000Z",
      first_seen_at: expect.any(String),
      last_seen_at: expect.any(String),
      expires_at: null,
      // Placed at import by its city, from the gazetteer.
      latitude: 52.52437,
      longitude: 13.41053,
      duplicate_of: null,
      duplicates: 0,
      description: "About Senior Software Engineer.",
      // The only salaried Senior Software Engineer in Germany: too few to stand among.
      pay_percentile: null,
    });
  });

  it("gives only http(s), mailto or empty apply links", async () => {
    expect((await getJson("/v1/jobs/de-3")).body.apply_url).toBe("");
    expect((await getJson("/v1/jobs/de-4")).body.apply_url).toBe("mailto:jobs@cafe.example.com");
    expect((await getJson("/v1/jobs/de-5")).body.apply_url).toBe("");
  });

  it.each(["nope", "de-1x", ".."])("404 not_found for %s", async (id) => {
    const { status, body } = await getJson(`/v1/jobs/${id}`);
    expect(status).toBe(404);
    expect(ErrorBodySchema.parse(body).error.code).toBe("not_found");
  });

  it.each(["a%20b", "x".repeat(65)])(
    "400 invalid_parameter on id for %s, which cannot be an id",
    async (id) => {
      const { status, body } = await getJson(`/v1/jobs/${id}`);
      expect(status).toBe(400);
      expect(ErrorBodySchema.parse(body).error).toMatchObject({ code: "invalid_parameter", param: "id" });
    },
  );

  it("refuses unknown parameters, a bad tz and a bad X-Client-Timezone as the other endpoints do", async () => {
    expect((await getJson("/v1/jobs/de-1?pag=2")).body.error).toMatchObject({ param: "pag" });
    expect((await getJson("/v1/jobs/de-1?tz=Mars/Base")).body.error).toMatchObject({ param: "tz" });
    const header = await getJson("/v1/jobs/de-1", { "X-Client-Timezone": "Nowhere/Land" });
    expect(header.body.error).toMatchObject({ code: "invalid_parameter", param: "X-Client-Timezone" });
    const zoned = await getJson("/v1/jobs/de-1?tz=Europe/Berlin");
    expect(zoned.body.reset_local).toMatch(/\+0[12]:00$/);
  });
});

describe("ETags and conditional requests", () => {
  it("tags list and detail responses weakly and answers a match with an empty 304", async () => {
    for (const path of ["/v1/jobs?country=DE", "/v1/jobs/de-1", "/v1/salary?country=DE"]) {
      const first = await request(path);
      const etag = first.headers.get("etag")!;
      expect(etag).toMatch(/^W\/"/);
      const again = await request(path, { headers: { "If-None-Match": etag } });
      expect(again.status).toBe(304);
      expect(await again.text()).toBe("");
      expect(again.headers.get("etag")).toBe(etag);
      expect(again.headers.get("x-request-id")).toMatch(/^req_/);
      expect((await request(path, { headers: { "If-None-Match": `W/"zzz", ${etag}` } })).status).toBe(304);
      expect((await request(path, { headers: { "If-None-Match": "*" } })).status).toBe(304);
      expect((await request(path, { headers: { "If-None-Match": 'W/"zzz"' } })).status).toBe(200);
    }
  });

  it("changes the tag when the body changes, and only then", async () => {
    const a = (await request("/v1/jobs?country=DE")).headers.get("etag");
    expect((await request("/v1/jobs?country=DE")).headers.get("etag")).toBe(a);
    expect((await request("/v1/jobs?country=DE&page=2")).headers.get("etag")).not.toBe(a);
    expect((await request("/v1/jobs?country=FR")).headers.get("etag")).not.toBe(a);
  });

  it("never tags or 304s an error", async () => {
    const res = await request("/v1/jobs/nope", { headers: { "If-None-Match": "*" } });
    expect(res.status).toBe(404);
    expect(res.headers.get("etag")).toBeNull();
  });
});

describe("the rest of /v1", () => {
  it("answers writes with a JSON 405", async () => {
    const res = await request("/v1/jobs", { method: "POST" });
    expect(res.status).toBe(405);
    expect(ErrorBodySchema.parse(await res.json()).error.code).toBe("method_not_allowed");
  });

  it("answers unknown paths with a JSON 404", async () => {
    const { status, body } = await getJson("/v1/employers");
    expect(status).toBe(404);
    expect(ErrorBodySchema.parse(body).error.code).toBe("not_found");
  });
});
