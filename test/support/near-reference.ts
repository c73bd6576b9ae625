// The plain SQL reference searches near a point are checked against: one haversine over every
// live job with coordinates, written apart from the code under test.
import type pg from "pg";

/** Every live job within `km` of the point (and `where`), nearest first, then newest. */
export async function jobsWithin(
  client: pg.Client,
  lat: number,
  lng: number,
  km: number,
  where = "true",
): Promise<{ id: string; d: number }[]> {
  const { rows } = await client.query<{ id: string; d: number }>(
    `SELECT id, d FROM (
       SELECT id, posted_at, 2 * 6371.0088 * asin(least(1, sqrt(power(sin(radians(latitude - $1) / 2), 2)
         + cos(radians($1)) * cos(radians(latitude)) * power(sin(radians(longitude - $2) / 2), 2)))) AS d
       FROM jobs WHERE snapshot_id = (SELECT snapshot_id FROM catalog_live) AND latitude IS NOT NULL AND ${where}
     ) x WHERE d <= $3 ORDER BY d, posted_at DESC, id`,
    [lat, lng, km],
  );
  return rows;
}
