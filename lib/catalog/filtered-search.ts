// The statements of a search with filters beyond title and country, or another order than the
// default: one page, and a count that stops at TOTAL_COUNT_CAP (the response says when it did).
import { Prisma } from "../generated/prisma/client";
import { filterSql, type JobFilters, type SortOrder } from "./filters";
import { SUMMARY_COLUMNS } from "./rows";

/**
 * Totals of filtered searches are counted up to this many jobs; past it `total` is this
 * number and `total_exact` is false. 100,000 index entries cost a few milliseconds and are
 * ten times the deepest page a search can reach (MAX_RESULT_WINDOW).
 */
export const TOTAL_COUNT_CAP = 100_000;

export type FilteredInput = {
  tsquery: string | null;
  filters: JobFilters;
  sort: SortOrder;
  limit: number;
  offset: number;
};

const ORDER: Record<Exclude<SortOrder, "relevance">, Prisma.Sql> = {
  date: Prisma.sql`posted_at DESC, id`,
  salary_desc: Prisma.sql`salary_year_max DESC NULLS LAST, posted_at DESC, id`,
  salary_asc: Prisma.sql`salary_year_min ASC NULLS LAST, posted_at DESC, id`,
};

/** The titles a tsquery matches, with their rank: title search runs over distinct titles. */
function titlesCte(tsquery: string, snapshotId: number): Prisma.Sql {
  return Prisma.sql`c AS MATERIALIZED (
      SELECT t.id AS title_id, ts_rank(t.search, to_tsquery('simple', ${tsquery}), 1) AS rank
      FROM job_titles t WHERE t.snapshot_id = ${snapshotId} AND t.search @@ to_tsquery('simple', ${tsquery})
    )`;
}

/** Ids (and the sort position) of one page of matches. */
function pageIdsSql(input: FilteredInput, snapshotId: number): Prisma.Sql {
  const where = Prisma.sql`snapshot_id = ${snapshotId} ${filterSql(input.filters)}`;
  const { limit, offset } = input;
  if (input.sort === "relevance" && input.tsquery) {
    // Titles in rank order, each contributing only its newest `window` matches: the page
    // is complete once the rank tiers above it have enough rows.
    const window = offset + limit;
    // row_number() over the finished page only: numbering inside would read every title.
    return Prisma.sql`WITH ${titlesCte(input.tsquery, snapshotId)}
      SELECT id, posted_at, row_number() OVER () AS n FROM (
        SELECT j.id, j.posted_at FROM (SELECT * FROM c ORDER BY rank DESC) c CROSS JOIN LATERAL (
          SELECT id, posted_at FROM jobs WHERE ${where} AND title_id = c.title_id
          ORDER BY posted_at DESC, id LIMIT ${window}
        ) j
        ORDER BY c.rank DESC, j.posted_at DESC, j.id LIMIT ${limit} OFFSET ${offset}
      ) p`;
  }
  const order = ORDER[input.sort === "relevance" ? "date" : input.sort];
  const titles = input.tsquery ? Prisma.sql`AND title_id IN (SELECT title_id FROM c)` : Prisma.empty;
  const head = input.tsquery ? Prisma.sql`WITH ${titlesCte(input.tsquery, snapshotId)}` : Prisma.empty;
  return Prisma.sql`${head} SELECT id, posted_at, row_number() OVER (ORDER BY ${order}) AS n
    FROM (SELECT id, posted_at, salary_year_min, salary_year_max FROM jobs WHERE ${where} ${titles}
      ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}) p`;
}

/** One page of a filtered search, in order (facets ask for their own columns). */
export function filteredPageSql(
  input: FilteredInput,
  snapshotId: number,
  columns: Prisma.Sql = SUMMARY_COLUMNS,
): Prisma.Sql {
  return Prisma.sql`SELECT ${columns} FROM (${pageIdsSql(input, snapshotId)}) p
    JOIN jobs USING (id, posted_at) WHERE jobs.snapshot_id = ${snapshotId} ORDER BY p.n`;
}

/** How many jobs match, counting no further than TOTAL_COUNT_CAP + 1. */
export function filteredCountSql(input: FilteredInput, snapshotId: number): Prisma.Sql {
  const where = Prisma.sql`snapshot_id = ${snapshotId} ${filterSql(input.filters)}`;
  const cap = TOTAL_COUNT_CAP + 1;
  if (!input.tsquery)
    return Prisma.sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM jobs WHERE ${where} LIMIT ${cap}) x`;
  return Prisma.sql`WITH ${titlesCte(input.tsquery, snapshotId)}
    SELECT count(*)::int AS n FROM (
      SELECT 1 FROM c CROSS JOIN LATERAL (SELECT 1 FROM jobs WHERE ${where} AND title_id = c.title_id LIMIT ${cap}) j
      LIMIT ${cap}
    ) x`;
}
