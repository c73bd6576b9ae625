// A title query's matching titles, read once per snapshot and kept: the statements of a titled
// search near a place then take them from the kept arrays instead of the titles' index, with the
// same titles, the same ranks to the last bit, and so the same pages and totals.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoJobs, demoSalaries } from "@/lib/catalog/demo/generate";
import { filteredCountSql, filteredPageSql, TOTAL_COUNT_CAP } from "@/lib/catalog/filtered-search";
import type { JobFilters } from "@/lib/catalog/filters";
import { importSnapshot } from "@/lib/catalog/import/load";
import { leadOf } from "@/lib/catalog/lead";
import { keepMatchingTitles, titlesOf } from "@/lib/catalog/matching-titles";
import { nearLeads } from "@/lib/catalog/near-lead";
import { nearCountSql, nearPageSql } from "@/lib/catalog/near-search";
import { companyHash } from "@/lib/catalog/text-hash";
import { titleToTsQuery } from "@/lib/catalog/tsquery";
import { Prisma } from "@/lib/generated/prisma/client";
import { job, numbered, type Rec } from "./support/fixtures";
import { search, settled } from "./support/search";

const TIEVILLE = { city: "Tieville", latitude: -8, longitude: 8 };
const KINDS = ["Site", "Field", "Process", "Quality", "Plant", "Safety"];
// Engineers of several ranks (a title holding the word twice ranks higher), in one place.
const PLACE: Rec[] = Array.from({ length: 90 }, (_, i) =>
  job(
    `tv-${i}`,
    i % 4 === 0 ? "Engineer" : `${KINDS[i % 6]} Engineer${i % 3 ? "" : " Engineer Lead"}`,
    "NG",
    1 + (i % 17),
    TIEVILLE,
  ),
);
const NEAR = { lat: -8, lng: 8, radiusKm: 25, label: "-8,8" };

const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
let snapshotId: number;

beforeAll(async () => {
  const opts = { jobs: 2_000, asOf: new Date("2026-11-21T00:00:00Z") };
  await importSnapshot(process.env.DATABASE_URL!, {
    label: "matching-titles",
    jobs: numbered([...(demoJobs(opts) as Iterable<Rec>), ...PLACE]),
    salaries: numbered(demoSalaries(opts) as Rec[]),
  });
  await client.connect();
  snapshotId = (await client.query("SELECT snapshot_id FROM catalog_live")).rows[0].snapshot_id;
}, 120_000);

afterAll(() => client.end());

const run = async <T extends pg.QueryResultRow>(sql: Prisma.Sql) =>
  (await client.query<T>(sql.text, sql.values as unknown[])).rows;

/** `c` as titlesOf gives it now: each title and its rank as text (every bit of a `real`). */
const titlesNow = (tsquery: string, ranked = true) =>
  run<{ title_id: number; rank: string }>(
    Prisma.sql`WITH ${titlesOf(tsquery, snapshotId, ranked)} SELECT title_id, rank::text FROM c ORDER BY title_id`,
  );

describe("a title query's kept matching titles", () => {
  it("gives the same titles, with the same ranks to the last bit, as the titles' index", async () => {
    for (const title of ["engineer", "engineer lead", "site engineer", "nurse", "zzqx"]) {
      const tsquery = titleToTsQuery(title) as string;
      expect(titlesOf(tsquery, snapshotId).text).toContain("job_titles");
      const fromIndex = await titlesNow(tsquery);
      const unranked = await titlesNow(tsquery, false);
      await keepMatchingTitles(snapshotId, tsquery);
      const kept = titlesOf(tsquery, snapshotId);
      expect(kept.text).not.toContain("job_titles");
      expect(await titlesNow(tsquery)).toEqual(fromIndex);
      expect(await titlesNow(tsquery, false)).toEqual(unranked);
      if (title === "zzqx") expect(fromIndex).toEqual([]);
      else expect(fromIndex.length, title).toBeGreaterThan(0);
    }
    // Several ranks among them, so an order by rank is tested too.
    const ranks = new Set((await titlesNow(titleToTsQuery("engineer") as string)).map((t) => t.rank));
    expect(ranks.size).toBeGreaterThan(1);
  });

  it("keeps a query's titles up to its limit, and remembers one past it as not kept", async () => {
    const few = titleToTsQuery("site engineer") as string;
    const many = titleToTsQuery("lead") as string;
    const fewTitles = (await titlesNow(few)).length;
    expect(fewTitles).toBeGreaterThan(0);
    expect((await titlesNow(many)).length).toBeGreaterThan(fewTitles);
    await keepMatchingTitles(snapshotId, few, fewTitles);
    await keepMatchingTitles(snapshotId, many, fewTitles);
    expect(titlesOf(few, snapshotId).text).not.toContain("job_titles");
    expect(titlesOf(many, snapshotId).text).toContain("job_titles");
    // Remembered: a later read with room enough does not read it again.
    await keepMatchingTitles(snapshotId, many);
    expect(titlesOf(many, snapshotId).text).toContain("job_titles");
  });

  it("gives a titled search near a place the same pages and total from kept titles as from the index", async () => {
    const tsquery = titleToTsQuery("quality engineer") as string;
    const input = { tsquery, filters: { near: NEAR }, sort: "relevance" as const, limit: 11 };
    const statements = () => [
      ...[0, 10, 20, 60].map((offset) => nearPageSql({ ...input, offset, lead: "title" }, snapshotId)),
      ...[0, 10].map((offset) => nearPageSql({ ...input, offset, lead: "filter" }, snapshotId)),
      nearCountSql({ ...input, offset: 0, lead: "filter" }, snapshotId, TOTAL_COUNT_CAP + 1),
    ];
    const before = statements();
    expect(before.every((s) => s.text.includes("job_titles t"))).toBe(true);
    // The search's own path keeps them: every statement built after it uses the kept arrays.
    await nearLeads(snapshotId, { near: NEAR }, tsquery, "relevance", 11);
    const after = statements();
    expect(after.some((s) => s.text.includes("job_titles t"))).toBe(false);
    for (const [i, s] of before.entries()) {
      const rows = await run(s);
      expect(await run(after[i]!), `statement ${i}`).toEqual(rows);
    }
    expect((await run<{ n: number }>(after.at(-1)!))[0]!.n).toBeGreaterThan(0);
  });

  it("answers the API's titled searches near a place in the order a plain SQL ranking gives, keeping the titles", async () => {
    const tsquery = titleToTsQuery("plant engineer") as string;
    // Not read before: the API's first search of this title keeps it.
    expect(titlesOf(tsquery, snapshotId).text).toContain("job_titles");
    const ref = await client.query<{ id: string }>(
      `SELECT j.id FROM jobs j JOIN job_titles t ON t.snapshot_id = j.snapshot_id AND t.id = j.title_id
       WHERE j.snapshot_id = $1 AND j.city = 'Tieville' AND t.search @@ to_tsquery('simple', $2)
       ORDER BY ts_rank(t.search, to_tsquery('simple', $2), 1) DESC, j.posted_at DESC, j.id`,
      [snapshotId, tsquery],
    );
    expect(ref.rows).toHaveLength(7);
    const first = await settled("near=-8,8&title=plant%20engineer&per_page=2");
    expect(titlesOf(tsquery, snapshotId).text).not.toContain("job_titles");
    expect(first.meta).toMatchObject({ total: 7, total_exact: true });
    for (let page = 1; page <= 4; page++) {
      const r = await search(`near=-8,8&title=plant%20engineer&per_page=2&page=${page}`);
      expect(r.items.map((i) => i.id)).toEqual(ref.rows.slice((page - 1) * 2, page * 2).map((x) => x.id));
    }
  });
});

describe("a filtered titled search's kept matching titles", () => {
  it("give every kind of page and count the rows the titles' index gives", async () => {
    const tsquery = titleToTsQuery("safety engineer") as string;
    const company = { name: "Company tv-5", key: companyHash("Company tv-5") };
    const cases: { filters: JobFilters; lead: "title" | "filter" | "order"; sort: "relevance" | "date" }[] = [
      // A narrow filter with a condition on the row: its entries matched to the titles first.
      { filters: { company }, lead: "filter", sort: "relevance" },
      // A narrow filter's rows, then the titles.
      { filters: { remote: ["remote"] }, lead: "filter", sort: "relevance" },
      // Each title's entries, best first; and by date.
      { filters: { remote: ["remote", "hybrid", "on_site"] }, lead: "title", sort: "relevance" },
      { filters: { remote: ["remote", "hybrid", "on_site"] }, lead: "title", sort: "date" },
      // The date order's walk (its count takes the titles).
      { filters: { employmentType: ["full_time"] }, lead: "order", sort: "date" },
    ];
    const statements = () =>
      cases.flatMap(({ filters, lead, sort }) => {
        const input = { tsquery, filters, sort, lead, limit: 5 };
        return [
          filteredPageSql({ ...input, offset: 0 }, snapshotId),
          filteredPageSql({ ...input, offset: 5 }, snapshotId),
          filteredCountSql({ ...input, offset: 0 }, snapshotId),
        ];
      });
    const before = statements();
    expect(titlesOf(tsquery, snapshotId).text).toContain("job_titles");
    // The search's own path keeps them: leadOf, for a search with filters.
    const live = { id: snapshotId, countryCounts: {} };
    await leadOf(live, { remote: ["remote"] }, tsquery, "relevance");
    const after = statements();
    expect(titlesOf(tsquery, snapshotId).text).not.toContain("job_titles");
    let rows = 0;
    for (const [i, s] of before.entries()) {
      const expected = await run(s);
      expect(await run(after[i]!), `statement ${i}: ${cases[Math.floor(i / 3)]?.lead}`).toEqual(expected);
      rows += expected.length;
    }
    expect(rows).toBeGreaterThan(10);
  });
});
