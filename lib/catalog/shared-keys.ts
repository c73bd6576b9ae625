// City and company keys are four-byte hashes of a name, so two names may share one. The import
// records the keys its snapshot's names share. A city filter on one of them rechecks the name on
// every row it reads, its count's included, where the key alone would count both cities; facets
// count a shared company key's jobs per name, where the key alone would merge two companies.

import { Lru } from "../core/lru";
import { Prisma } from "../generated/prisma/client";
import type { JobFilters } from "./filters";
import { catalogDb } from "./live";

type Shared = { cities: ReadonlySet<number>; companies: readonly number[] };

/** Per snapshot (written once, by its import, before it goes live): the shared keys. */
const known = new Lru<Shared>(16);

async function sharedKeys(snapshotId: number): Promise<Shared> {
  const key = String(snapshotId);
  const hit = known.get(key);
  if (hit !== undefined) return hit;
  // Read through the row's JSON, so that a column a migration has yet to add reads as none
  // instead of failing every search and facets request of a build deployed before it.
  const rows = await catalogDb(snapshotId).query<{ cities: number[] | null; companies: number[] | null }>(
    Prisma.sql`SELECT to_jsonb(s) -> 'shared_city_keys' AS cities, to_jsonb(s) -> 'shared_company_keys' AS companies
      FROM catalog_snapshots s WHERE id = ${snapshotId}`,
  );
  const value = { cities: new Set(rows[0]?.cities ?? []), companies: rows[0]?.companies ?? [] };
  known.set(key, value);
  return value;
}

/** Per snapshot, key and asked name: whether the key's one name in the snapshot is another. */
const otherName = new Lru<boolean>(5_000);

/**
 * Whether the jobs of `key` bear another name than the one asked: a name no job has can still
 * hash to a key another city's jobs hold (one row read; the import's record lists only keys its
 * own names share).
 */
async function keyNamesAnother(snapshotId: number, city: { name: string; key: number }): Promise<boolean> {
  const cacheKey = `${snapshotId}|${city.key}|${city.name.toLowerCase()}`;
  const hit = otherName.get(cacheKey);
  if (hit !== undefined) return hit;
  const rows = await catalogDb(snapshotId).query<{ other: boolean }>(
    Prisma.sql`SELECT lower(city) <> lower(${city.name}) AS other FROM jobs
      WHERE snapshot_id = ${snapshotId} AND city_key = ${city.key} LIMIT 1`,
  );
  const other = rows[0]?.other === true;
  otherName.set(cacheKey, other);
  return other;
}

/**
 * The filters with the city marked `shared` when another city name of its country has the same
 * key in snapshot `snapshotId`, or the key's jobs are another city's (filterSql then rechecks the
 * name). A snapshot imported before the keys were recorded has none, and trusts the key as before.
 */
export async function withSharedCity(filters: JobFilters, snapshotId: number): Promise<JobFilters> {
  const city = filters.city;
  if (!city) return filters;
  const { cities } = await sharedKeys(snapshotId);
  const shared = cities.has(city.key) || (await keyNamesAnother(snapshotId, city));
  return shared ? { ...filters, city: { ...city, shared: true } } : filters;
}

/** The company keys more than one company name has in snapshot `snapshotId`, in order. */
export async function sharedCompanyKeys(snapshotId: number): Promise<readonly number[]> {
  return (await sharedKeys(snapshotId)).companies;
}
