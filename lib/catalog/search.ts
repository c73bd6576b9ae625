import { Prisma } from "../generated/prisma/client";
import type { CountryFilter } from "./countries";
import { countrySql } from "./filter-sql";
import { rankCutCte } from "./filtered-search";
import { hasRowFilters, type JobFilters, type SortOrder } from "./filters";
import type { JobSummary } from "./job-schemas";
import { type Highlight, highlightSql, parseMarked } from "./keyword-search";
import { type Lead, leadOf } from "./lead";
import { catalogDb, type LiveSnapshot, liveSnapshot } from "./live";
import { titlesCte } from "./matching-titles";
import { nearLeads } from "./near-lead";
import { isNear } from "./near-search";
import { keywordPage, matchesBefore, pageSql, readRows } from "./page-rows";
import { type JobDbRow, SUMMARY_COLUMNS, toJobSummary } from "./rows";
import { withSharedCity } from "./shared-keys";
import {
  answerCache,
  atLeast,
  countMatches,
  countStatements,
  lowerBound,
  type Statement,
  sumCounts,
  totalKey,
  totalOfSample,
} from "./totals";
import { titleToTsQuery } from "./tsquery";
import { matchesNothing } from "./word-counts";

export type SearchInput = {
  title?: string;
  filter?: CountryFilter;
  page: number;
  perPage: number;
  /** Filters beyond title and country (filter above is the same as filters.country). */
  filters?: JobFilters;
  sort?: SortOrder;
  /** With keywords: each row's description extract around its first match. */
  highlight?: boolean;
  /** The snapshot to search, when the caller reads more of it (copies); else the live one. */
  live?: LiveSnapshot | null;
};
export type SearchOutput = { total: number; totalExact: boolean; items: JobSummary[] };

/**
 * Order: with a title, best title match first, then newest; without one, newest first (`sort`
 * changes it). `id` breaks the last ties so pages never overlap. Totals of title and
 * country/region are exact, from counts the import keeps per country (no title) or per title
 * and country/region (with a title); other filters are counted up to TOTAL_COUNT_CAP.
 */
const cache = answerCache<SearchOutput>(5_000, (page, total) => ({ ...page, ...atLeast(total, page.total) }));

export async function searchJobs(input: SearchInput): Promise<SearchOutput> {
  const live = input.live === undefined ? await liveSnapshot() : input.live;
  if (!live) return { total: 0, totalExact: true, items: [] };
  const tsquery = input.title ? titleToTsQuery(input.title) : null;
  const filters = await withSharedCity(input.filters ?? { country: input.filter }, live.id);
  const sort = input.sort ?? (tsquery ? "relevance" : "date");
  const key = JSON.stringify([
    tsquery,
    input.filter?.code ?? null,
    input.page,
    input.perPage,
    filters,
    sort,
    Boolean(input.highlight),
  ]);
  const hit = cache.get(live.id, key);
  if (hit) return hit;
  const out = await run(input, live, filters, sort, tsquery);
  cache.set(live.id, key, out.result, out.countTimedOut ? totalKey(input, filters, tsquery) : null);
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
  if (await matchesNothing(live.id, filters))
    return { result: { total: 0, totalExact: true, items: [] }, countTimedOut: false };
  const fields = filteredInput(input, filters, sort, tsquery);
  // A page by relevance near a point may walk the titles best first where its count may not.
  const leads = isNear(filters)
    ? await nearLeads(live.id, filters, tsquery, sort, fields.offset + fields.limit + 1)
    : null;
  const lead = leads ? leads.count : await leadOf(live, filters, tsquery, sort);
  const page = { ...fields, lead: leads ? leads.page : lead };
  // One row more than the page: a lower bound must still say whether another page exists.
  const started = performance.now();
  const { rows, count, matches } = filters.keywords
    ? await keywordPage(input, live, filters, tsquery, page)
    : await Promise.all([
        readRows(live.id, filters, pageSql({ ...page, limit: page.limit + 1 }, live.id)),
        countMatches(input, live, filters, tsquery, lead),
      ]).then(([rows, count]) => ({ rows, count, matches: undefined }));
  const items = await withHighlights(
    rows.slice(0, page.limit).map(toJobSummary),
    input.highlight ? filters.keywords : undefined,
    live.id,
  );
  if (count.total !== null)
    return { result: { total: count.total, totalExact: count.totalExact, items }, countTimedOut: false };
  // The count ran out of time; the rows read may still tell every match. A page's rows do when
  // one statement read them in the search's order, and no condition dropped any after its LIMIT
  // (a city's name is rechecked on the page's rows, unless its key is shared: then before the
  // LIMIT); a relevance page's reading tells `matches`.
  const wholeRows = matches === undefined && (!filters.city || filters.city.shared === true);
  const bound = lowerBound(input.page, page.offset, page.limit, rows.length, wholeRows);
  const pastTheEnd = wholeRows && rows.length === 0 && input.page > 1;
  const exact =
    matches ??
    (bound.totalExact && wholeRows
      ? bound.total
      : pastTheEnd
        ? await matchesBefore(live.id, page, performance.now() - started)
        : null);
  if (exact === null) return { result: { ...bound, items }, countTimedOut: true };
  // Kept, so the search's other pages have it while the count still runs.
  totalOfSample(live.id, totalKey(input, filters, tsquery), exact);
  return { result: { total: exact, totalExact: true, items }, countTimedOut: false };
}

async function withHighlights(
  items: JobSummary[],
  keywords: JobFilters["keywords"],
  snapshotId: number,
): Promise<JobSummary[]> {
  if (!keywords || items.length === 0) return items;
  const rows = await catalogDb(snapshotId).$queryRaw<{ id: string; marked: string }[]>(
    highlightSql(
      keywords,
      snapshotId,
      items.map((i) => i.id),
    ),
  );
  const byId = new Map<string, Highlight>(rows.map((r) => [r.id, parseMarked(r.marked)]));
  return items.map((i) => {
    const h = byId.get(i.id);
    return h ? { ...i, highlight: h } : i;
  });
}

function filteredInput(input: SearchInput, filters: JobFilters, sort: SortOrder, tsquery: string | null) {
  return { tsquery, filters, sort, limit: input.perPage, offset: (input.page - 1) * input.perPage };
}

/**
 * Every statement a search runs (what the benches explain); `lead` from leadOf or nearLeads, and
 * `pageLead` where the page's differs (nearLeads' page lead).
 */
export function searchStatements(
  input: SearchInput,
  snapshotId: number,
  lead: Lead = "title",
  pageLead: Lead = lead,
): Statement[] {
  const tsquery = input.title ? titleToTsQuery(input.title) : null;
  const filters = input.filters ?? { country: input.filter };
  const sort = input.sort ?? (tsquery ? "relevance" : "date");
  if (!hasRowFilters(filters) && sort === (tsquery ? "relevance" : "date"))
    return [{ sql: searchSql(input, snapshotId) }];
  const page = { ...filteredInput(input, filters, sort, tsquery), lead: pageLead };
  return [
    { sql: pageSql({ ...page, limit: page.limit + 1 }, snapshotId) },
    ...countStatements(input, snapshotId, filters, tsquery, lead),
  ];
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
