// What a live snapshot keeps about its jobs (totals per country and per combination of
// filters, titles' counts with their regions, places and their titles) against what its rows say.
import type pg from "pg";
import { regionsOf } from "@/lib/catalog/countries";

const liveId = async (client: pg.Client) =>
  (await client.query("SELECT snapshot_id AS id FROM catalog_live")).rows[0].id as number;
const nonZero = (o: Record<string, number>) =>
  Object.fromEntries(Object.entries(o).filter(([, n]) => n !== 0));

/** What the snapshot keeps: its totals, per country and combination, per title, per place and title. */
export async function keptCounts(client: pg.Client) {
  const id = await liveId(client);
  const s = (
    await client.query(
      "SELECT job_count, country_counts, combo_counts FROM catalog_snapshots WHERE id = $1",
      [id],
    )
  ).rows[0];
  const titles = await client.query("SELECT id, counts FROM job_titles WHERE snapshot_id = $1 ORDER BY id", [
    id,
  ]);
  const places = await client.query(
    "SELECT city_key, country_code, jobs FROM job_places WHERE snapshot_id = $1 AND jobs > 0 ORDER BY 1, 2",
    [id],
  );
  const placeTitles = await client.query(
    `SELECT city_key, country_code, title_id, jobs FROM job_place_titles WHERE snapshot_id = $1 AND jobs <> 0
     ORDER BY 1, 2, 3`,
    [id],
  );
  return {
    jobs: s.job_count,
    countries: nonZero(s.country_counts),
    combos: nonZero(s.combo_counts),
    titles: titles.rows.map((t) => [t.id, nonZero(t.counts)]).filter(([, c]) => Object.keys(c).length > 0),
    places: places.rows,
    placeTitles: placeTitles.rows,
  };
}

/** The same, counted from the served rows. */
export async function countedCounts(client: pg.Client) {
  const id = await liveId(client);
  const { rows } = await client.query(
    `SELECT country_code AS country, coalesce(remote::text, '-') AS r, coalesce(employment_type::text, '-') AS t,
       coalesce(seniority::text, '-') AS s, title_id, count(*)::int AS n
     FROM jobs WHERE snapshot_id = $1 GROUP BY 1, 2, 3, 4, 5`,
    [id],
  );
  const countries: Record<string, number> = {};
  const combos: Record<string, number> = {};
  const titles = new Map<number, Record<string, number>>();
  for (const r of rows) {
    countries[r.country] = (countries[r.country] ?? 0) + r.n;
    const key = [r.country, r.r, r.t, r.s].join("|");
    combos[key] = (combos[key] ?? 0) + r.n;
    const t = titles.get(r.title_id) ?? {};
    t["*"] = (t["*"] ?? 0) + r.n;
    for (const k of [r.country, ...regionsOf(r.country)]) t[k] = (t[k] ?? 0) + r.n;
    titles.set(r.title_id, t);
  }
  const places = await client.query(
    `SELECT city_key, country_code, count(latitude)::int AS jobs FROM jobs
     WHERE snapshot_id = $1 AND city_key IS NOT NULL GROUP BY 1, 2 HAVING count(latitude) > 0 ORDER BY 1, 2`,
    [id],
  );
  const placeTitles = await client.query(
    `SELECT city_key, country_code, title_id, count(*)::int AS jobs FROM jobs
     WHERE snapshot_id = $1 AND city_key IS NOT NULL AND latitude IS NOT NULL GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
    [id],
  );
  return {
    jobs: rows.reduce((a, r) => a + r.n, 0),
    countries,
    combos,
    titles: [...titles].sort((a, b) => a[0] - b[0]),
    places: places.rows,
    placeTitles: placeTitles.rows,
  };
}

/** Places whose spread falls short of their farthest job, or say complete while a job has no point. */
export async function placesOutOfBounds(client: pg.Client) {
  const { rows } = await client.query(
    `SELECT p.city_key, p.spread_km, p.complete, max(2 * 6371 * asin(sqrt(sin(radians(j.latitude - p.latitude) / 2) ^ 2
         + cos(radians(p.latitude)) * cos(radians(j.latitude)) * sin(radians(j.longitude - p.longitude) / 2) ^ 2))) AS far,
       bool_and(j.latitude IS NOT NULL) AS all_placed
     FROM job_places p JOIN jobs j ON j.snapshot_id = p.snapshot_id AND j.city_key = p.city_key AND j.country_code = p.country_code
     WHERE p.snapshot_id = $1 GROUP BY 1, 2, 3`,
    [await liveId(client)],
  );
  return rows.filter((r) => r.spread_km < (r.far ?? 0) - 0.001 || (r.complete && !r.all_placed));
}
