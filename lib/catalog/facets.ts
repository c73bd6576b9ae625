// GET /v1/jobs/facets: what a search's matches are made of (countries, employment types, work
// arrangements, seniority, top companies, salary histograms) in one statement. Counted over the
// first FACET_SAMPLE matches in the search's own order; `exact` says whether that was all of them.
// The total is the sample's own, unless the import's counts or (past the sample) the search's
// count know it.

import { rowsWithin } from "../core/db";
import { distanceHistogram } from "../places/buckets";
import { decodeCombo } from "./combos";
import type { CountryFilter } from "./countries";
import type { Facets } from "./facet-schemas";
import { FACET_SAMPLE, facetsSql } from "./facets-sql";
import type { JobFilters } from "./filters";
import { salaryHistogram } from "./histogram";
import { forWalkOrListing } from "./keywords/combo-listing";
import { walkDeadlineMs } from "./keywords/walk-by-bits";
import { type Lead, leadOf } from "./lead";
import { catalogDb, type LiveSnapshot, liveSnapshot } from "./live";
import { nearLead } from "./near-lead";
import { addsPlaceTitles, isNear } from "./near-search";
import { sharedCompanyKeys, withSharedCity } from "./shared-keys";
import { answerCache, countMatches, importedTotal, type Total, totalKey, totalOfSample } from "./totals";
import { titleToTsQuery } from "./tsquery";
import { matchesNothing } from "./word-counts";

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
  const shared = await sharedCompanyKeys(snapshotId);
  const byBits = tsquery ? filters : await forWalkOrListing(snapshotId, filters, FACET_SAMPLE);
  if (byBits.wordsByBits) {
    const sql = facetsSql(tsquery, byBits, snapshotId, lead, shared);
    const rows = await rowsWithin<Row>(walkDeadlineMs(byBits), sql);
    if (rows) return rows;
  }
  return catalogDb(snapshotId).$queryRaw<Row[]>(facetsSql(tsquery, filters, snapshotId, lead, shared));
}

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
