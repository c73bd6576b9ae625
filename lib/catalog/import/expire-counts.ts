// What a snapshot keeps about its jobs, corrected as expired jobs leave it (expire-jobs.ts):
// its totals per country and per combination of filters, its titles' counts, its places. Read
// in its transaction, from its temporary tables: exp_jobs (the jobs taken out) and promoted
// (the copies served instead).
import type pg from "pg";
import { comboKey } from "../combos";
import { kmText } from "../geo-sql";
import { insertPlacesSql } from "./places";
import { subtractTitleCounts } from "./titles";

/** Jobs gained (copies served instead) less jobs lost, per country, filters and title. */
export type Delta = {
  country: string;
  remote: string | null;
  type: string | null;
  seniority: string | null;
  title_id: number;
  n: number;
};

/** The snapshot's totals, per country and per combination of filters, and its titles' counts. */
export async function correctCounts(client: pg.ClientBase, id: number, deltas: Delta[]): Promise<void> {
  const { rows } = await client.query(
    "SELECT job_count, country_counts, combo_counts FROM catalog_snapshots WHERE id = $1 FOR UPDATE",
    [id],
  );
  const snap = rows[0];
  if (!snap) return;
  const countries: Record<string, number> = snap.country_counts ?? {};
  const combos: Record<string, number> = snap.combo_counts ?? {};
  let jobs = snap.job_count as number;
  for (const d of deltas) {
    jobs += d.n;
    countries[d.country] = (countries[d.country] ?? 0) + d.n;
    const key = comboKey(d.country, d.remote, d.type, d.seniority);
    combos[key] = (combos[key] ?? 0) + d.n;
  }
  await client.query(
    "UPDATE catalog_snapshots SET job_count = $2, country_counts = $3, combo_counts = $4 WHERE id = $1",
    [id, jobs, JSON.stringify(countries), JSON.stringify(combos)],
  );
  await subtractTitleCounts(
    client,
    id,
    deltas.map((d) => ({ titleId: d.title_id, country: d.country, n: -d.n })),
  );
}

/**
 * Each place's count of jobs with coordinates. A place's spread stays a bound when jobs leave it;
 * a copy served in their place may lie farther out (the spread grows) or have no point (the
 * place is no longer complete), or be the first job of its city with a point.
 */
export async function correctPlaces(client: pg.ClientBase, id: number, t: string): Promise<void> {
  await client.query(
    `UPDATE job_places p SET jobs = p.jobs - g.n FROM (
       SELECT city_key, country_code, count(*)::int AS n FROM exp_jobs
       WHERE city_key IS NOT NULL AND latitude IS NOT NULL GROUP BY 1, 2) g
     WHERE p.snapshot_id = $1 AND p.city_key = g.city_key AND p.country_code = g.country_code`,
    [id],
  );
  // Per place first: one UPDATE applies one joined row to each place it changes.
  const km = kmText("j.latitude", "j.longitude", "p.latitude", "p.longitude");
  await client.query(
    `UPDATE job_places p SET jobs = p.jobs + a.n, spread_km = greatest(p.spread_km, a.far),
       complete = p.complete AND a.complete
     FROM (
       SELECT p.city_key, p.country_code, count(j.latitude)::int AS n,
         coalesce(max(${km}), 0) AS far, bool_and(j.latitude IS NOT NULL) AS complete
       FROM ${t} j JOIN promoted USING (id)
       JOIN job_places p ON p.snapshot_id = $1 AND p.city_key = j.city_key AND p.country_code = j.country_code
       WHERE j.snapshot_id = $1 GROUP BY 1, 2) a
     WHERE p.snapshot_id = $1 AND p.city_key = a.city_key AND p.country_code = a.country_code`,
    [id],
  );
  // A city whose only jobs with a point are copies just served: its place, made as the import
  // makes places (its jobs are few: none of the others has a point).
  await client.query(
    insertPlacesSql(id, {
      only: `(city_key, country_code) IN (SELECT j.city_key, j.country_code FROM ${t} j JOIN promoted USING (id)
        WHERE j.snapshot_id = ${id} AND j.latitude IS NOT NULL AND NOT EXISTS (SELECT 1 FROM job_places x
          WHERE x.snapshot_id = ${id} AND x.city_key = j.city_key AND x.country_code = j.country_code))`,
    }),
  );
}

/**
 * Each place's jobs per title, for the pointer's next revision `revision`: only when they were
 * right for the one before (an expiry by a build that does not keep them leaves them behind, and
 * a snapshot imported before them has none), so a total is never taken from stale counts.
 */
export async function correctPlaceTitles(client: pg.ClientBase, id: number, t: string, revision: number) {
  const { rowCount } = await client.query(
    "UPDATE catalog_snapshots SET place_titles_revision = $2 WHERE id = $1 AND place_titles_revision = $2 - 1",
    [id, revision],
  );
  if (!rowCount) return;
  await client.query(
    `UPDATE job_place_titles p SET jobs = p.jobs - g.n FROM (
       SELECT city_key, country_code, title_id, count(*)::int AS n FROM exp_jobs
       WHERE city_key IS NOT NULL AND latitude IS NOT NULL GROUP BY 1, 2, 3) g
     WHERE p.snapshot_id = $1 AND p.city_key = g.city_key AND p.country_code = g.country_code
       AND p.title_id = g.title_id`,
    [id],
  );
  await client.query(
    `INSERT INTO job_place_titles (snapshot_id, city_key, country_code, title_id, jobs)
     SELECT $1, j.city_key, j.country_code, j.title_id, count(*)::int FROM ${t} j JOIN promoted USING (id)
     WHERE j.snapshot_id = $1 AND j.city_key IS NOT NULL AND j.latitude IS NOT NULL GROUP BY 2, 3, 4
     ON CONFLICT (snapshot_id, city_key, country_code, title_id)
     DO UPDATE SET jobs = job_place_titles.jobs + excluded.jobs`,
    [id],
  );
}
