// A broad title near a place: its relevance pages read the matching titles best first and end
// with the tier that fills them, and its total adds up each place's jobs per title
// (job_place_titles), trusted only for the live revision they were last corrected for. A demo
// catalog plus a big place of its own, checked against plain SQL over every job.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoJobs, demoSalaries } from "@/lib/catalog/demo/generate";
import { importSnapshot } from "@/lib/catalog/import/load";
import { JobSearchResponseSchema } from "@/lib/catalog/job-schemas";
import { nearLead } from "@/lib/catalog/near-lead";
import { nearExactTotal, nearPageSql, nearTotalsFinished } from "@/lib/catalog/near-search";
import { titleToTsQuery } from "@/lib/catalog/tsquery";
import { PG_SESSION_OPTIONS } from "@/lib/core/db";
import { whileCatalogLocked } from "./support/catalog-lock";
import { job, numbered, type Rec } from "./support/fixtures";
import { getJson } from "./support/http";

const at = (lat: number, lng: number) => ({ latitude: lat, longitude: lng });

const BIGTOWN = { city: "Bigtown", ...at(5, 5) };
const ENGINEERS = ["Site", "Field", "Process", "Quality", "Plant", "Safety", "Water", "Power"];
const BIG_PLACE: Rec[] = [
  ...Array.from({ length: 15 }, (_, i) => job(`bt-e${i}`, "Engineer", "NG", 1 + (i % 9), BIGTOWN)),
  ...Array.from({ length: 120 }, (_, i) =>
    job(
      `bt-x${i}`,
      `${ENGINEERS[i % 8]} ${i % 3 ? "Engineer" : "Engineer Lead"}`,
      "NG",
      1 + (i % 11),
      BIGTOWN,
    ),
  ),
  ...Array.from({ length: 400 }, (_, i) => job(`bt-c${i}`, `Clerk ${i % 40}`, "NG", 1 + (i % 13), BIGTOWN)),
];

// One city name, jobs 55 km apart, one without coordinates: a place never wholly in reach.
const SPREAD: Rec[] = [
  job("spread-a", "Geologist", "NG", 2, { city: "Spreadtown", ...at(10, 10) }),
  job("spread-b", "Geologist", "NG", 3, { city: "Spreadtown", ...at(10, 10.5) }),
  job("spread-c", "Geologist", "NG", 4, { city: "Spreadtown" }),
];

/** Time enough for any statement here: the tests that need a deadline to pass set their own. */
const LONG = { deadlineMs: 5_000, finishMs: 5_000 };

const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
let snapshotId: number;

beforeAll(async () => {
  const opts = { jobs: 3_000, asOf: new Date("2026-11-21T00:00:00Z") };
  await importSnapshot(process.env.DATABASE_URL!, {
    label: "near-titles",
    jobs: numbered([...(demoJobs(opts) as Iterable<Rec>), ...BIG_PLACE, ...SPREAD]),
    salaries: numbered(demoSalaries(opts) as Rec[]),
  });
  await client.connect();
  snapshotId = (await client.query("SELECT snapshot_id FROM catalog_live")).rows[0].snapshot_id;
}, 120_000);

afterAll(() => client.end());

/** Every job within `km` of the point, by a plain SQL haversine. */
async function inReach(lat: number, lng: number, km: number): Promise<string[]> {
  const { rows } = await client.query<{ id: string }>(
    `SELECT id FROM (
       SELECT id, 2 * 6371.0088 * asin(least(1, sqrt(power(sin(radians(latitude - $1) / 2), 2)
         + cos(radians($1)) * cos(radians(latitude)) * power(sin(radians(longitude - $2) / 2), 2)))) AS d
       FROM jobs WHERE snapshot_id = $4 AND latitude IS NOT NULL
     ) x WHERE d <= $3`,
    [lat, lng, km, snapshotId],
  );
  return rows.map((r) => r.id);
}

async function search(query: string) {
  const { status, body } = await getJson(`/v1/jobs?${query}`);
  expect(status, JSON.stringify(body)).toBe(200);
  return JobSearchResponseSchema.parse(body);
}

/** `fn` on a connection set up as the API's are (the planner's settings). */
async function withSession<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: process.env.DATABASE_URL, options: PG_SESSION_OPTIONS });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

type PlanNode = { "Index Name"?: string; "Actual Loops"?: number; Plans?: PlanNode[] };

/** The loops of every plan node reading an index whose name matches. */
function loopsOf(node: PlanNode, index: RegExp): number {
  const own = node["Index Name"] && index.test(node["Index Name"]) ? (node["Actual Loops"] ?? 0) : 0;
  return own + (node.Plans ?? []).reduce((n, p) => n + loopsOf(p, index), 0);
}

describe("a broad title near a place", () => {
  it("reads a broad title's relevance pages near a place by the best titles first, ending with the tier that fills them", async () => {
    const big = { lat: 5, lng: 5, radiusKm: 25, label: "5,5" };
    const tsquery = titleToTsQuery("engineer") as string;
    // A first page by relevance walks the titles: the best tier fills it. Its count, and a page
    // by date, read every title's entries that way, more than the place's jobs: the place leads.
    expect(await nearLead(snapshotId, { near: big }, tsquery, "relevance", 11)).toBe("title");
    expect(await nearLead(snapshotId, { near: big }, tsquery, "relevance")).toBe("filter");
    expect(await nearLead(snapshotId, { near: big }, tsquery, "date", 11)).toBe("filter");
    // The walk probes the titles best first and stops: fewer probes than matching titles.
    const titles = (
      await client.query(
        "SELECT count(*)::int AS n FROM job_titles WHERE snapshot_id = $1 AND search @@ to_tsquery('simple', $2)",
        [snapshotId, tsquery],
      )
    ).rows[0].n;
    const input = { tsquery, filters: { near: big }, sort: "relevance" as const, limit: 11, offset: 0 };
    const sql = nearPageSql({ ...input, lead: "title" }, snapshotId);
    const probes = await withSession(async (c) => {
      const { rows } = await c.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${sql.text}`, sql.values as unknown[]);
      return loopsOf(rows[0]["QUERY PLAN"][0].Plan, /_title_country_idx$/);
    });
    expect(titles).toBeGreaterThan(50);
    expect(probes).toBeGreaterThan(0);
    expect(probes).toBeLessThan(10);
    // Every page, through whichever walk its depth takes, as a plain SQL order of every match
    // has them: rank, newest, id.
    const reach = await inReach(big.lat, big.lng, 25);
    const ref = await client.query<{ id: string }>(
      `SELECT j.id FROM jobs j JOIN job_titles t ON t.snapshot_id = j.snapshot_id AND t.id = j.title_id
       WHERE j.snapshot_id = $1 AND j.id = ANY($2) AND t.search @@ to_tsquery('simple', $3)
       ORDER BY ts_rank(t.search, to_tsquery('simple', $3), 1) DESC, j.posted_at DESC, j.id`,
      [snapshotId, reach, tsquery],
    );
    expect(ref.rows).toHaveLength(135);
    for (let page = 1; page <= 14; page++) {
      const r = await search(`near=5,5&title=engineer&per_page=10&page=${page}`);
      expect(r.items.map((i) => i.id)).toEqual(ref.rows.slice((page - 1) * 10, page * 10).map((x) => x.id));
      expect(r.meta).toMatchObject({ total: 135, total_exact: true });
    }
  });

  it("gives a title's exact total near a place from the places' counts of its titles, counting nothing", async () => {
    const big = { lat: 5, lng: 5, radiusKm: 30, label: "5,5" };
    expect(await nearExactTotal(snapshotId, { near: big }, titleToTsQuery("engineer"), LONG)).toBe(135);
    expect(await nearExactTotal(snapshotId, { near: big }, titleToTsQuery("clerk"), LONG)).toBe(400);
    // A place not wholly within the radius, or not every job of it placed (Spreadtown): counted.
    const spread = { lat: 10, lng: 10.25, radiusKm: 30, label: "10,10.25" };
    expect(await nearExactTotal(snapshotId, { near: spread }, titleToTsQuery("geologist"), LONG)).toBeNull();
    // Exact while the jobs are locked and any count of them would run out of time.
    const r = await whileCatalogLocked(() => search("near=5,5&radius_km=30&title=engineer&per_page=10"), 400);
    expect(r.meta).toMatchObject({ total: 135, total_exact: true });
    expect(r.items).toHaveLength(10);
  });

  it("trusts the places' titles only for the live revision they were last corrected for", async () => {
    const big = { lat: 5, lng: 5, radiusKm: 35, label: "5,5" };
    const engineer = titleToTsQuery("engineer");
    const { revision } = (await client.query("SELECT revision FROM catalog_live")).rows[0];
    const set = (r: number | null) =>
      client.query("UPDATE catalog_snapshots SET place_titles_revision = $2 WHERE id = $1", [snapshotId, r]);
    try {
      // Behind the pointer (an expiry by a build that does not keep them), or never built.
      await set(revision - 1);
      expect(await nearExactTotal(snapshotId, { near: big }, engineer, LONG)).toBeNull();
      await set(null);
      expect(await nearExactTotal(snapshotId, { near: { ...big, radiusKm: 36 } }, engineer, LONG)).toBeNull();
    } finally {
      await set(revision);
    }
    expect(await nearExactTotal(snapshotId, { near: { ...big, radiusKm: 37 } }, engineer, LONG)).toBe(135);
  });

  it("finishes a sum out of its request's time off the request path, for the search's next request", async () => {
    const big = { lat: 5, lng: 5, radiusKm: 40, label: "5,5" };
    const engineer = titleToTsQuery("engineer");
    const time = { deadlineMs: 50, finishMs: 5_000 };
    const locker = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await locker.connect();
    try {
      await locker.query("BEGIN");
      await locker.query("LOCK TABLE job_place_titles IN ACCESS EXCLUSIVE MODE");
      expect(await nearExactTotal(snapshotId, { near: big }, engineer, time)).toBeNull();
      // Asked again while it is being finished: no second wait.
      const started = performance.now();
      expect(await nearExactTotal(snapshotId, { near: big }, engineer, time)).toBeNull();
      expect(performance.now() - started).toBeLessThan(40);
      await locker.query("COMMIT");
    } finally {
      await locker.end();
    }
    await nearTotalsFinished();
    expect(await nearExactTotal(snapshotId, { near: big }, engineer, { ...time, deadlineMs: 1 })).toBe(135);
  });
});
