// The snapshot's places (job_places): one per city of its jobs with coordinates, with the most
// common point of its jobs and how far its farthest job lies from that point. A search near a
// point reads this small table first (lib/catalog/near-search.ts). Built after the partition's
// indexes, before the swap; a failed import's rows go with its snapshot (ON DELETE CASCADE).
import type pg from "pg";
import { kmText } from "../geo-sql";
import { partitionName } from "./activate";

export async function buildPlaces(client: pg.PoolClient, snapshotId: number): Promise<number> {
  const t = partitionName(snapshotId);
  const km = kmText("j.latitude", "j.longitude", "g.latitude", "g.longitude");
  const { rowCount } = await client.query(
    `INSERT INTO job_places (snapshot_id, city_key, country_code, city, latitude, longitude, spread_km, jobs, complete)
     WITH g0 AS (
       SELECT city_key, country_code, min(city) AS city, count(*)::int AS jobs,
         mode() WITHIN GROUP (ORDER BY ARRAY[latitude, longitude]) AS point
       FROM ${t} WHERE city_key IS NOT NULL AND latitude IS NOT NULL
       GROUP BY city_key, country_code
     ),
     -- Complete: no job of the city lacks coordinates (counted over every job of the city).
     c AS (
       SELECT city_key, country_code, count(*)::int AS all_jobs FROM ${t}
       WHERE city_key IS NOT NULL GROUP BY city_key, country_code
     ),
     g AS (
       SELECT g0.*, g0.point[1] AS latitude, g0.point[2] AS longitude, g0.jobs = c.all_jobs AS whole
       FROM g0 JOIN c USING (city_key, country_code)
     )
     SELECT ${snapshotId}, g.city_key, g.country_code, g.city, g.latitude, g.longitude,
       coalesce(max(${km}), 0), g.jobs, g.whole
     FROM g JOIN ${t} j ON j.city_key = g.city_key AND j.country_code = g.country_code AND j.latitude IS NOT NULL
     GROUP BY g.city_key, g.country_code, g.city, g.latitude, g.longitude, g.jobs, g.whole`,
  );
  await client.query("ANALYZE job_places");
  return rowCount ?? 0;
}
