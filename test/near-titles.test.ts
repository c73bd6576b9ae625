// A broad title near a place: its relevance pages read the matching titles best first and end
// with the tier that fills them, and its total adds up each place's jobs per title
// (job_place_titles), trusted only for the live revision they were last corrected for. A demo
// catalog plus places of its own, checked against plain SQL over every job.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoJobs, demoSalaries } from "@/lib/catalog/demo/generate";
import { TOTAL_COUNT_CAP } from "@/lib/catalog/filtered-search";
import { importSnapshot } from "@/lib/catalog/import/load";
import type { NearFilter } from "@/lib/catalog/near";
import { nearLead } from "@/lib/catalog/near-lead";
import { nearCountSql, nearPageSql } from "@/lib/catalog/near-search";
import { countsFinished } from "@/lib/catalog/totals";
import { titleToTsQuery } from "@/lib/catalog/tsquery";
import { PG_SESSION_OPTIONS } from "@/lib/core/db";
import { whileTableLocked } from "./support/catalog-lock";
import { job, numbered, type Rec } from "./support/fixtures";
import { getJson } from "./support/http";
import { jobsWithin } from "./support/near-reference";
import { search, settled } from "./support/search";

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

// More jobs of a title in one place than any count reads (5°S 5°W).
const HUGE = TOTAL_COUNT_CAP + 50;
const HUGE_PLACE: Rec[] = Array.from({ length: HUGE }, (_, i) =>
  job(`ht-${i}`, "Engineer", "GH", 1 + (i % 30), {
    city: "Hugetown",
    ...at(-5, -5),
    // One in five with pay, so pay near it has percentiles to give.
    ...(i % 5 === 0
      ? { salary_min: 30_000 + i, salary_max: 40_000 + i, salary_currency: "USD", salary_period: "year" }
      : {}),
  }),
);

const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
let snapshotId: number;

beforeAll(async () => {
  const opts = { jobs: 3_000, asOf: new Date("2026-11-21T00:00:00Z") };
  await importSnapshot(process.env.DATABASE_URL!, {
    label: "near-titles",
    jobs: numbered([...(demoJobs(opts) as Iterable<Rec>), ...BIG_PLACE, ...SPREAD, ...HUGE_PLACE]),
    salaries: numbered(demoSalaries(opts) as Rec[]),
  });
  await client.connect();
  snapshotId = (await client.query("SELECT snapshot_id FROM catalog_live")).rows[0].snapshot_id;
}, 120_000);

afterAll(() => client.end());

/** The ids of every job within `km` of the point, by a plain SQL haversine. */
async function inReach(lat: number, lng: number, km: number): Promise<string[]> {
  return (await jobsWithin(client, lat, lng, km)).map((r) => r.id);
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

/** What a titled search's count statement near `near` answers: `n`, and whether exact however large. */
async function count(near: NearFilter, title: string): Promise<{ n: number; whole: boolean }> {
  const input = {
    tsquery: titleToTsQuery(title),
    filters: { near },
    sort: "date" as const,
    limit: 1,
    offset: 0,
  };
  const sql = nearCountSql({ ...input, lead: "filter" }, snapshotId, TOTAL_COUNT_CAP + 1);
  return (await client.query(sql.text, sql.values as unknown[])).rows[0];
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
    // The total first: on a busy machine its first count may run out of time and finish later.
    await search("near=5,5&title=engineer&per_page=10");
    await countsFinished();
    for (let page = 1; page <= 14; page++) {
      const r = await search(`near=5,5&title=engineer&per_page=10&page=${page}`);
      expect(r.items.map((i) => i.id)).toEqual(ref.rows.slice((page - 1) * 10, page * 10).map((x) => x.id));
      expect(r.meta).toMatchObject({ total: 135, total_exact: true });
    }
  });

  it("counts a title's jobs near a place by adding up the places' counts of its titles, reading no job", async () => {
    const big = { lat: 5, lng: 5, radiusKm: 30, label: "5,5" };
    expect(await count(big, "engineer")).toEqual({ n: 135, whole: true });
    expect(await count(big, "clerk")).toEqual({ n: 400, whole: true });
    // A place not wholly within the radius (Spreadtown's jobs lie 55 km apart): counted.
    expect(await count({ lat: 10, lng: 10.25, radiusKm: 30, label: "10,10.25" }, "geologist")).toEqual({
      n: 2,
      whole: false,
    });
    // The branch that counts jobs never runs: no node reading them is executed.
    const input = { tsquery: titleToTsQuery("engineer"), filters: { near: big }, sort: "date" as const };
    const sql = nearCountSql(
      { ...input, limit: 1, offset: 0, lead: "filter" },
      snapshotId,
      TOTAL_COUNT_CAP + 1,
    );
    const jobReads = await withSession(async (c) => {
      const { rows } = await c.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${sql.text}`, sql.values as unknown[]);
      return loopsOf(rows[0]["QUERY PLAN"][0].Plan, /^jobs_s\d+_/);
    });
    expect(jobReads).toBe(0);
    expect((await settled("near=5,5&radius_km=30&title=engineer&per_page=10")).meta).toMatchObject({
      total: 135,
      total_exact: true,
    });
  });

  it("gives such a total exact however large, also when it is finished off the request path", async () => {
    const path = "near=-5,-5&title=engineer&per_page=10";
    const pending = await whileTableLocked("job_place_titles", () => search(path));
    // Out of its time: a lower bound from the page's rows, the sum finished meanwhile.
    expect(pending.meta).toMatchObject({ total: 11, total_exact: false });
    await countsFinished();
    expect((await search(path)).meta).toMatchObject({ total: HUGE, total_exact: true });
    expect(HUGE).toBeGreaterThan(TOTAL_COUNT_CAP);
  });

  it("trusts the places' titles only for the live revision they were last corrected for", async () => {
    const big = { lat: 5, lng: 5, radiusKm: 30, label: "5,5" };
    const { revision } = (await client.query("SELECT revision FROM catalog_live")).rows[0];
    const set = (r: number | null) =>
      client.query("UPDATE catalog_snapshots SET place_titles_revision = $2 WHERE id = $1", [snapshotId, r]);
    // Rows that no longer agree with the jobs, as an expiry that did not correct them leaves them.
    const skew = (by: number) =>
      client.query(
        `UPDATE job_place_titles SET jobs = jobs + $2 WHERE snapshot_id = $1
         AND (city_key, country_code) IN (SELECT city_key, country_code FROM job_places WHERE snapshot_id = $1 AND city = 'Bigtown')`,
        [snapshotId, by],
      );
    await skew(1_000);
    try {
      // Right for this revision: trusted, skew and all (so the cases below would show it).
      expect((await count(big, "engineer")).whole).toBe(true);
      // Behind the pointer (an expiry by a build that does not keep them), or never built
      // (a snapshot imported before them): the jobs are counted.
      await set(revision - 1);
      expect(await count(big, "engineer")).toEqual({ n: 135, whole: false });
      await set(null);
      expect(await count(big, "engineer")).toEqual({ n: 135, whole: false });
      expect((await settled("near=5,5&radius_km=31&title=engineer&per_page=10")).meta).toMatchObject({
        total: 135,
        total_exact: true,
      });
    } finally {
      await skew(-1_000);
      await set(revision);
    }
    expect(await count(big, "engineer")).toEqual({ n: 135, whole: true });
    expect((await settled("near=-5,-5&radius_km=28&title=engineer&per_page=10")).meta).toMatchObject({
      total: HUGE,
      total_exact: true,
    });
  });

  it("gives facets and pay of a title near a place its total exact past their sample, as the search gives it", async () => {
    const query = "near=-5,-5&radius_km=27&title=engineer";
    const facets = async () => {
      const { status, body } = await getJson(`/v1/jobs/facets?${query}`);
      expect(status, JSON.stringify(body)).toBe(200);
      return body.meta;
    };
    await facets();
    await countsFinished();
    // Every bucket is counted over the first 10,000 matches; the total is every match.
    expect(await facets()).toEqual({
      total: HUGE,
      total_exact: true,
      counted: TOTAL_COUNT_CAP,
      exact: false,
    });
    const pay = await getJson(`/v1/jobs/pay?${query}`);
    expect(pay.status, JSON.stringify(pay.body)).toBe(200);
    expect(pay.body.meta).toMatchObject({
      total: HUGE,
      total_exact: true,
      counted: TOTAL_COUNT_CAP,
      exact: false,
    });
    expect((await search(`${query}&per_page=10`)).meta).toMatchObject({ total: HUGE, total_exact: true });
  });

  it("gives facets and pay kept while their count was finished off the request path that count's total", async () => {
    const query = "near=-5,-5&radius_km=26&title=engineer";
    const [facets, pay] = await whileTableLocked("job_place_titles", () =>
      Promise.all([getJson(`/v1/jobs/facets?${query}`), getJson(`/v1/jobs/pay?${query}`)]),
    );
    // Out of its time: the sample's own lower bound, kept while the count is finished.
    expect(facets.body.meta).toMatchObject({ total: TOTAL_COUNT_CAP, total_exact: false });
    expect(pay.body.meta).toMatchObject({ total: TOTAL_COUNT_CAP, total_exact: false });
    await countsFinished();
    const exact = { total: HUGE, total_exact: true, counted: TOTAL_COUNT_CAP, exact: false };
    expect((await getJson(`/v1/jobs/facets?${query}`)).body.meta).toEqual(exact);
    expect((await getJson(`/v1/jobs/pay?${query}`)).body.meta).toMatchObject(exact);
  });
});
