// A titled search with a narrow filter walks that filter's index instead of the titles'
// (lib/catalog/lead.ts): both ways must give the same pages, in the same order, and the same count.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importDemo } from "@/lib/catalog/demo/import-demo";
import { filteredCountSql, filteredPageSql } from "@/lib/catalog/filtered-search";
import { type JobFilters, toFilters } from "@/lib/catalog/filters";
import { leadOf } from "@/lib/catalog/lead";
import { JobSearchQuerySchema } from "@/lib/catalog/schemas";
import { titleToTsQuery } from "@/lib/catalog/tsquery";
import type { Prisma } from "@/lib/generated/prisma/client";

let client: pg.Client;
let snapshotId: number;
let live: { id: number; countryCounts: Record<string, number> };
let company: string;
let city: string;

beforeAll(async () => {
  await importDemo(process.env.DATABASE_URL!, {
    jobs: 4_000,
    seed: 21,
    asOf: new Date("2026-11-21T00:00:00Z"),
  });
  client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  const row = (
    await client.query(
      "SELECT s.id, s.country_counts FROM catalog_live l JOIN catalog_snapshots s ON s.id = l.snapshot_id",
    )
  ).rows[0];
  snapshotId = row.id;
  live = { id: row.id, countryCounts: row.country_counts };
  // The company and the city with the most engineers: a search that has matches to page through.
  const top = async (col: string) =>
    (
      await client.query(
        `SELECT ${col} AS v FROM jobs WHERE snapshot_id = $1 AND title ILIKE '%engineer%' AND ${col} IS NOT NULL
         GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1`,
        [snapshotId],
      )
    ).rows[0].v as string;
  company = await top("company");
  const [cityName, country] = (await top("city || ', ' || country_code")).split(", ");
  city = `${cityName}, ${country}`;
});
afterAll(() => client.end());

function parse(query: string): { filters: JobFilters; sort: ReturnType<typeof toFilters> } {
  const q = JobSearchQuerySchema.parse(Object.fromEntries(new URLSearchParams(query)));
  const rules = toFilters(q, new Date("2026-11-21T00:00:00Z"));
  if (!rules.ok) throw new Error(`refused: ${query}`);
  return { filters: rules.value.filters, sort: rules };
}

const run = async (sql: Prisma.Sql) => (await client.query(sql.text, sql.values as unknown[])).rows;

describe("the lead of a titled, filtered search", () => {
  it.each([
    (c: string) => `title=engineer&company=${encodeURIComponent(c)}`,
    (c: string) => `title=engineer&company=${encodeURIComponent(c)}&sort=date`,
    (_: string, city: string) => `title=engineer&city=${encodeURIComponent(city)}`,
    (_: string, city: string) => `title=engin&city=${encodeURIComponent(city)}&sort=salary_desc`,
    (_: string, city: string) =>
      `title=dev&city=${encodeURIComponent(city)}&sort=salary_asc&include_unsalaried=true`,
    () => "title=senior&employment_type=full_time,contract&remote=hybrid",
    () => "title=engineer&seniority=senior,lead&country=US&sort=date",
    () => "title=data&remote=remote&posted_within_days=30",
    () => "title=engineer&country=US&salary_min=60000&sort=date",
    () => "title=engin&country=DE&salary_max=90000&include_unsalaried=true&sort=salary_asc",
    // Conditions on the row (first seen, an excluded company): the filter's entries are matched
    // against the titles first, then rows read in the page's order.
    (c: string) =>
      `title=engineer&seniority=senior,lead&seen_within_days=30&exclude_company=${encodeURIComponent(c)}`,
    (c: string) => `title=engineer&remote=hybrid&exclude_company=${encodeURIComponent(c)}&sort=date`,
    () => "title=engineer&seniority=senior,lead&seen_within_days=30&sort=first_seen",
    (_: string, city: string) =>
      `title=engin&city=${encodeURIComponent(city)}&seen_within_days=30&sort=salary_desc`,
  ])(
    "gives the same pages and count walking the filter, the sort's index or the titles (%#)",
    async (make) => {
      const query = make(company, city);
      const { filters, sort } = parse(query);
      if (!sort.ok) throw new Error("unreachable");
      const tsquery = titleToTsQuery(new URLSearchParams(query).get("title")!);
      const pages = { title: [] as string[], filter: [] as string[], order: [] as string[] };
      const counts = { title: 0, filter: 0, order: 0 };
      for (const lead of ["title", "filter", "order"] as const) {
        // Pages of 2: even the company's few engineers span pages.
        for (let page = 0; page < 60; page++) {
          const input = { tsquery, filters, sort: sort.value.sort, limit: 2, offset: page * 2, lead };
          const rows = await run(filteredPageSql(input, snapshotId));
          pages[lead].push(...rows.map((r) => r.id as string));
          if (rows.length < 2) break;
        }
        counts[lead] = (
          await run(
            filteredCountSql({ tsquery, filters, sort: "date", limit: 1, offset: 0, lead }, snapshotId),
          )
        )[0].n;
      }
      expect(pages.title.length).toBeGreaterThan(1);
      expect(pages.filter).toEqual(pages.title);
      expect(pages.order).toEqual(pages.title);
      expect(counts.filter).toBe(counts.title);
      expect(counts.order).toBe(counts.title);
    },
  );

  it("is the filter when one is narrow, the sort's index for a broad title, else the titles", async () => {
    const tsquery = titleToTsQuery("engineer");
    expect(
      await leadOf(live, parse(`title=engineer&company=${encodeURIComponent(company)}`).filters, tsquery),
    ).toBe("filter");
    expect(
      await leadOf(live, parse(`title=engineer&city=${encodeURIComponent(city)}`).filters, tsquery),
    ).toBe("filter");
    expect(await leadOf(live, parse("title=engineer&seniority=intern").filters, tsquery)).toBe("filter");
    // A date or salary filter alone never leads: they are ranges over a whole country.
    expect(await leadOf(live, parse("title=engineer&posted_within_days=3").filters, tsquery)).toBe("title");
    expect(await leadOf(live, parse("company=Acme").filters, null)).toBe("title");
    // Sorted by date or salary, a broad title walks the sort's index; a rare one its own jobs.
    const broad = parse("title=engineer&posted_within_days=30&sort=date").filters;
    expect(await leadOf(live, broad, tsquery, "date")).toBe("order");
    expect(await leadOf(live, broad, tsquery, "relevance")).toBe("title");
    expect(await leadOf(live, broad, titleToTsQuery("welder"), "date")).toBe("title");
  });
});
