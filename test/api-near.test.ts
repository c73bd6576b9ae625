// Searching near a place (near, radius_km, sort=distance) against a real Postgres: the demo
// catalog, placed by the gazetteer at import, plus a few jobs with their own coordinates (the
// radius's edge, the antimeridian, a city whose jobs lie far apart), checked against a plain
// SQL haversine over every job.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoJobs, demoSalaries } from "@/lib/catalog/demo/generate";
import { FacetsResponseSchema } from "@/lib/catalog/facet-schemas";
import { importSnapshot } from "@/lib/catalog/import/load";
import { nearLead } from "@/lib/catalog/near-lead";
import { titleToTsQuery } from "@/lib/catalog/tsquery";
import { ErrorBodySchema } from "./support/error-shape";
import { job, numbered, type Rec } from "./support/fixtures";
import { getJson, request } from "./support/http";
import { jobsWithin } from "./support/near-reference";
import { search } from "./support/search";

const KM_PER_DEGREE = (6371.0088 * Math.PI) / 180;
const at = (lat: number, lng: number) => ({ latitude: lat, longitude: lng });

// Around 10°N 10°E, where no demo city is.
const EXTRA: Rec[] = [
  job("edge-in", "Surveyor", "NG", 1, { city: "Edgeton", ...at(10 + 24.95 / KM_PER_DEGREE, 10) }),
  job("edge-out", "Surveyor", "NG", 1, { city: "Outerton", ...at(10 + 25.05 / KM_PER_DEGREE, 10) }),
  job("no-city", "Surveyor", "NG", 1, at(10, 10)),
  // One city name, jobs 55 km apart (wider than a place's box margin), one without coordinates.
  job("spread-a", "Geologist", "NG", 2, { city: "Spreadtown", ...at(10, 10) }),
  job("spread-b", "Geologist", "NG", 3, { city: "Spreadtown", ...at(10, 10.5) }),
  job("spread-c", "Geologist", "NG", 4, { city: "Spreadtown" }),
  // A title of its own, in two cities near Leeds and one far from it.
  job("lk-1", "Lighthouse Keeper", "GB", 1, { city: "Leeds" }),
  job("lk-2", "Lighthouse Keeper", "GB", 2, { city: "Manchester" }),
  job("lk-3", "Lighthouse Keeper", "GB", 3, { city: "London" }),
  // Both sides of the antimeridian, a few km apart, and one 100 km west.
  job("am-east", "Diver", "FJ", 1, { city: "Eastvale", ...at(-16.8, 179.97) }),
  job("am-west", "Diver", "FJ", 2, { city: "Westvale", ...at(-16.8, -179.97) }),
  job("am-far", "Diver", "FJ", 3, { city: "Farvale", ...at(-16.8, 179.03) }),
];

const client = new pg.Client({ connectionString: process.env.DATABASE_URL });

beforeAll(async () => {
  const opts = { jobs: 5_000, asOf: new Date("2026-11-21T00:00:00Z") };
  await importSnapshot(process.env.DATABASE_URL!, {
    label: "near",
    jobs: numbered([...(demoJobs(opts) as Iterable<Rec>), ...EXTRA]),
    salaries: numbered(demoSalaries(opts) as Rec[]),
  });
  await client.connect();
}, 120_000);

afterAll(() => client.end());

/** Every job within `km` of the point, by the same formula in plain SQL: nearest, then newest. */
const reference = (lat: number, lng: number, km: number, where = "true") =>
  jobsWithin(client, lat, lng, km, where);

/** Every page of a search, in order. */
async function all(query: string) {
  const items = [];
  for (let page = 1; ; page++) {
    const r = await search(`${query}&per_page=100&page=${page}`);
    items.push(...r.items);
    if (!r.meta.has_more) return { items, meta: r.meta };
  }
}

async function refused(query: string, param: string) {
  const { status, body } = await getJson(`/v1/jobs?${query}`);
  expect(status, JSON.stringify(body)).toBe(400);
  const { error } = ErrorBodySchema.parse(body);
  expect(error).toMatchObject({ code: "invalid_parameter", param });
  return error.message;
}

describe("GET /v1/jobs near a place", () => {
  it("finds every job within the radius, nearest first, with distances the SQL reference agrees on", async () => {
    const leeds = { lat: 53.79648, lng: -1.54785 };
    const ref = await reference(leeds.lat, leeds.lng, 100);
    expect(ref.length).toBeGreaterThan(20);
    const { items, meta } = await all("near=Leeds,%20GB&radius_km=100&sort=distance");
    expect(items.map((i) => i.id)).toEqual(ref.map((r) => r.id));
    expect(items.map((i) => i.distance_km)).toEqual(ref.map((r) => Math.floor(r.d * 10) / 10));
    expect(meta).toMatchObject({ total: ref.length, total_exact: true });
    // Leeds and Manchester, 57 km apart, and nothing between.
    expect(new Set(items.map((i) => i.city))).toEqual(new Set(["Leeds", "Manchester"]));
  });

  it("orders by date by default, and by salary when asked, within the radius", async () => {
    const ref = await reference(52.52437, 13.41053, 25);
    const byDate = await all("near=Berlin");
    expect(byDate.items.map((i) => i.id).sort()).toEqual(ref.map((r) => r.id).sort());
    const dates = byDate.items.map((i) => i.posted_at);
    expect(dates).toEqual([...dates].sort().reverse());
    const bySalary = await search("near=Berlin&country=DE&sort=salary_desc&per_page=10");
    const pay = bySalary.items.map((i) => i.salary_max ?? 0);
    expect(pay).toEqual([...pay].sort((a, b) => b - a));
  });

  it("keeps a job just inside the radius and leaves out one just outside", async () => {
    const { items } = await all("near=10,10&radius_km=25");
    const ids = items.map((i) => i.id);
    expect(ids).toContain("edge-in");
    expect(ids).not.toContain("edge-out");
    // Shown down to the 0.1 km: inside the radius, and in the facets' bucket that counts it.
    expect(items.find((i) => i.id === "edge-in")?.distance_km).toBe(24.9);
    const facets = FacetsResponseSchema.parse(
      (await getJson("/v1/jobs/facets?near=10,10&radius_km=25")).body,
    );
    expect(facets.distance?.find((b) => b.min_km === 10)?.count).toBeGreaterThanOrEqual(1);
    // A job with coordinates but no city has no place: near never finds it (docs/api.md).
    expect(ids).not.toContain("no-city");
    expect((await all("near=10,10&radius_km=26")).items.map((i) => i.id)).toContain("edge-out");
  });

  it("checks each job's own coordinates where one city's jobs lie far apart", async () => {
    const near = await all("near=10,10.5&radius_km=5");
    expect(near.items.map((i) => i.id)).toEqual(["spread-b"]);
    expect(near.meta).toMatchObject({ total: 1, total_exact: true });
    const both = await all("near=10,10.25&radius_km=30&sort=distance");
    expect(both.items.map((i) => i.id).filter((id) => id.startsWith("spread"))).toEqual([
      "spread-a",
      "spread-b",
    ]);
  });

  it("measures a city's spread over its jobs with coordinates only", async () => {
    const { rows } = await client.query(
      `SELECT spread_km, jobs, complete FROM job_places
       WHERE snapshot_id = (SELECT snapshot_id FROM catalog_live) AND city = 'Spreadtown'`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0].spread_km).toBeCloseTo(54.8, 1);
    expect(rows[0]).toMatchObject({ jobs: 2, complete: false });
  });

  it("finds jobs on both sides of the antimeridian", async () => {
    const east = await all("near=-16.8,179.99&radius_km=25&sort=distance");
    expect(east.items.map((i) => i.id)).toEqual(["am-east", "am-west"]);
    const ref = await reference(-16.8, 179.99, 25);
    expect(east.items.map((i) => i.distance_km)).toEqual(ref.map((r) => Math.floor(r.d * 10) / 10));
    const west = await all("near=-16.8,-179.99&radius_km=150&sort=distance");
    expect(west.items.map((i) => i.id)).toEqual(["am-west", "am-east", "am-far"]);
  });

  it("combines with filters, title and country, each still within the radius", async () => {
    const remote = await all("near=London,%20GB&radius_km=50&remote=remote");
    const ref = await reference(51.50853, -0.12574, 50, "remote = 'remote'");
    expect(remote.items.map((i) => i.id).sort()).toEqual(ref.map((r) => r.id).sort());
    expect(remote.meta.total).toBe(ref.length);
    const titled = await all("near=London,%20GB&title=engineer");
    expect(titled.items.length).toBeGreaterThan(0);
    for (const i of titled.items) {
      expect(i.title.toLowerCase()).toContain("engineer");
      expect(i.distance_km).toBeLessThanOrEqual(25);
    }
    // Another country than the place's: nothing, not an error.
    expect((await search("near=London,%20GB&country=FR")).meta).toMatchObject({
      total: 0,
      total_exact: true,
    });
  });

  it("combines with keywords: the jobs within the radius whose words match, by relevance or distance", async () => {
    const words =
      "search @@ (plainto_tsquery('jobs_english', 'warehouse') || plainto_tsquery('jobs_english', 'nursing'))";
    const ref = await reference(51.50853, -0.12574, 100, words);
    expect(ref.length).toBeGreaterThan(0);
    const byRelevance = await all("near=London,%20GB&radius_km=100&q=warehouse%20OR%20nursing");
    expect(byRelevance.items.map((i) => i.id).sort()).toEqual(ref.map((r) => r.id).sort());
    expect(byRelevance.meta).toMatchObject({ total: ref.length, total_exact: true });
    const byDistance = await all("near=London,%20GB&radius_km=100&q=warehouse%20OR%20nursing&sort=distance");
    expect(byDistance.items.map((i) => i.id)).toEqual(ref.map((r) => r.id));
  });

  it("finds a title's jobs near a place by either walk: the titles' entries or the places'", async () => {
    const snapshotId = (await client.query("SELECT snapshot_id FROM catalog_live")).rows[0].snapshot_id;
    const leeds = { lat: 53.79648, lng: -1.54785, radiusKm: 100, label: "Leeds, GB" };
    const walks: string[] = [];
    for (const title of ["lighthouse", "engineer"]) {
      const tsquery = titleToTsQuery(title);
      walks.push(await nearLead(snapshotId, { near: leeds }, tsquery, "date"));
      const titled = `title_id IN (SELECT id FROM job_titles WHERE snapshot_id = ${snapshotId} AND search @@ to_tsquery('simple', '${tsquery}'))`;
      const ref = await reference(leeds.lat, leeds.lng, 100, titled);
      expect(ref.length).toBeGreaterThan(1);
      const { items, meta } = await all(`near=Leeds,%20GB&radius_km=100&title=${title}&sort=date`);
      const byDate = await client.query<{ id: string }>(
        `SELECT id FROM jobs WHERE snapshot_id = $1 AND id = ANY($2) ORDER BY posted_at DESC, id`,
        [snapshotId, ref.map((r) => r.id)],
      );
      expect(items.map((i) => i.id)).toEqual(byDate.rows.map((r) => r.id));
      expect(meta.total).toBe(ref.length);
    }
    expect(walks).toEqual(["title", "filter"]);
  });

  it("gives every job its coordinates, in searches and in detail, and distance_km only near a place", async () => {
    const plain = await search("country=GB&per_page=5");
    for (const i of plain.items) {
      expect(i.latitude).toEqual(expect.any(Number));
      expect(i).not.toHaveProperty("distance_km");
    }
    const { status, body } = await getJson("/v1/jobs/spread-c");
    expect(status).toBe(200);
    expect(body).toMatchObject({ id: "spread-c", latitude: null, longitude: null });
    expect((await getJson("/v1/jobs/am-west")).body).toMatchObject({ latitude: -16.8, longitude: -179.97 });
  });

  it("answers 304 to its own ETag", async () => {
    const path = "/v1/jobs?near=Leeds,%20GB&sort=distance";
    const first = await request(path);
    const etag = first.headers.get("etag");
    expect(etag).toBeTruthy();
    expect((await request(path, { headers: { "If-None-Match": etag! } })).status).toBe(304);
  });
});

describe("near's refusals", () => {
  it("lists the candidates of an ambiguous name, with their countries and regions", async () => {
    const several = await refused("near=Cambridge", "near");
    expect(several).toContain("Cambridge, GB");
    expect(several).toContain("Cambridge, CA");
    const oneCountry = await refused("near=Springfield,%20US", "near");
    expect(oneCountry).toContain("Springfield, IL, US");
    expect((await search("near=Springfield,%20IL,%20US")).meta.total).toBe(0);
  });

  it("suggests the closest names for an unknown place, without echoing it", async () => {
    const message = await refused("near=Manchesterr", "near");
    expect(message).toContain("Manchester, GB");
    expect(message).not.toContain("Manchesterr");
  });

  it("refuses sort=distance and radius_km without near, and a radius out of range", async () => {
    await refused("sort=distance", "sort");
    await refused("radius_km=10", "radius_km");
    await refused("near=Berlin&radius_km=0", "radius_km");
    await refused("near=Berlin&radius_km=501", "radius_km");
    await refused("near=91,0", "near");
  });
});

describe("GET /v1/jobs/facets near a place", () => {
  it("adds a distance histogram up to the radius", async () => {
    const { status, body } = await getJson("/v1/jobs/facets?near=Leeds,%20GB&radius_km=100");
    expect(status, JSON.stringify(body)).toBe(200);
    const f = FacetsResponseSchema.parse(body);
    const ref = await reference(53.79648, -1.54785, 100);
    const bucket = (lo: number, hi: number) => ref.filter((r) => r.d >= lo && r.d < hi).length;
    expect(f.distance).toEqual([
      { min_km: 0, max_km: 10, count: bucket(0, 10) },
      { min_km: 10, max_km: 25, count: 0 },
      { min_km: 25, max_km: 50, count: 0 },
      { min_km: 50, max_km: 100, count: bucket(50, 100) },
    ]);
    expect(f.meta).toMatchObject({ total: ref.length, total_exact: true });
    const wide = FacetsResponseSchema.parse(
      (await getJson("/v1/jobs/facets?near=Leeds,%20GB&radius_km=300")).body,
    );
    expect(wide.distance?.at(-1)).toMatchObject({ min_km: 100, max_km: null });
    const none = FacetsResponseSchema.parse((await getJson("/v1/jobs/facets?country=GB")).body);
    expect(none).not.toHaveProperty("distance");
  });
});
