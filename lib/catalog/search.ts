// GET /v1/jobs: filters, stable ordering, and a total that is exact or says it is a bound.
import { queryWithin } from "../core/db";
import { Prisma } from "../generated/prisma/client";
import { combosAnswer, comboTotal } from "./combos";
import type { CountryFilter } from "./countries";
import {
  type FilteredInput,
  filteredCountSql,
  filteredPageSql,
  rankCutCte,
  TOTAL_COUNT_CAP,
  titlesCte,
} from "./filtered-search";
import { countrySql, hasRowFilters, type JobFilters, type SortOrder } from "./filters";
import { type Lead, leadOf } from "./lead";
import { catalogDb, liveSnapshot, snapshotCache } from "./live";
import { isNear, nearCountSql, nearExactTotal, nearLead, nearPageSql } from "./near-search";
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
 * Order: with a title, best title match first, then newest; without one, newest first (`sort`
 * changes it). `id` breaks the last ties so pages never overlap. Totals of title and
 * country/region are exact, from counts the import keeps per country (no title) or per title
 * and country/region (with a title); other filters are counted up to TOTAL_COUNT_CAP.
 */
const cache = snapshotCache<SearchOutput>(5_000);
/**
 * Totals by search alone (no page, per_page or sort), so a count one page size got serves every
 * other. Only counts that finished go in: one that ran out of time is tried again next time,
 * never kept in place of an exact one.
 */
const totals = snapshotCache<{ total: number; totalExact: boolean }>(5_000);

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
  // A lower bound from a count that ran out of time is this request's alone.
  if (!out.countTimedOut) cache.set(live.id, key, out.result);
  return out.result;
}

async function run(
  input: SearchInput,
  live: { id: number; countryCounts: Record<string, number> },
  filters: JobFilters,
  sort: SortOrder,
  tsquery: string | null,
): Promise<{ result: SearchOutput; countTimedOut: boolean }> {
  const defaultOrder = sort === (tsquery ? "relevance" : "date");
  const rowFilters = hasRowFilters(filters);
  if (!rowFilters && defaultOrder) {
    const sql = searchSql(input, live.id);
    const rows = await catalogDb(live.id).query<JobDbRow & { total?: number }>(sql);
    const result = sql.countsInQuery
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
    return { result, countTimedOut: false };
  }
  const lead = isNear(filters)
    ? await nearLead(live.id, filters, tsquery, sort)
    : await leadOf(live, filters, tsquery, sort);
  const page = { ...filteredInput(input, filters, sort, tsquery), lead };
  // One row more than the page: a lower bound must still say whether another page exists.
  const [rows, count] = await Promise.all([
    catalogDb(live.id).query<JobDbRow>(pageSql({ ...page, limit: page.limit + 1 }, live.id)),
    countMatches(input, live, filters, tsquery, lead),
  ]);
  const items = rows.slice(0, page.limit).map(toJobSummary);
  if (count.total !== null) return { result: { ...count, total: count.total, items }, countTimedOut: false };
  return { result: { ...lowerBound(input.page, page.offset, rows.length), items }, countTimedOut: true };
}

/**
 * The total when the count ran out of time, from the rows of one page read with one more row
 * than the page (`read`): every job before this page, this page's and the one after it exist.
 * A first page with no rows is an exact zero; past the last page nothing is known but that the
 * total is below the offset, so the bound is 0.
 */
export function lowerBound(
  page: number,
  offset: number,
  read: number,
): { total: number; totalExact: boolean } {
  if (read === 0) return { total: 0, totalExact: page === 1 };
  return { total: offset + read, totalExact: false };
}

/** A page of a filtered search: near a point (near-search.ts), or by filterSql alone. */
function pageSql(input: FilteredInput, snapshotId: number): Prisma.Sql {
  const { filters } = input;
  return isNear(filters)
    ? nearPageSql({ ...input, filters }, snapshotId)
    : filteredPageSql(input, snapshotId);
}

function filteredInput(input: SearchInput, filters: JobFilters, sort: SortOrder, tsquery: string | null) {
  return { tsquery, filters, sort, limit: input.perPage, offset: (input.page - 1) * input.perPage };
}

/** A statement a request runs; `deadlineMs`: given up after that long (harness/bench/bench-search.ts). */
export type Statement = { sql: Prisma.Sql; deadlineMs?: number };

/** Every statement a search runs (what harness/bench/bench-search.ts explains); `lead` from leadOf. */
export function searchStatements(input: SearchInput, snapshotId: number, lead: Lead = "title"): Statement[] {
  const tsquery = input.title ? titleToTsQuery(input.title) : null;
  const filters = input.filters ?? { country: input.filter };
  const sort = input.sort ?? (tsquery ? "relevance" : "date");
  if (!hasRowFilters(filters) && sort === (tsquery ? "relevance" : "date"))
    return [{ sql: searchSql(input, snapshotId) }];
  const page = { ...filteredInput(input, filters, sort, tsquery), lead };
  return [
    { sql: pageSql({ ...page, limit: page.limit + 1 }, snapshotId) },
    ...countStatements(input, snapshotId, filters, tsquery, lead),
  ];
}

/** The statement a total costs: none when the import's counts give it. */
export function countStatements(
  input: Pick<SearchInput, "title" | "filter">,
  snapshotId: number,
  filters: JobFilters,
  tsquery: string | null,
  lead: Lead = "title",
): Statement[] {
  if (isNear(filters)) {
    const near = { tsquery, filters, sort: "date" as const, limit: 1, offset: 0, lead };
    return [{ sql: nearCountSql(near, snapshotId, TOTAL_COUNT_CAP + 1), deadlineMs: COUNT_DEADLINE_MS }];
  }
  if (hasRowFilters(filters)) {
    if (!tsquery && combosAnswer(filters)) return [];
    const sql = filteredCountSql({ tsquery, filters, sort: "date", limit: 1, offset: 0, lead }, snapshotId);
    return [{ sql, deadlineMs: COUNT_DEADLINE_MS }];
  }
  return tsquery ? [{ sql: titleTotalSql(tsquery, input.filter?.code ?? "*", snapshotId) }] : [];
}

function titleTotalSql(tsquery: string, key: string, snapshotId: number): Prisma.Sql {
  return Prisma.sql`SELECT coalesce(sum((t.counts ->> ${key})::int), 0)::int AS n
    FROM job_titles t WHERE t.snapshot_id = ${snapshotId} AND t.search @@ to_tsquery('simple', ${tsquery})`;
}

/** A count that would take longer than this is given up: the total is then a lower bound. */
export const COUNT_DEADLINE_MS = 35;

/**
 * The total of a search, exact whenever the count deadline allows:
 * - title and country/region alone: the import's per-title and per-country counts;
 * - no title, and only country, remote, employment type, seniority: the import's combination counts;
 * - anything else: counted, but no further than TOTAL_COUNT_CAP matches and COUNT_DEADLINE_MS.
 * `total: null` means the count deadline passed; the caller knows a lower bound from its page.
 */
export async function countMatches(
  input: Pick<SearchInput, "title" | "filter">,
  live: { id: number; countryCounts: Record<string, number> },
  filters: JobFilters,
  tsquery: string | null,
  lead: Lead = "title",
): Promise<{ total: number | null; totalExact: boolean }> {
  if (isNear(filters)) {
    const exact = await nearExactTotal(live.id, filters, tsquery);
    if (exact !== null) return { total: exact, totalExact: true };
  } else if (!tsquery && hasRowFilters(filters) && combosAnswer(filters))
    return { total: await comboTotal(live.id, filters), totalExact: true };
  const [statement] = countStatements(input, live.id, filters, tsquery, lead);
  if (!statement) return { total: sumCounts(live.countryCounts, input.filter?.countries), totalExact: true };
  if (!statement.deadlineMs) {
    const rows = await catalogDb(live.id).$queryRaw<{ n: number }[]>(statement.sql);
    return { total: rows[0]?.n ?? 0, totalExact: true };
  }
  const key = JSON.stringify([tsquery, input.filter?.code ?? null, filters]);
  const known = totals.get(live.id, key);
  if (known) return known;
  const n = await countWithin(statement.sql, statement.deadlineMs);
  if (n === null) return { total: null, totalExact: false };
  const total =
    n > TOTAL_COUNT_CAP ? { total: TOTAL_COUNT_CAP, totalExact: false } : { total: n, totalExact: true };
  totals.set(live.id, key, total);
  return total;
}

/** Runs a count under a statement timeout; null when it ran out. */
async function countWithin(sql: Prisma.Sql, ms: number): Promise<number | null> {
  try {
    const rows = await queryWithin<{ n: number }>(ms, sql);
    return rows[0]?.n ?? 0;
  } catch (err) {
    if (isStatementTimeout(err)) return null;
    throw err;
  }
}

function isStatementTimeout(err: unknown): boolean {
  const e = err as { code?: string; meta?: { driverAdapterError?: { cause?: { originalCode?: string } } } };
  return e?.code === "57014" || e?.meta?.driverAdapterError?.cause?.originalCode === "57014";
}

const countryFilter = countrySql;

/** The one statement a search runs (also what harness/bench/bench-search.ts explains). */
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
  const sql = Prisma.sql`WITH ${titlesCte(tsquery, snapshotId, key)}, ${rankCutCte(window)},
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
