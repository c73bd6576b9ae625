// GET /v1/jobs/facets: what a search's matches are made of (countries, employment types, work
// arrangements, seniority, top companies, salary histograms) in one statement. Counted over the
// first FACET_SAMPLE matches in the search's own order; `exact` says whether that was all of them.
// The total is the sample's own, unless the import's counts or (past the sample) the search's
// count know it.

import { rowsWithin } from "../core/db";
import { Prisma } from "../generated/prisma/client";
import { BUCKET_BOUNDS, distanceHistogram } from "../places/buckets";
import { decodeCombo } from "./combos";
import type { CountryFilter } from "./countries";
import type { Facets } from "./facet-schemas";
import { INDEXED_COLUMNS, matchesSql, TOTAL_COUNT_CAP } from "./filtered-search";
import type { JobFilters } from "./filters";
import { salaryHistogram } from "./histogram";
import { forWalkOrListing } from "./keywords/combo-listing";
import { walkDeadlineMs } from "./keywords/walk-by-bits";
import { type Lead, leadOf } from "./lead";
import { catalogDb, type LiveSnapshot, liveSnapshot } from "./live";
import { nearLead } from "./near-lead";
import { addsPlaceTitles, isNear, nearMatchesSql } from "./near-search";
import { payAmountSql } from "./pay-amount";
import { withSharedCity } from "./shared-city-keys";
import { answerCache, countMatches, importedTotal, type Total, totalKey, totalOfSample } from "./totals";
import { titleToTsQuery } from "./tsquery";
import { matchesNothing } from "./word-counts";

/**
 * The matches facets are counted over, at most: the deepest window paging can reach, where a
 * count stops too, so below it the sample's own size is the search's total (totalOfSample).
 */
export const FACET_SAMPLE = TOTAL_COUNT_CAP;
const TOP_COMPANIES = 10;

type Row = {
  countries: Facets["countries"] | null;
  combos: { value: number; count: number }[] | null;
  companies: { name: string; count: number }[] | null;
  salaries: { currency: string; amount: number }[] | null;
  distances?: { bucket: number; count: number }[] | null;
  n: number;
};

const cache = answerCache<Facets>(2_000, (kept, total) => ({
  ...kept,
  meta: sampleMeta(kept.meta.counted, total),
}));

export async function jobFacets(input: {
  title?: string;
  filter?: CountryFilter;
  filters: JobFilters;
}): Promise<Facets> {
  const live = await liveSnapshot();
  const tsquery = input.title ? titleToTsQuery(input.title) : null;
  if (!live) return emptyFacets(input.filters);
  const filters = await withSharedCity(input.filters, live.id);
  const key = JSON.stringify([tsquery, filters]);
  const hit = cache.get(live.id, key);
  if (hit) return hit;
  if (await matchesNothing(live.id, filters)) return emptyFacets(filters);
  const lead = await sampleLead(live, filters, tsquery);
  const [rows, imported] = await Promise.all([
    sampleRows(live.id, tsquery, filters, lead),
    importedTotal(input, live, filters, tsquery, lead),
  ]);
  const r = rows[0];
  const { count, waitsFor } = await sampleTotal(input, live, filters, tsquery, lead, {
    imported,
    n: r?.n ?? 0,
  });
  const split = splitCombos(r?.combos ?? []);
  const out: Facets = {
    countries: r?.countries ?? [],
    employment_types: split.employmentType as Facets["employment_types"],
    remote: split.remote as Facets["remote"],
    seniority: split.seniority as Facets["seniority"],
    companies: r?.companies ?? [],
    salary_histograms: salaryHistogram(r?.salaries ?? []),
    ...(input.filters.near
      ? { distance: distanceHistogram(r?.distances ?? [], input.filters.near.radiusKm) }
      : {}),
    meta: sampleMeta(r?.n ?? 0, count),
  };
  cache.set(live.id, key, out, waitsFor);
  return out;
}

/**
 * A sample's total: the import's counts' (`imported`), else, for a full sample of a titled
 * search near a place, the search's own count, which adds up the places' counts of its titles
 * and so is exact past the sample (the total `/v1/jobs` gives); else the sample's own (`n`).
 * `waitsFor`: that count ran out of time and is being finished, so an answer kept now should
 * take its total (this totalKey) later.
 */
export async function sampleTotal(
  input: { filter?: CountryFilter },
  live: LiveSnapshot,
  filters: JobFilters,
  tsquery: string | null,
  lead: Lead,
  sampled: { imported: Total | null; n: number },
): Promise<{ count: Total; waitsFor: string | null }> {
  if (sampled.imported) return { count: sampled.imported, waitsFor: null };
  const key = totalKey(input, filters, tsquery);
  let waitsFor: string | null = null;
  if (sampled.n >= FACET_SAMPLE && addsPlaceTitles(filters, tsquery)) {
    const counted = await countMatches(input, live, filters, tsquery, lead);
    if (counted.total !== null && counted.totalExact)
      return { count: { total: counted.total, totalExact: true }, waitsFor: null };
    if (counted.total === null) waitsFor = key;
  }
  return { count: totalOfSample(live.id, key, sampled.n), waitsFor };
}

/**
 * The facets' row. Without a title the sample is a walk by date, where exact common-word bits may
 * decide q; such a walk gets a deadline by the entries it expects (the bits' shares may mislead it
 * about how far it must go), then the statement that may read the words' index runs instead.
 */
async function sampleRows(snapshotId: number, tsquery: string | null, filters: JobFilters, lead: Lead) {
  const byBits = tsquery ? filters : await forWalkOrListing(snapshotId, filters, FACET_SAMPLE);
  if (byBits.wordsByBits) {
    const rows = await rowsWithin<Row>(walkDeadlineMs(byBits), facetsSql(tsquery, byBits, snapshotId, lead));
    if (rows) return rows;
  }
  return catalogDb(snapshotId).$queryRaw<Row[]>(facetsSql(tsquery, filters, snapshotId, lead));
}

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
 * A sample's totals: `counted` its rows, `exact` whether they were every match. A sample of
 * FACET_SAMPLE cannot tell whether more matched, and says not, unless the import's counts do.
 */
export function sampleMeta(n: number, count: { total: number; totalExact: boolean }) {
  const sampled = n >= FACET_SAMPLE && !(count.totalExact && count.total <= FACET_SAMPLE);
  return { total: count.total, total_exact: count.totalExact, counted: n, exact: !sampled };
}

/** A search's lead: what its sample and count walk first. */
export function sampleLead(
  snapshot: LiveSnapshot,
  filters: JobFilters,
  tsquery: string | null,
): Promise<Lead> {
  return isNear(filters)
    ? nearLead(snapshot.id, filters, tsquery, tsquery ? "relevance" : "date")
    : leadOf(snapshot, filters, tsquery);
}

/**
 * The facets' statement (the total is importedTotal's or the sample's own): also what
 * harness/bench/bench-search.ts explains. Matches come from index entries only; the ten top
 * companies' names are then read from one row each.
 */
export function facetsSql(
  tsquery: string | null,
  filters: JobFilters,
  snapshotId: number,
  lead: Lead = "title",
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
    top AS (SELECT company_key, count(*)::int AS count FROM m GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT ${TOP_COMPANIES})
    SELECT ${group("country_code")} AS countries, ${group("combo")} AS combos,
      (SELECT json_agg(x ORDER BY x.count DESC, x.name) FROM (
        SELECT (SELECT j.company FROM jobs j WHERE j.snapshot_id = ${snapshotId} AND j.company_key = top.company_key ORDER BY j.posted_at DESC, j.id LIMIT 1) AS name,
          top.count FROM top) x) AS companies,
      ${SAMPLE_SALARIES_SQL} AS salaries,
      (SELECT count(*)::int FROM m) AS n ${distances}`;
}

/** Counts per combination code → counts per remote, employment type and seniority, largest first. */
function splitCombos(combos: { value: number; count: number }[]) {
  const keys = ["remote", "employmentType", "seniority"] as const;
  const tallies = Object.fromEntries(keys.map((k) => [k, new Map<string | null, number>()])) as Record<
    (typeof keys)[number],
    Map<string | null, number>
  >;
  for (const { value, count } of combos) {
    const d = decodeCombo(value);
    for (const k of keys) tallies[k].set(d[k], (tallies[k].get(d[k]) ?? 0) + count);
  }
  const sorted = (m: Map<string | null, number>) =>
    [...m]
      .map(([value, count]) => ({ value, count }))
      .sort((a, b) => b.count - a.count || String(a.value ?? "~").localeCompare(String(b.value ?? "~")));
  return {
    remote: sorted(tallies.remote),
    employmentType: sorted(tallies.employmentType),
    seniority: sorted(tallies.seniority),
  };
}

function emptyFacets(filters: JobFilters): Facets {
  return {
    countries: [],
    employment_types: [],
    remote: [],
    seniority: [],
    companies: [],
    salary_histograms: [],
    ...(filters.near ? { distance: distanceHistogram([], filters.near.radiusKm) } : {}),
    meta: { total: 0, total_exact: true, counted: 0, exact: true },
  };
}
