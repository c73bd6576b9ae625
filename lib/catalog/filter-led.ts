// A titled search led by a narrow filter (a company, a city, a rare mix of type and seniority)
// whose conditions are partly on the row: when the job was first seen, its company's exact name,
// excluded companies, a city's name where another city shares its key. Every filter's index
// holds each job's title, so the filter's entries are matched against the titles first, from
// the index alone, and only the title matches are read as rows, one by primary key each, in the
// page's order until it is full.
// Read the other way (every row of the filter, then the titles) a broad filter with a narrow title
// reads thousands of rows from disk for a page of ten.
import { Prisma } from "../generated/prisma/client";
import { filterSql } from "./filter-sql";
import type { JobFilters, SortOrder } from "./filters";

/**
 * Whether the filter's entries are matched against the titles before any row is read: some
 * condition is on the row (else the entries alone answer), and there is no q: with one, the
 * words' index combined with the filter's may well be narrower than the titles.
 */
export function titlesBeforeRows(f: JobFilters): boolean {
  return !f.keywords && Boolean(f.firstSeen || f.excludeCompanies || f.company || f.city?.shared);
}

const ORDER_ON_ENTRIES: Record<Exclude<SortOrder, "first_seen">, Prisma.Sql> = {
  relevance: Prisma.sql`rank DESC, posted_at DESC, id`,
  date: Prisma.sql`posted_at DESC, id`,
  // Searches near a place run their own statements (near-search.ts): by date here, as elsewhere.
  distance: Prisma.sql`posted_at DESC, id`,
  salary_desc: Prisma.sql`salary_year_max DESC NULLS LAST, posted_at DESC, id`,
  salary_asc: Prisma.sql`salary_year_min ASC NULLS LAST, posted_at DESC, id`,
};

type Page = { sort: SortOrder; limit: number; offset: number };

/**
 * `titles` (the CTE `c`, titlesCte), then the filter's entries (`columns` of its index) whose
 * title is among them, with the title's rank: `k`. Materialized, so the titles are matched
 * before any row is checked (inlined, the planner checks every entry's row, then the titles).
 */
function entriesSql(titles: Prisma.Sql, f: JobFilters, snapshotId: number, columns: readonly string[]) {
  const cols = Prisma.raw([...new Set(["id", "posted_at", "title_id", ...columns])].join(", "));
  return Prisma.sql`WITH ${titles}, m AS MATERIALIZED (SELECT ${cols} FROM jobs WHERE snapshot_id = ${snapshotId} ${filterSql(f, { onEntries: true })}),
    k AS MATERIALIZED (SELECT m.*, c.rank FROM m JOIN c USING (title_id))`;
}

const rowCheck = (f: JobFilters, snapshotId: number, out: Prisma.Sql) =>
  Prisma.sql`CROSS JOIN LATERAL (
      SELECT ${out} FROM jobs WHERE snapshot_id = ${snapshotId} AND id = k.id ${filterSql(f, { rowsOf: snapshotId })} LIMIT 1
    ) r`;

/**
 * One page of matches of `titles` (the CTE `c`) on the filter's entries: id, posted_at, the salary columns, `extra` and the
 * sort position n, as matchesSql gives them. Sorted by first seen, every title match is read
 * (the date is on the row only); otherwise the entries are sorted first and rows read in that
 * order until the page is full.
 */
export function filterLedPageSql(
  titles: Prisma.Sql,
  f: JobFilters,
  page: Page,
  snapshotId: number,
  extra: readonly string[],
): Prisma.Sql {
  const columns = ["salary_year_min", "salary_year_max", ...extra];
  const out = Prisma.raw(["k.id", "k.posted_at", ...new Set(columns.map((c) => `k.${c}`))].join(", "));
  const { limit, offset } = page;
  if (page.sort === "first_seen") {
    const order = Prisma.sql`r.first_seen_at DESC NULLS LAST, k.posted_at DESC, k.id`;
    return Prisma.sql`${entriesSql(titles, f, snapshotId, columns)}
      SELECT p.*, row_number() OVER () AS n FROM (
        SELECT ${out}, r.first_seen_at FROM k ${rowCheck(f, snapshotId, Prisma.sql`first_seen_at`)}
        ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}
      ) p`;
  }
  const order = ORDER_ON_ENTRIES[page.sort];
  // The entries sorted in a subquery of their own: the checks run in that order, and the limit
  // stops them once the page is full.
  return Prisma.sql`${entriesSql(titles, f, snapshotId, columns)}
    SELECT p.*, row_number() OVER () AS n FROM (
      SELECT ${out} FROM (SELECT * FROM k ORDER BY ${order}) k ${rowCheck(f, snapshotId, Prisma.sql`1`)}
      ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}
    ) p`;
}

/** How many jobs of `titles` (the CTE `c`) match on the filter's entries, counting no further than `cap`. */
export function filterLedCountSql(
  titles: Prisma.Sql,
  f: JobFilters,
  snapshotId: number,
  cap: number,
): Prisma.Sql {
  return Prisma.sql`${entriesSql(titles, f, snapshotId, [])}
    SELECT count(*)::int AS n FROM (SELECT 1 FROM k ${rowCheck(f, snapshotId, Prisma.sql`1`)} LIMIT ${cap}) x`;
}
