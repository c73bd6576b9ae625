// GET /v1/jobs: filters, stable ordering, and a total that is exact or says it is a bound.
import { db } from "../db";
import { Prisma } from "../generated/prisma/client";
import type { CountryFilter } from "./countries";
import { filteredCountSql, filteredPageSql, TOTAL_COUNT_CAP } from "./filtered-search";
import { countrySql, hasRowFilters, type JobFilters, type SortOrder } from "./filters";
import { liveSnapshot, snapshotCache } from "./live";
import { type JobDbRow, SUMMARY_COLUMNS, toJobSummary } from "./rows";
import type { JobSummary } from "./schemas";
import { titleToTsQuery } from "./tsquery";

export type SearchInput = {
  title?: string;
  filter?: CountryFilter;
  page: number;
  perPage: number;
  /** Filters beyond title and country (filter above is the same as filters.country). */
  filters?: JobFilters;
  sort?: SortOrder;
};
export type SearchOutput = { total: number; totalExact: boolean; items: JobSummary[] };

/**
 * Order: with a title, best title match first, then newest; without one, newest first.
 * `id` breaks the last ties so pages never overlap. Totals are exact, from counts the import
 * keeps per country (no title) or per title and country/region (with a title).
 */
const cache = snapshotCache<SearchOutput>(5_000);

export async function searchJobs(input: SearchInput): Promise<SearchOutput> {
  const live = await liveSnapshot();
  if (!live) return { total: 0, totalExact: true, items: [] };
  const tsquery = input.title ? titleToTsQuery(input.title) : null;
  const filters = input.filters ?? { country: input.filter };
  const sort = input.sort ?? (tsquery ? "relevance" : "date");
  const key = JSON.stringify([tsquery, input.filter?.code ?? null, input.page, input.perPage, filters, sort]);
  const hit = cache.get(live.id, key);
  if (hit) return hit;
  const out = await run(input, live, filters, sort, tsquery);
  cache.set(live.id, key, out);
  return out;
}

async function run(
  input: SearchInput,
  live: { id: number; countryCounts: Record<string, number> },
  filters: JobFilters,
  sort: SortOrder,
  tsquery: string | null,
): Promise<SearchOutput> {
  const defaultOrder = sort === (tsquery ? "relevance" : "date");
  const rowFilters = hasRowFilters(filters);
  if (!rowFilters && defaultOrder) {
    const sql = searchSql(input, live.id);
    const rows = await db().$queryRaw<(JobDbRow & { total?: number })[]>(sql);
    return sql.countsInQuery
      ? {
          total: rows[0]?.total ?? 0,
          totalExact: true,
          items: rows.filter((r) => r.id !== null).map(toJobSummary),
        }
      : {
          total: sumCounts(live.countryCounts, input.filter?.countries),
          totalExact: true,
          items: rows.map(toJobSummary),
        };
  }
  const f = { tsquery, filters, sort, limit: input.perPage, offset: (input.page - 1) * input.perPage };
  const [rows, count] = await Promise.all([
    db().$queryRaw<JobDbRow[]>(filteredPageSql(f, live.id)),
    countMatches(input, live, filters, tsquery),
  ]);
  return { ...count, items: rows.map(toJobSummary) };
}

/**
 * The total of a search: exact from the import's counts for title and country/region alone;
 * with other filters counted up to TOTAL_COUNT_CAP, past which it is a lower bound.
 */
export async function countMatches(
  input: Pick<SearchInput, "title" | "filter">,
  live: { id: number; countryCounts: Record<string, number> },
  filters: JobFilters,
  tsquery: string | null,
): Promise<{ total: number; totalExact: boolean }> {
  if (!hasRowFilters(filters)) return { total: await exactTotal(input, live), totalExact: true };
  const f = { tsquery, filters, sort: "date" as const, limit: 1, offset: 0 };
  const rows = await db().$queryRaw<{ n: number }[]>(filteredCountSql(f, live.id));
  const n = rows[0]?.n ?? 0;
  return n > TOTAL_COUNT_CAP ? { total: TOTAL_COUNT_CAP, totalExact: false } : { total: n, totalExact: true };
}

/** Title and country/region only: from the counts the import keeps. */
async function exactTotal(
  input: Pick<SearchInput, "title" | "filter">,
  live: { id: number; countryCounts: Record<string, number> },
) {
  const tsquery = input.title ? titleToTsQuery(input.title) : null;
  if (!tsquery) return sumCounts(live.countryCounts, input.filter?.countries);
  const key = input.filter?.code ?? "*";
  const rows = await db().$queryRaw<
    { n: number }[]
  >`SELECT coalesce(sum((t.counts ->> ${key})::int), 0)::int AS n
    FROM job_titles t WHERE t.snapshot_id = ${live.id} AND t.search @@ to_tsquery('simple', ${tsquery})`;
  return rows[0]?.n ?? 0;
}

const countryFilter = countrySql;

/** The one statement a search runs (also what scripts/bench-search.ts explains). */
export function searchSql(input: SearchInput, snapshotId: number): Prisma.Sql & { countsInQuery: boolean } {
  const limit = input.perPage;
  const offset = (input.page - 1) * input.perPage;
  const tsquery = input.title ? titleToTsQuery(input.title) : null;
  if (!tsquery) {
    // Page through index entries only, then read the rows of this one page.
    const sql = Prisma.sql`WITH p AS (
        SELECT id, posted_at FROM jobs WHERE snapshot_id = ${snapshotId} ${countryFilter(input.filter)}
        ORDER BY posted_at DESC, id LIMIT ${limit} OFFSET ${offset}
      )
      SELECT ${SUMMARY_COLUMNS} FROM p JOIN jobs USING (id, posted_at) WHERE jobs.snapshot_id = ${snapshotId}
      ORDER BY posted_at DESC, id`;
    return Object.assign(sql, { countsInQuery: false });
  }
  const key = input.filter?.code ?? "*";
  const window = offset + limit;
  // Every job of a title ranks the same, so matching and ranking run over distinct titles,
  // whose counts give the exact total. Only the rank tiers reaching into
  // [offset, offset + limit) are read, and from each of their titles only the newest
  // `window` rows, through the (title_id, country_code, posted_at) indexes.
  const sql = Prisma.sql`WITH c AS MATERIALIZED (
      SELECT t.id AS title_id, ts_rank(t.search, to_tsquery('simple', ${tsquery}), 1) AS rank, (t.counts ->> ${key})::int AS n
      FROM job_titles t
      WHERE t.snapshot_id = ${snapshotId} AND t.search @@ to_tsquery('simple', ${tsquery}) AND (t.counts ->> ${key}) IS NOT NULL
    ),
    cut AS (
      SELECT min(rank) AS rank FROM (
        SELECT rank, sum(n) OVER (ORDER BY rank DESC) - n AS before FROM (SELECT rank, sum(n) AS n FROM c GROUP BY rank) r
      ) x WHERE before < ${window}
    ),
    picked AS (
      SELECT c.rank, j.id, j.posted_at FROM c CROSS JOIN cut CROSS JOIN LATERAL (
        SELECT id, posted_at FROM jobs
        WHERE snapshot_id = ${snapshotId} AND title_id = c.title_id ${countryFilter(input.filter)}
        ORDER BY posted_at DESC, id LIMIT ${window}
      ) j
      WHERE c.rank >= cut.rank
      ORDER BY c.rank DESC, j.posted_at DESC, j.id LIMIT ${limit} OFFSET ${offset}
    ),
    page AS (
      SELECT p.rank, ${SUMMARY_COLUMNS} FROM picked p JOIN jobs USING (id, posted_at) WHERE jobs.snapshot_id = ${snapshotId}
    )
    SELECT (SELECT coalesce(sum(n), 0) FROM c)::int AS total, page.* FROM (SELECT 1) AS one LEFT JOIN page ON true
    ORDER BY page.rank DESC, page.posted_at DESC, page.id`;
  return Object.assign(sql, { countsInQuery: true });
}

function sumCounts(counts: Record<string, number>, countries?: string[]): number {
  const keys = countries ?? Object.keys(counts);
  return keys.reduce((sum, c) => sum + (counts[c] ?? 0), 0);
}
