// A title query's matching titles, read once per snapshot and kept: the statements of a titled
// search near a place then take them from the kept arrays instead of the titles' index, with the
// same titles, the same ranks to the last bit, and so the same pages and totals.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoJobs, demoSalaries } from "@/lib/catalog/demo/generate";
import { TOTAL_COUNT_CAP } from "@/lib/catalog/filtered-search";
import { importSnapshot } from "@/lib/catalog/import/load";
import { keepMatchingTitles, titlesOf } from "@/lib/catalog/matching-titles";
import { nearLeads } from "@/lib/catalog/near-lead";
import { nearCountSql, nearPageSql } from "@/lib/catalog/near-search";
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

  it("does not keep a query matching more titles than its limit: the statements read the index", async () => {
    const tsquery = titleToTsQuery("lead") as string;
    const n = (await titlesNow(tsquery)).length;
    expect(n).toBeGreaterThan(3);
    await keepMatchingTitles(snapshotId, tsquery, 3);
    expect(titlesOf(tsquery, snapshotId).text).toContain("job_titles");
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

  it("answers the API's titled searches near a place in the order a plain SQL ranking gives", async () => {
    const tsquery = titleToTsQuery("engineer") as string;
    const ref = await client.query<{ id: string }>(
      `SELECT j.id FROM jobs j JOIN job_titles t ON t.snapshot_id = j.snapshot_id AND t.id = j.title_id
       WHERE j.snapshot_id = $1 AND j.city = 'Tieville' AND t.search @@ to_tsquery('simple', $2)
       ORDER BY ts_rank(t.search, to_tsquery('simple', $2), 1) DESC, j.posted_at DESC, j.id`,
      [snapshotId, tsquery],
    );
    expect(ref.rows).toHaveLength(90);
    const first = await settled("near=-8,8&title=engineer&per_page=20");
    expect(first.meta).toMatchObject({ total: 90, total_exact: true });
    for (let page = 1; page <= 5; page++) {
      const r = await search(`near=-8,8&title=engineer&per_page=20&page=${page}`);
      expect(r.items.map((i) => i.id)).toEqual(ref.rows.slice((page - 1) * 20, page * 20).map((x) => x.id));
    }
    expect(titlesOf(tsquery, snapshotId).text).not.toContain("job_titles");
  });
});
