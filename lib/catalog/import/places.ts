// The snapshot's places (job_places): one per city of its jobs with coordinates, with the most
// common point of its jobs and how far its farthest job lies from that point. A search near a
// point reads this small table first (lib/catalog/near-search.ts). Each place's jobs per title
// (job_place_titles) give a titled search's exact total. Built after the partition's
// indexes, before the swap; a failed import's rows go with its snapshot (ON DELETE CASCADE).
import type pg from "pg";
import { kmText } from "../geo-sql";
import { partitionName } from "./activate";

export async function buildPlaces(client: pg.PoolClient, snapshotId: number): Promise<number> {
  // One pass over the jobs, kept: the places and the shared city keys are both read from it.
  await client.query("DROP TABLE IF EXISTS pg_temp.place_groups");
  await client.query(`CREATE TEMP TABLE place_groups AS ${placeGroupsSql(snapshotId, "true")}`);
  const { rowCount } = await client.query(insertPlacesSql(snapshotId, { groups: "pg_temp.place_groups" }));
  await client.query(sharedCityKeysSql(snapshotId));
  await client.query("DROP TABLE pg_temp.place_groups");
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
 * The jobs of the snapshot's cities (or of those `only`, a condition on the partition's rows,
 * admits) grouped by city, point and name as written: a city's jobs share few points and
 * spellings.
 */
function placeGroupsSql(snapshotId: number, only: string): string {
  return `SELECT city_key, country_code, latitude, longitude, city, count(*)::int AS n
    FROM ${partitionName(snapshotId)} WHERE city_key IS NOT NULL AND ${only}
    GROUP BY city_key, country_code, latitude, longitude, city`;
}

/**
 * Records the keys two names of one country share (catalog_snapshots.shared_city_keys), from
 * place_groups: its names compared as a city filter compares them, each spelling once.
 */
function sharedCityKeysSql(snapshotId: number): string {
  return `UPDATE catalog_snapshots SET shared_city_keys = (
      SELECT coalesce(array_agg(DISTINCT city_key ORDER BY city_key), '{}') FROM (
        SELECT city_key FROM pg_temp.place_groups GROUP BY city_key, country_code
        HAVING count(DISTINCT lower(city)) > 1) k)
    WHERE id = ${snapshotId}`;
}

/**
 * The statement that writes the places of a snapshot's cities from their groups: a table of
 * placeGroupsSql's rows (`groups`), or those read from the jobs `only` (a condition on the
 * partition's rows) admits. Each city's most common point, and its farthest point from that one.
 */
export function insertPlacesSql(snapshotId: number, from: { groups: string } | { only: string }): string {
  const groups = "groups" in from ? from.groups : `(${placeGroupsSql(snapshotId, from.only)}) x`;
  const km = kmText("p.latitude", "p.longitude", "g.latitude", "g.longitude");
  return `INSERT INTO job_places (snapshot_id, city_key, country_code, city, latitude, longitude, spread_km, jobs, complete)
     WITH p AS MATERIALIZED (
       SELECT city_key, country_code, latitude, longitude, min(city) AS city, sum(n)::int AS n
       FROM ${groups} GROUP BY city_key, country_code, latitude, longitude
     ),
     g AS (
       SELECT DISTINCT ON (city_key, country_code) city_key, country_code, latitude, longitude, city
       FROM p WHERE latitude IS NOT NULL
       ORDER BY city_key, country_code, n DESC, latitude, longitude
     )
     SELECT ${snapshotId}, g.city_key, g.country_code, g.city, g.latitude, g.longitude,
       coalesce(max(${km}), 0), coalesce(sum(p.n) FILTER (WHERE p.latitude IS NOT NULL), 0),
       bool_and(p.latitude IS NOT NULL)
     FROM g JOIN p USING (city_key, country_code)
     GROUP BY g.city_key, g.country_code, g.city, g.latitude, g.longitude`;
}
