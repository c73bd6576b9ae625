// Which walk a titled search near a point takes: the places' jobs, or the matching titles'
// entries in the places' countries (near-search.ts builds both).
import { Prisma } from "../generated/prisma/client";
import type { JobFilters, SortOrder } from "./filters";
import type { Lead } from "./lead";
import { catalogDb, snapshotCache } from "./live";
import { keepMatchingTitles } from "./matching-titles";
import type { NearFilter } from "./near";
import { addsPlaceTitles, placesCte } from "./near-search";

/**
 * What decides the walk of a titled search near a point (nearLead): whether every place is fast,
 * the places' jobs and all their countries' (the titles' counts hold jobs without a place too),
 * and the matching titles in tiers of equal rank, best first, with their jobs in those countries.
 */
export function nearLeadSql(
  f: JobFilters & { near: NearFilter },
  tsquery: string,
  snapshotId: number,
): Prisma.Sql {
  return Prisma.sql`WITH ${placesCte(f.near, f, snapshotId)},
    k AS (SELECT DISTINCT country_code FROM pl),
    tiers AS (
      SELECT ts_rank(t.search, to_tsquery('simple', ${tsquery}), 1) AS rank, count(DISTINCT t.id)::int AS titles,
        coalesce(sum((t.counts ->> k.country_code)::int), 0)::int AS jobs
      FROM job_titles t CROSS JOIN k
      WHERE t.snapshot_id = ${snapshotId} AND t.search @@ to_tsquery('simple', ${tsquery})
      GROUP BY 1
    )
    SELECT coalesce(bool_and(fast), true) AS fast, coalesce(sum(jobs), 0)::int AS place_jobs,
      (SELECT coalesce(sum((s.country_counts ->> k.country_code)::int), 0)::int FROM catalog_snapshots s, k
        WHERE s.id = ${snapshotId}) AS country_jobs,
      (SELECT coalesce(json_agg(json_build_object('titles', titles, 'jobs', jobs) ORDER BY rank DESC), '[]')
        FROM tiers) AS tiers
    FROM pl`;
}

/** Matching titles of one rank, and their jobs in the places' countries. */
export type TitleTier = { titles: number; jobs: number };
type Reach = { fast: boolean; place_jobs: number; country_jobs: number; tiers: TitleTier[] };

const reaches = snapshotCache<Reach>(5_000);
/** What starting one title's walk costs, in index entries read. */
const TITLE_PROBE = 10;

/**
 * Entries a walk of the titles by rank reads to fill `window` rows, when the places hold
 * `share` of their countries' jobs, spread alike over titles: each title of a tier reads its
 * entries until it has `window` rows there (about window / share entries) or runs out, and the
 * walk ends with the tier that fills the window. Every tier, when the sort does not go by rank.
 */
export function titleWalkEntries(tiers: readonly TitleTier[], share: number, window: number | null): number {
  const perTitle = share > 0 && window !== null ? window / share : Number.POSITIVE_INFINITY;
  let entries = 0;
  let found = 0;
  for (const t of tiers) {
    entries += t.titles * TITLE_PROBE + Math.min(t.jobs, t.titles * perTitle);
    found += t.jobs * share;
    if (window !== null && found >= window) break;
  }
  return entries;
}

/** What decides a titled search's walks near a point, read once per place, country and title. */
async function reachOf(
  snapshotId: number,
  f: JobFilters & { near: NearFilter },
  tsquery: string,
): Promise<Reach> {
  const key = JSON.stringify([f.near, f.country?.code ?? null, tsquery]);
  const known = reaches.get(snapshotId, key);
  if (known) return known;
  const rows = await catalogDb(snapshotId).query<Reach>(nearLeadSql(f, tsquery, snapshotId));
  const r = rows[0] ?? { fast: true, place_jobs: 0, country_jobs: 0, tiers: [] };
  reaches.set(snapshotId, key, r);
  return r;
}

/**
 * A titled search near a point walks the titles' entries when that reads fewer entries than
 * the places' jobs (and every place is fast); otherwise, and for every other search, the
 * places' ("filter": the places lead, like a narrow filter). `count` is the lead of a count,
 * facets, a date order or a search with other filters: every title's entries read. `page` is
 * that of a page of `window` rows: by relevance with no other filter, it reads the titles best
 * first and stops with the tier that fills it.
 */
export async function nearLeads(
  snapshotId: number,
  f: JobFilters & { near: NearFilter },
  tsquery: string | null,
  sort: SortOrder,
  window: number,
): Promise<{ count: Lead; page: Lead }> {
  if (!tsquery) return { count: "filter", page: "filter" };
  // Read alongside, once per snapshot: the page, the count and the facets built next take the
  // titles from them.
  const keeping = keepMatchingTitles(snapshotId, tsquery);
  if (sort !== "relevance" && sort !== "date") {
    await keeping;
    return { count: "filter", page: "filter" };
  }
  const [r] = await Promise.all([reachOf(snapshotId, f, tsquery), keeping]);
  const share = r.country_jobs > 0 ? Math.min(1, r.place_jobs / r.country_jobs) : 1;
  const lead = (w: number | null): Lead =>
    r.fast && titleWalkEntries(r.tiers, share, w) < r.place_jobs ? "title" : "filter";
  // By rank with no other filter: the searches whose count adds up the places' titles.
  const byRank = sort === "relevance" && addsPlaceTitles(f, tsquery);
  const count = lead(null);
  return { count, page: byRank ? lead(window) : count };
}

/** One of nearLeads': the page's when given its `window`, else the count's. */
export async function nearLead(
  snapshotId: number,
  f: JobFilters & { near: NearFilter },
  tsquery: string | null,
  sort: SortOrder,
  window?: number,
): Promise<Lead> {
  const leads = await nearLeads(snapshotId, f, tsquery, sort, window ?? 0);
  return window === undefined ? leads.count : leads.page;
}
