// GET /v1/jobs/facets: what a search's matches are made of (countries, employment types, work
// arrangements, seniority, top companies, salary histograms) in one statement. Counted over the
// first FACET_SAMPLE matches in the search's own order; `exact` says whether that was all of them.
import { db } from "../db";
import { Prisma } from "../generated/prisma/client";
import type { CountryFilter } from "./countries";
import { filteredPageSql } from "./filtered-search";
import type { JobFilters } from "./filters";
import { salaryHistogram } from "./histogram";
import { liveSnapshot, snapshotCache } from "./live";
import type { Facets } from "./schemas";
import { countMatches } from "./search";
import { titleToTsQuery } from "./tsquery";

/** The matches facets are counted over, at most: the deepest window paging can reach. */
export const FACET_SAMPLE = 10_000;
const TOP_COMPANIES = 10;

type Row = {
  countries: Facets["countries"] | null;
  employment_types: Facets["employment_types"] | null;
  remote: Facets["remote"] | null;
  seniority: Facets["seniority"] | null;
  companies: { name: string; count: number }[] | null;
  salaries: { currency: string; amount: number }[] | null;
  n: number;
};

const cache = snapshotCache<Facets>(2_000);

export async function jobFacets(input: {
  title?: string;
  filter?: CountryFilter;
  filters: JobFilters;
}): Promise<Facets> {
  const live = await liveSnapshot();
  const tsquery = input.title ? titleToTsQuery(input.title) : null;
  if (!live) return emptyFacets();
  const key = JSON.stringify([tsquery, input.filters]);
  const hit = cache.get(live.id, key);
  if (hit) return hit;
  const page = filteredPageSql(
    { tsquery, filters: input.filters, sort: tsquery ? "relevance" : "date", limit: FACET_SAMPLE, offset: 0 },
    live.id,
    Prisma.sql`country_code, employment_type, remote, seniority, company, salary_currency, salary_year_min, salary_year_max`,
  );
  const group = (col: string) =>
    Prisma.raw(
      `(SELECT json_agg(x) FROM (SELECT ${col} AS value, count(*)::int AS count FROM m GROUP BY 1 ORDER BY 2 DESC, 1) x)`,
    );
  const sql = Prisma.sql`WITH m AS MATERIALIZED (${page})
    SELECT ${group("country_code")} AS countries, ${group("employment_type")} AS employment_types,
      ${group("remote")} AS remote, ${group("seniority")} AS seniority,
      (SELECT json_agg(x) FROM (SELECT min(company) AS name, count(*)::int AS count FROM m
        GROUP BY lower(company) ORDER BY 2 DESC, 1 LIMIT ${TOP_COMPANIES}) x) AS companies,
      (SELECT json_agg(x) FROM (SELECT salary_currency AS currency,
        ((salary_year_min::bigint + salary_year_max::bigint) / 2)::int AS amount
        FROM m WHERE salary_year_min IS NOT NULL) x) AS salaries,
      (SELECT count(*)::int FROM m) AS n`;
  const [rows, count] = await Promise.all([
    db().$queryRaw<Row[]>(sql),
    countMatches(input, live, input.filters, tsquery),
  ]);
  const r = rows[0];
  const sampled = (r?.n ?? 0) >= FACET_SAMPLE && !(count.totalExact && count.total <= FACET_SAMPLE);
  const out: Facets = {
    countries: r?.countries ?? [],
    employment_types: r?.employment_types ?? [],
    remote: r?.remote ?? [],
    seniority: r?.seniority ?? [],
    companies: r?.companies ?? [],
    salary_histograms: salaryHistogram(r?.salaries ?? []),
    meta: { total: count.total, total_exact: count.totalExact, counted: r?.n ?? 0, exact: !sampled },
  };
  cache.set(live.id, key, out);
  return out;
}

function emptyFacets(): Facets {
  return {
    countries: [],
    employment_types: [],
    remote: [],
    seniority: [],
    companies: [],
    salary_histograms: [],
    meta: { total: 0, total_exact: true, counted: 0, exact: true },
  };
}
