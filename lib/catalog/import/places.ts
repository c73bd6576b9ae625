// The snapshot's places (job_places): one per city of its jobs with coordinates, with the most
// common point of its jobs and how far its farthest job lies from that point. A search near a
// point reads this small table first (lib/catalog/near-search.ts). Each place's jobs per title
// (job_place_titles) give a titled search's exact total. Built after the partition's
// indexes, before the swap; a failed import's rows go with its snapshot (ON DELETE CASCADE).
import type pg from "pg";
import { kmText } from "../geo-sql";
import { partitionName } from "./activate";

export async function buildPlaces(client: pg.PoolClient, snapshotId: number): Promise<number> {
  const { rowCount } = await client.query(insertPlacesSql(snapshotId));
  // In key order: a place's rows of titles then lie together, so reading them reads few pages.
  await client.query(
    `INSERT INTO job_place_titles (snapshot_id, city_key, country_code, title_id, jobs)
     SELECT ${snapshotId}, city_key, country_code, title_id, count(*)::int FROM ${partitionName(snapshotId)}
     WHERE city_key IS NOT NULL AND latitude IS NOT NULL GROUP BY city_key, country_code, title_id
     ORDER BY city_key, country_code, title_id`,
  );
  // Right for the pointer's revision at the swap (0); each expiry that corrects them moves it on.
  await client.query("UPDATE catalog_snapshots SET place_titles_revision = 0 WHERE id = $1", [snapshotId]);
  await client.query("ANALYZE job_places, job_place_titles");
  return rowCount ?? 0;
}

/**
 * The statement that writes the places of a snapshot's cities, or of those `only` (a condition
 * on the partition's rows) admits. One pass over their jobs, grouped by city and point (a
 * city's jobs share few points), then the small result: each city's most common point, and its
 * farthest point from that one. Over every city (no `only`), the same pass also records the
 * keys two names of one country share (catalog_snapshots.shared_city_keys), compared as a city
 * filter compares them.
 */
export function insertPlacesSql(snapshotId: number, only = "true"): string {
  const t = partitionName(snapshotId);
  const km = kmText("p.latitude", "p.longitude", "g.latitude", "g.longitude");
  const everyCity = only === "true";
  const shared = everyCity
    ? `, shared AS (
       UPDATE catalog_snapshots SET shared_city_keys = (
         SELECT coalesce(array_agg(DISTINCT city_key ORDER BY city_key), '{}') FROM (
           SELECT city_key FROM p GROUP BY city_key, country_code HAVING min(lo) <> max(hi)) x)
       WHERE id = ${snapshotId})`
    : "";
  // A data-modifying CTE must belong to the top-level statement: the WITH comes first.
  return `WITH p AS MATERIALIZED (
       SELECT city_key, country_code, latitude, longitude, min(city) AS city, count(*)::int AS n
         ${everyCity ? ", min(lower(city)) AS lo, max(lower(city)) AS hi" : ""}
       FROM ${t} WHERE city_key IS NOT NULL AND ${only} GROUP BY city_key, country_code, latitude, longitude
     )${shared},
     g AS (
       SELECT DISTINCT ON (city_key, country_code) city_key, country_code, latitude, longitude, city
       FROM p WHERE latitude IS NOT NULL
       ORDER BY city_key, country_code, n DESC, latitude, longitude
     )
     INSERT INTO job_places (snapshot_id, city_key, country_code, city, latitude, longitude, spread_km, jobs, complete)
     SELECT ${snapshotId}, g.city_key, g.country_code, g.city, g.latitude, g.longitude,
       coalesce(max(${km}), 0), coalesce(sum(p.n) FILTER (WHERE p.latitude IS NOT NULL), 0),
       bool_and(p.latitude IS NOT NULL)
     FROM g JOIN p USING (city_key, country_code)
     GROUP BY g.city_key, g.country_code, g.city, g.latitude, g.longitude`;
}
