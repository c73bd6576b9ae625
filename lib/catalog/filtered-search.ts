// The statements of a search with filters beyond title and country, or another order than the
// default: one page, and a count that stops at TOTAL_COUNT_CAP (the response says when it did).
import { Prisma } from "../generated/prisma/client";
import { filterLedCountSql, filterLedPageSql, titlesBeforeRows } from "./filter-led";
import { cityRecheck, filterSql } from "./filter-sql";
import { hasRowFilters, type JobFilters, type SortOrder } from "./filters";
import type { Lead } from "./lead";
import { MAX_RESULT_WINDOW } from "./limits";
import { titlesCte, titlesOf } from "./matching-titles";
import { newestFirstSql } from "./region-walk";
import { SUMMARY_COLUMNS } from "./rows";

/**
 * Totals of filtered searches are counted up to this many jobs; past it `total` is this
 * number and `total_exact` is false: every page a search can reach (MAX_RESULT_WINDOW) is
 * still announced, and counting stops after a few milliseconds of index entries.
 */
export const TOTAL_COUNT_CAP = MAX_RESULT_WINDOW;

export type FilteredInput = {
  tsquery: string | null;
  filters: JobFilters;
  sort: SortOrder;
  limit: number;
  offset: number;
  /** With a title: walk each title's entries, or a narrow filter's (lib/catalog/lead.ts). */
  lead?: Lead;
  /** With keywords: their matches are known to be few, so they are read whole and sorted. */
  fewMatches?: boolean;
  /** With the "order" lead: the walk is expected short, so exact bits decide q (titledWalkByBits). */
  orderByBits?: boolean;
};

const ORDER: Record<Exclude<SortOrder, "relevance">, Prisma.Sql> = {
  date: Prisma.sql`posted_at DESC, id`,
  salary_desc: Prisma.sql`salary_year_max DESC NULLS LAST, posted_at DESC, id`,
  salary_asc: Prisma.sql`salary_year_min ASC NULLS LAST, posted_at DESC, id`,
  // Searches near a place run their own statements (near-search.ts); nothing else sorts by distance.
  distance: Prisma.sql`posted_at DESC, id`,
  // Jobs imported before ages were kept have none: after every job that has one.
  first_seen: Prisma.sql`first_seen_at DESC NULLS LAST, posted_at DESC, id`,
};

/**
 * `cut`: the lowest rank a window of `window` matches reaches, from the titles' counts (`c.n`).
 * Every job of a title ranks the same, so tiers below it need not be read.
 */
export function rankCutCte(window: number): Prisma.Sql {
  return Prisma.sql`cut AS (
      SELECT min(rank) AS rank FROM (
        SELECT rank, sum(n) OVER (ORDER BY rank DESC) - n AS before FROM (SELECT rank, sum(n) AS n FROM c GROUP BY rank) r
      ) x WHERE before < ${window}
    )`;
}

/** Columns every listing index holds: facets read matches from index entries alone. */
export const INDEXED_COLUMNS = [
  "country_code",
  "combo",
  "salary_currency",
  "salary_year_min",
  "salary_year_max",
  "company_key",
] as const;

/**
 * The conditions on rows read through a title's listing: bounded by the window, where the words'
 * index would not serve them, so exact bits decide q (filterSql's rowsOf). A walk of the sort's
 * listing uses them only when it is expected short (orderByBits): otherwise the planner may still
 * read a selective word's jobs from their index and sort them.
 */
const listedWhere = (input: FilteredInput, snapshotId: number) =>
  Prisma.sql`snapshot_id = ${snapshotId} ${filterSql(input.filters, { rowsOf: snapshotId })}`;

/** One page of matches in order: id, posted_at, the sort position n, and any indexed `extra`. */
export function matchesSql(
  input: FilteredInput,
  snapshotId: number,
  extra: readonly (typeof INDEXED_COLUMNS)[number][] = [],
): Prisma.Sql {
  const where = Prisma.sql`snapshot_id = ${snapshotId} ${filterSql(input.filters, { of: snapshotId })}`;
  const { limit, offset } = input;
  const more = extra.length ? Prisma.raw(`, ${extra.join(", ")}`) : Prisma.empty;
  const order = ORDER[input.sort === "relevance" ? "date" : input.sort];
  // The sort's own columns ride along, so the outer orders can read them; first_seen_at only
  // when sorting by it (it is in no other listing index: reading it would cost the heap).
  const salary = Prisma.sql`${extra.includes("salary_year_min") ? Prisma.empty : Prisma.sql`, salary_year_min, salary_year_max`}${
    input.sort === "first_seen" ? Prisma.sql`, first_seen_at` : Prisma.empty
  }`;
  if (input.tsquery) {
    // Per matching title, only its first `window` matches in the page's order: a title's
    // rows come from its own index entries, never from a walk over every job. With relevance,
    // titles go in rank order, so the page is complete once the tiers above it have enough.
    const outer = input.sort === "relevance" ? Prisma.sql`c.rank DESC, posted_at DESC, id` : order;
    if (input.lead === "filter" && titlesBeforeRows(input.filters))
      return filterLedPageSql(titlesOf(input.tsquery, snapshotId), input.filters, input, snapshotId, extra);
    if (input.lead === "filter") {
      // The filters' matches first, on their own (a narrow filter's index, at most
      // NARROW_JOBS entries), then matched against the titles and sorted: asked for both at
      // once, the planner walks a listing index in the page's order hoping for early matches.
      const cols = Prisma.raw(
        [
          ...new Set([
            "id",
            "posted_at",
            "title_id",
            "salary_year_min",
            "salary_year_max",
            ...(input.sort === "first_seen" ? ["first_seen_at"] : []),
            ...extra,
          ]),
        ].join(", "),
      );
      return Prisma.sql`WITH ${titlesOf(input.tsquery, snapshotId)},
        m AS MATERIALIZED (SELECT ${cols} FROM jobs WHERE ${where})
        SELECT p.*, row_number() OVER () AS n FROM (
          SELECT id, posted_at ${salary} ${more} FROM m JOIN c USING (title_id)
          ORDER BY ${outer} LIMIT ${limit} OFFSET ${offset}
        ) p`;
    }
    if (input.lead === "order" && input.sort !== "relevance")
      // The sort's index in order, each entry's title looked up by primary key until the page
      // is full: for a broad title that is a few entries per row of the page.
      return Prisma.sql`SELECT p.*, row_number() OVER () AS n FROM (
          SELECT id, posted_at ${salary} ${more} FROM jobs WHERE ${input.orderByBits ? listedWhere(input, snapshotId) : where} AND EXISTS (
            SELECT 1 FROM job_titles t WHERE t.snapshot_id = ${snapshotId} AND t.id = jobs.title_id
              AND t.search @@ to_tsquery('simple', ${input.tsquery}))
          ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}
        ) p`;
    const window = offset + limit;
    // Without filters beyond country, the import's counts say how many jobs each title has
    // there: by relevance, only the rank tiers that reach into the window need reading (facets
    // of "engineer" read 10,000 matches, not up to 10,000 from each of hundreds of titles).
    const tiered = input.sort === "relevance" && !hasRowFilters(input.filters);
    const tiers = tiered ? Prisma.sql`, ${rankCutCte(window)}` : Prisma.empty;
    // Within a rank, in the titles' own order (matching-titles.ts).
    const titles = tiered
      ? Prisma.sql`(SELECT c.title_id, c.rank FROM c, cut WHERE c.rank >= cut.rank ORDER BY c.rank DESC) c`
      : Prisma.sql`(SELECT * FROM c ORDER BY rank DESC, tie) c`;
    // The tiers need each title's jobs in scope (the import's counts): read with the titles.
    const c = tiered
      ? titlesCte(input.tsquery, snapshotId, input.filters.country?.code ?? "*")
      : titlesOf(input.tsquery, snapshotId);
    // row_number() over the finished page only: numbering inside would read every title.
    return Prisma.sql`WITH ${c} ${tiers}
      SELECT p.*, row_number() OVER () AS n FROM (
        SELECT j.* FROM ${titles} CROSS JOIN LATERAL (
          SELECT id, posted_at ${salary} ${more} FROM jobs WHERE ${listedWhere(input, snapshotId)} AND title_id = c.title_id
          ORDER BY ${order} LIMIT ${window}
        ) j
        ORDER BY ${outer} LIMIT ${limit} OFFSET ${offset}
      ) p`;
  }
  if (input.fewMatches)
    return Prisma.sql`WITH m AS MATERIALIZED (SELECT id, posted_at ${salary} ${more} FROM jobs WHERE ${where})
      SELECT p.*, row_number() OVER (ORDER BY ${order}) AS n
      FROM (SELECT * FROM m ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}) p`;
  const walk =
    input.sort === "date" || input.sort === "relevance"
      ? newestFirstSql(Prisma.sql`id, posted_at ${salary} ${more}`, where, input.filters, limit, offset)
      : Prisma.sql`SELECT id, posted_at ${salary} ${more} FROM jobs WHERE ${where}
      ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}`;
  return Prisma.sql`SELECT p.*, row_number() OVER (ORDER BY ${order}) AS n FROM (${walk}) p`;
}

/** One page of a filtered search, in order, with the rows' columns. */
export function filteredPageSql(input: FilteredInput, snapshotId: number): Prisma.Sql {
  // The page's keys only: a sort column riding along (first_seen_at) would clash with the row's.
  return Prisma.sql`SELECT ${SUMMARY_COLUMNS} FROM (SELECT id, posted_at, n FROM (${matchesSql(input, snapshotId)}) m) p
    JOIN jobs USING (id, posted_at) WHERE jobs.snapshot_id = ${snapshotId} ${cityRecheck(input.filters, "jobs")}
    ORDER BY p.n`;
}

/** How many jobs match, counting no further than TOTAL_COUNT_CAP + 1. */
export function filteredCountSql(input: FilteredInput, snapshotId: number): Prisma.Sql {
  const where = Prisma.sql`snapshot_id = ${snapshotId} ${filterSql(input.filters, { of: snapshotId })}`;
  const cap = TOTAL_COUNT_CAP + 1;
  if (!input.tsquery)
    return Prisma.sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM jobs WHERE ${where} LIMIT ${cap}) x`;
  // A count needs no rank.
  const c = titlesOf(input.tsquery, snapshotId, false);
  if (input.lead === "filter" && titlesBeforeRows(input.filters))
    return filterLedCountSql(c, input.filters, snapshotId, cap);
  if (input.lead === "filter")
    return Prisma.sql`WITH ${c},
      m AS MATERIALIZED (SELECT title_id FROM jobs WHERE ${where})
      SELECT count(*)::int AS n FROM (SELECT 1 FROM m JOIN c USING (title_id) LIMIT ${cap}) x`;
  return Prisma.sql`WITH ${c}
    SELECT count(*)::int AS n FROM (
      SELECT 1 FROM c CROSS JOIN LATERAL (SELECT 1 FROM jobs WHERE ${listedWhere(input, snapshotId)} AND title_id = c.title_id LIMIT ${cap}) j
      LIMIT ${cap}
    ) x`;
}
