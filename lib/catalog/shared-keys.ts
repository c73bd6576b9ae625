// City keys are four-byte hashes of a city's name and country, so two names may share one. The
// import records the keys its snapshot's names share; a city filter on one of them rechecks the
// name on every row it reads, its count's included, where the key alone would count both cities.

import { Lru } from "../core/lru";
import { Prisma } from "../generated/prisma/client";
import type { JobFilters } from "./filters";
import { catalogDb } from "./live";

/** Per snapshot (written once, by its import, before it goes live): the shared keys. */
const known = new Lru<ReadonlySet<number>>(16);

async function sharedKeys(snapshotId: number): Promise<ReadonlySet<number>> {
  const key = String(snapshotId);
  const hit = known.get(key);
  if (hit !== undefined) return hit;
  const rows = await catalogDb(snapshotId).query<{ keys: number[] }>(
    Prisma.sql`SELECT shared_city_keys AS keys FROM catalog_snapshots WHERE id = ${snapshotId}`,
  );
  const value = new Set(rows[0]?.keys ?? []);
  known.set(key, value);
  return value;
}

/**
 * The filters with the city marked `shared` when another city name of its country has the same
 * key in snapshot `snapshotId` (filterSql then rechecks the name). A snapshot imported before
 * the keys were recorded has none, and trusts the key as before.
 */
export async function withSharedCity(filters: JobFilters, snapshotId: number): Promise<JobFilters> {
  const city = filters.city;
  if (!city) return filters;
  const shared = await sharedKeys(snapshotId);
  return shared.has(city.key) ? { ...filters, city: { ...city, shared: true } } : filters;
}
