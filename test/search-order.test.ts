// The tiered title search must return exactly what a plain "rank every match and sort" would.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resolveCountryFilter } from "@/lib/catalog/countries";
import { importDemo } from "@/lib/catalog/demo/import-demo";
import { matchesSql } from "@/lib/catalog/filtered-search";
import { searchJobs } from "@/lib/catalog/search";
import { titleToTsQuery } from "@/lib/catalog/tsquery";

let client: pg.Client;
beforeAll(async () => {
  await importDemo(process.env.DATABASE_URL!, {
    jobs: 4_000,
    seed: 9,
    asOf: new Date("2026-11-21T00:00:00Z"),
  });
  client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
});
afterAll(() => client.end());

async function naive(title: string, countries?: string[]): Promise<string[]> {
  const { rows } = await client.query(
    `SELECT j.id FROM jobs j JOIN job_titles t ON t.snapshot_id = j.snapshot_id AND t.id = j.title_id
     WHERE j.snapshot_id = (SELECT snapshot_id FROM catalog_live) AND t.search @@ to_tsquery('simple', $1)
       AND ($2::bpchar[] IS NULL OR j.country_code = ANY($2::bpchar[]))
     ORDER BY ts_rank(t.search, to_tsquery('simple', $1), 1) DESC, j.posted_at DESC, j.id`,
    [titleToTsQuery(title), countries ?? null],
  );
  return rows.map((r) => r.id);
}

describe("title search order", () => {
  it.each([
    ["engineer", "every country"],
    ["engineer", "US"],
    ["senior", "EU"],
    ["data", "DE"],
    ["nurse", "every country"],
    ["lead", "GB"],
    ["dev", "DACH"],
  ] as const)("pages through %s in %s exactly as a full sort would", async (title, where) => {
    const filter = where === "every country" ? undefined : resolveCountryFilter(where)!;
    const expected = await naive(title, filter?.countries);
    expect(expected.length).toBeGreaterThan(5);
    for (const perPage of [7, 50]) {
      const seen: string[] = [];
      for (let page = 1; seen.length < expected.length; page++) {
        const r = await searchJobs({ title, filter, page, perPage });
        expect(r.total).toBe(expected.length);
        expect(r.items.length).toBeGreaterThan(0);
        seen.push(...r.items.map((i) => i.id));
      }
      expect(seen).toEqual(expected);
    }
  });
});

describe("the matches facets count", () => {
  it.each([
    ["engineer", undefined, 40],
    ["engineer", "US", 25],
    ["senior", "EU", 60],
    ["dev", "DACH", 15],
  ] as const)(
    "are the first matches of %s in %s in relevance order, reading only the tiers needed",
    async (title, where, n) => {
      const filter = where ? resolveCountryFilter(where)! : undefined;
      const expected = (await naive(title, filter?.countries)).slice(0, n);
      const snapshotId = (await client.query("SELECT snapshot_id FROM catalog_live")).rows[0].snapshot_id;
      const sql = matchesSql(
        {
          tsquery: titleToTsQuery(title),
          filters: { country: filter },
          sort: "relevance",
          limit: n,
          offset: 0,
        },
        snapshotId,
      );
      const { rows } = await client.query(sql.text, sql.values as unknown[]);
      expect(rows.map((r) => r.id)).toEqual(expected);
    },
  );
});
