// The statements facets and pay are read from: a search's first FACET_SAMPLE matches from index
// entries (the CTE `m`), and what facets count over them.

import { Prisma } from "../generated/prisma/client";
import { BUCKET_BOUNDS } from "../places/buckets";
import { INDEXED_COLUMNS, matchesSql, TOTAL_COUNT_CAP } from "./filtered-search";
import type { JobFilters } from "./filters";
import type { Lead } from "./lead";
import { isNear, nearMatchesSql } from "./near-search";
import { payAmountSql } from "./pay-amount";

/**
 * The matches facets are counted over, at most: the deepest window paging can reach, where a
 * count stops too, so below it the sample's own size is the search's total (totalOfSample).
 */
export const FACET_SAMPLE = TOTAL_COUNT_CAP;
const TOP_COMPANIES = 10;

/** The first FACET_SAMPLE matches in the search's order, from index entries only. */
export function sampleSql(
  tsquery: string | null,
  filters: JobFilters,
  snapshotId: number,
  lead: Lead,
): Prisma.Sql {
  const input = {
    tsquery,
    filters,
    sort: tsquery ? "relevance" : "date",
    limit: FACET_SAMPLE,
    offset: 0,
    lead,
  } as const;
  return isNear(filters)
    ? nearMatchesSql({ ...input, filters }, snapshotId, INDEXED_COLUMNS)
    : matchesSql(input, snapshotId, INDEXED_COLUMNS);
}

/** The sample's own rows (`m`) as amounts per currency: what salary statistics are read from. */
export const SAMPLE_SALARIES_SQL = Prisma.sql`(SELECT json_agg(x) FROM (SELECT salary_currency AS currency,
  ${Prisma.raw(payAmountSql())}::int AS amount FROM m WHERE salary_year_min IS NOT NULL) x)`;

/**
 * The facets' statement (the total is importedTotal's or the sample's own): also what
 * harness/bench/bench-search.ts explains. Matches come from index entries only; the ten top
 * companies' names are then read from one row each. `sharedCompanies`: the snapshot's company
 * keys that more than one name has (shared-keys.ts), whose matches are counted per name, so that
 * two companies never show as one.
 */
export function facetsSql(
  tsquery: string | null,
  filters: JobFilters,
  snapshotId: number,
  lead: Lead = "title",
  sharedCompanies: readonly number[] = [],
): Prisma.Sql {
  const matches = sampleSql(tsquery, filters, snapshotId, lead);
  // Near a point: matches by distance bucket (width_bucket's 0-based index is the bucket's).
  const distances = isNear(filters)
    ? Prisma.sql`, (SELECT json_agg(x) FROM (SELECT width_bucket(distance, ${BUCKET_BOUNDS.slice(1)}::float8[]) AS bucket,
        count(*)::int AS count FROM m GROUP BY 1) x) AS distances`
    : Prisma.empty;
  const group = (col: string) =>
    Prisma.raw(
      `(SELECT json_agg(x) FROM (SELECT ${col} AS value, count(*)::int AS count FROM m GROUP BY 1 ORDER BY 2 DESC, 1) x)`,
    );
  return Prisma.sql`WITH m AS MATERIALIZED (${matches}),
    ${topCompaniesSql(snapshotId, sharedCompanies)}
    SELECT ${group("country_code")} AS countries, ${group("combo")} AS combos,
      (SELECT json_agg(x ORDER BY x.count DESC, x.name) FROM (
        SELECT (SELECT j.company FROM jobs j WHERE j.snapshot_id = ${snapshotId} AND j.company_key = top.company_key
            AND (top.folded IS NULL OR lower(j.company) = top.folded)
            ORDER BY j.posted_at DESC, j.id LIMIT 1) AS name,
          top.count FROM top) x) AS companies,
      ${SAMPLE_SALARIES_SQL} AS salaries,
      (SELECT count(*)::int FROM m) AS n ${distances}`;
}

/**
 * The CTE `top`: the sample's top companies, each a key, a count and, for a key more than one
 * name has, the folded name (`folded`, else null). Keys are counted from the entries; a shared
 * key's matches are read as rows, to tell its names apart, only when its count reaches that of
 * the last unshared key among the top (below it, none of its names could place).
 */
function topCompaniesSql(snapshotId: number, shared: readonly number[]): Prisma.Sql {
  if (shared.length === 0)
    return Prisma.sql`top AS (SELECT company_key, NULL::text AS folded, count(*)::int AS count FROM m
      GROUP BY 1 ORDER BY 3 DESC, 1 LIMIT ${TOP_COMPANIES})`;
  // The sample's size is never known to the planner (it guesses one row), so nothing here may
  // join the sample with another set: it would loop over one for each row of the other. `= ANY`
  // of a parameter array is hashed; the keys worth reading are taken as one array, once, and
  // when there are none the sample is not read again at all (a one-time filter).
  return Prisma.sql`k AS MATERIALIZED (SELECT company_key, count(*)::int AS count,
        company_key = ANY(${shared}::int[]) AS shared
      FROM m GROUP BY 1),
    ks AS MATERIALIZED (SELECT ARRAY(SELECT company_key FROM k WHERE shared AND count >= coalesce(
      (SELECT count FROM k WHERE NOT shared ORDER BY count DESC LIMIT 1 OFFSET ${TOP_COMPANIES - 1}), 0)) AS keys),
    top AS (SELECT company_key, NULL::text AS folded, count FROM k WHERE NOT shared
      UNION ALL
      SELECT m.company_key, lower(j.company), count(*)::int FROM m
        JOIN jobs j ON j.snapshot_id = ${snapshotId} AND j.id = m.id
        WHERE cardinality((SELECT keys FROM ks)) > 0 AND m.company_key = ANY((SELECT keys FROM ks)::int[])
        GROUP BY 1, 2
      ORDER BY 3 DESC, 1, 2 LIMIT ${TOP_COMPANIES})`;
}
