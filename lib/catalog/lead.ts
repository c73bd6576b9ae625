// Which index a search with a title and filters walks. By default each matching title's own
// entries (the page is complete after a few of them); but a broad title ("engineer") at one
// company walks every engineer job to find a handful. So:
// - "filter": a filter is narrow (a company, a city or a mix of type and seniority with at most
//   NARROW_JOBS jobs): its index leads and the title is checked on its entries;
// - "order": sorted by date or salary, and the title is broad (its titles × their jobs exceed
//   the jobs in scope: probing hundreds of titles costs more than walking the scope in order
//   until the page is full): the listing or salary index leads, the title checked per entry;
// - "title": otherwise, each matching title's entries.
import { Prisma } from "../generated/prisma/client";
import { comboCodes, comboTotal } from "./combos";
import { hasRowFilters, type JobFilters, type SortOrder } from "./filters";
import { catalogDb, type LiveSnapshot, snapshotCache } from "./live";
import { keepMatchingTitles } from "./matching-titles";

export type Lead = "title" | "filter" | "order";

/** A filter with at most this many jobs leads a titled search. */
export const NARROW_JOBS = 20_000;

/** How many jobs a company or a city has, counted no further than NARROW_JOBS + 1. */
export function keyCountSql(snapshotId: number, column: "company_key" | "city_key", key: number): Prisma.Sql {
  return Prisma.sql`SELECT count(*)::int AS n FROM (
    SELECT 1 FROM jobs WHERE snapshot_id = ${snapshotId} AND ${Prisma.raw(column)} = ${key} LIMIT ${NARROW_JOBS + 1}) x`;
}

// Snapshots never change once live: a count is good for the snapshot's life.
const counts = snapshotCache<number>(20_000);

async function keyCount(snapshotId: number, column: "company_key" | "city_key", key: number) {
  const k = `${column}:${key}`;
  const hit = counts.get(snapshotId, k);
  if (hit !== undefined) return hit;
  const rows = await catalogDb(snapshotId).query<{ n: number }>(keyCountSql(snapshotId, column, key));
  const n = rows[0]?.n ?? 0;
  counts.set(snapshotId, k, n);
  return n;
}

/** How many titles match a title query, and how many jobs they have in scope (`key`: a country, a region or "*"). */
export function titleStatsSql(snapshotId: number, tsquery: string, key: string): Prisma.Sql {
  return Prisma.sql`SELECT count(*)::int AS titles, coalesce(sum((counts ->> ${key})::int), 0)::int AS jobs
    FROM job_titles WHERE snapshot_id = ${snapshotId} AND search @@ to_tsquery('simple', ${tsquery})`;
}

const stats = snapshotCache<{ titles: number; jobs: number }>(5_000);

/** How many titles match a title query, and their jobs in scope (`key` as in titleStatsSql); cached per snapshot. */
export async function titleStats(snapshotId: number, tsquery: string, key: string) {
  const k = `${tsquery}\u0000${key}`;
  const hit = stats.get(snapshotId, k);
  if (hit) return hit;
  const rows = await catalogDb(snapshotId).query<{ titles: number; jobs: number }>(
    titleStatsSql(snapshotId, tsquery, key),
  );
  const value = rows[0] ?? { titles: 0, jobs: 0 };
  stats.set(snapshotId, k, value);
  return value;
}

/** The statements deciding the lead when nothing is cached (what harness/bench/bench-search.ts times). */
export function leadProbes(snapshotId: number, f: JobFilters, tsquery: string | null): Prisma.Sql[] {
  if (!tsquery) return [];
  return [
    ...(f.company ? [keyCountSql(snapshotId, "company_key", f.company.key)] : []),
    ...(f.city ? [keyCountSql(snapshotId, "city_key", f.city.key)] : []),
    titleStatsSql(snapshotId, tsquery, f.country?.code ?? "*"),
  ];
}

export async function leadOf(
  live: Pick<LiveSnapshot, "id" | "countryCounts">,
  f: JobFilters,
  tsquery: string | null,
  sort: SortOrder = "relevance",
): Promise<Lead> {
  if (!tsquery) return "title";
  // Read alongside, once per snapshot: the page and the count built next take the titles from
  // them. Not for a title alone by relevance: its statements read the titles with their counts.
  const keeping = hasRowFilters(f) || sort !== "relevance" ? keepMatchingTitles(live.id, tsquery) : undefined;
  const [lead] = await Promise.all([walkOf(live, f, tsquery, sort), keeping]);
  return lead;
}

async function walkOf(
  live: Pick<LiveSnapshot, "id" | "countryCounts">,
  f: JobFilters,
  tsquery: string,
  sort: SortOrder,
): Promise<Lead> {
  const id = live.id;
  if (comboCodes(f) && (await comboTotal(id, f)) <= NARROW_JOBS) return "filter";
  if (f.company && (await keyCount(id, "company_key", f.company.key)) <= NARROW_JOBS) return "filter";
  if (f.city && (await keyCount(id, "city_key", f.city.key)) <= NARROW_JOBS) return "filter";
  if (sort === "relevance") return "title";
  const { titles, jobs } = await titleStats(id, tsquery, f.country?.code ?? "*");
  const countries = f.country?.countries ?? Object.keys(live.countryCounts);
  const scope = countries.reduce((sum, c) => sum + (live.countryCounts[c] ?? 0), 0);
  return titles * jobs > scope ? "order" : "title";
}
