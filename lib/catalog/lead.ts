// Which index a search with a title and filters walks. By default each matching title's own
// entries (the page is complete after a few of them); but a broad title ("engineer") at one
// company walks every engineer job to find a handful. When a filter is narrow (a company, a
// city or a mix of type and seniority with at most NARROW_JOBS jobs), that filter's index
// leads instead and the title is checked on its entries: at most NARROW_JOBS index entries.
import { Prisma } from "../generated/prisma/client";
import { comboCodes, comboTotal } from "./combos";
import type { JobFilters } from "./filters";
import { catalogDb, snapshotCache } from "./live";

export type Lead = "title" | "filter";

/** A filter with at most this many jobs leads a titled search. */
export const NARROW_JOBS = 20_000;

/** How many jobs a company or a city has, counted no further than NARROW_JOBS + 1. */
export function keyCountSql(snapshotId: number, column: "company_key" | "city_key", key: number): Prisma.Sql {
  return Prisma.sql`SELECT count(*)::int AS n FROM (
    SELECT 1 FROM jobs WHERE snapshot_id = ${snapshotId} AND ${Prisma.raw(column)} = ${key} LIMIT ${NARROW_JOBS + 1}) x`;
}

/** The statements deciding the lead when nothing is cached (what scripts/bench-search.ts times). */
export function leadProbes(snapshotId: number, f: JobFilters): Prisma.Sql[] {
  return [
    ...(f.company ? [keyCountSql(snapshotId, "company_key", f.company.key)] : []),
    ...(f.city ? [keyCountSql(snapshotId, "city_key", f.city.key)] : []),
  ];
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

/** "filter" when some filter other than the title has at most NARROW_JOBS jobs. */
export async function leadOf(snapshotId: number, f: JobFilters, tsquery: string | null): Promise<Lead> {
  if (!tsquery) return "title";
  if (comboCodes(f) && (await comboTotal(snapshotId, f)) <= NARROW_JOBS) return "filter";
  if (f.company && (await keyCount(snapshotId, "company_key", f.company.key)) <= NARROW_JOBS) return "filter";
  if (f.city && (await keyCount(snapshotId, "city_key", f.city.key)) <= NARROW_JOBS) return "filter";
  return "title";
}
