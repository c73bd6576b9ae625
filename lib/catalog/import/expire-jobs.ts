// Jobs whose expires_at has passed leave the live snapshot without waiting for the next import.
// One transaction takes them (and expired copies) out, serves the best remaining copy of a group
// whose served job expired, corrects every count the snapshot keeps (jobs, per country, per
// combination, per title, per place), publishes the removals as a change set of the feed, and
// moves the live pointer's revision, so caches and replicas let go of the answers that held them.
//
// It runs under the import's advisory lock: the feed's order needs every published set's changes
// above those of the sets before it, and an import writes its changes as it loads. While an import
// runs, expiry waits; the import runs it itself right after its swap.
import type pg from "pg";
import { comboKey } from "../combos";
import { kmText } from "../geo-sql";
import { copiesName, partitionName } from "./activate";
import { EXPIRY_LOCK, IMPORT_LOCK } from "./import-lock";
import { JOB_TABLE_COLUMNS } from "./job-rows";
import { JOB_WORDS_SQL } from "./job-words-sql";
import { subtractTitleCounts } from "./titles";

export type Expiry = {
  snapshotId: number;
  /** Set when the VACUUM after the commit failed (what expired is out all the same). */
  vacuumError?: string;
  /** The live pointer's revision after this expiry. */
  revision: number;
  /** Served jobs taken out. */
  removed: number;
  /** Copies taken out (their groups' counts lowered). */
  copies: number;
  /** Copies served in place of their group's expired job. */
  promoted: number;
};

// A group's next served job when its own expires: the import's order (group-duplicates.ts).
const RANK =
  "c.first_seen_at ASC NULLS LAST, c.apply_url <> '' DESC, c.salary_min IS NOT NULL DESC, c.posted_at ASC, c.id ASC";

type Delta = {
  country: string;
  remote: string | null;
  type: string | null;
  seniority: string | null;
  title_id: number;
  n: number;
};

/**
 * Takes what expired by `now` (the database's clock unless given: tests) out of the live
 * snapshot, in one transaction on `client`. Null when nothing had expired, or when an import
 * holds the lock (`locked`: the caller holds it already).
 */
export async function expireJobs(
  client: pg.ClientBase,
  opts: { now?: Date; locked?: boolean } = {},
): Promise<Expiry | null> {
  await client.query("BEGIN");
  let out: Expiry | null;
  try {
    const now = (opts.now ?? (await client.query("SELECT now() AS t")).rows[0].t).toISOString();
    out = await expireInTransaction(client, now, opts.locked ?? false);
    await client.query(out ? "COMMIT" : "ROLLBACK");
  } catch (err) {
    await client.query("ROLLBACK").catch(() => {});
    throw err;
  }
  if (out) {
    // The pages the deleted rows leave, made visible to index-only scans again.
    try {
      await client.query("SET statement_timeout = 0");
      await client.query(`VACUUM ${partitionName(out.snapshotId)}`);
      if (out.copies + out.promoted > 0) await client.query(`VACUUM ${copiesName(out.snapshotId)}`);
    } catch (err) {
      out.vacuumError = (err as Error).message;
    } finally {
      await client.query("RESET statement_timeout").catch(() => {});
    }
  }
  return out;
}

async function expireInTransaction(
  client: pg.ClientBase,
  now: string,
  locked: boolean,
): Promise<Expiry | null> {
  const q = (sql: string, values: unknown[] = []) => client.query(sql, values);
  // Minutes at most, even for a day's worth of expiries in a large catalog.
  await q("SET LOCAL statement_timeout = '300s'");
  if (!locked) {
    const { rows } = await q("SELECT pg_try_advisory_xact_lock($1) AND pg_try_advisory_xact_lock($2) AS ok", [
      IMPORT_LOCK,
      EXPIRY_LOCK,
    ]);
    if (!rows[0]?.ok) return null;
  }
  // Serialises expiries of several instances: a second finds nothing left to do.
  const { rows: live } = await q("SELECT snapshot_id, revision FROM catalog_live WHERE id = 1 FOR UPDATE");
  const id: number | undefined = live[0]?.snapshot_id;
  if (id === undefined) return null;
  const t = partitionName(id);
  const c = copiesName(id);
  const { rows: due } = await q(
    `SELECT EXISTS (SELECT 1 FROM ${t} WHERE snapshot_id = $1 AND expires_at <= $2)
       OR EXISTS (SELECT 1 FROM ${c} WHERE snapshot_id = $1 AND expires_at <= $2) AS due`,
    [id, now],
  );
  if (!due[0]?.due) return null;

  await q(
    `CREATE TEMP TABLE exp_jobs ON COMMIT DROP AS WITH gone AS (
      DELETE FROM ${t} WHERE snapshot_id = $1 AND expires_at <= $2
      RETURNING id, title_id, country_code, remote, employment_type, seniority, city_key, latitude, first_seen_at)
    SELECT * FROM gone`,
    [id, now],
  );
  await q(
    `CREATE TEMP TABLE exp_copies ON COMMIT DROP AS WITH gone AS (
      DELETE FROM ${c} WHERE snapshot_id = $1 AND expires_at <= $2 RETURNING id, duplicate_of)
    SELECT * FROM gone`,
    [id, now],
  );
  const promoted = await promoteCopies(client, id, t, c);
  // The groups whose copies changed: their count of copies again.
  await q(
    `UPDATE ${t} j SET duplicates = (SELECT count(*) FROM ${c} x WHERE x.snapshot_id = $1 AND x.duplicate_of = j.id)
    WHERE j.snapshot_id = $1 AND j.id IN (SELECT duplicate_of FROM exp_copies UNION SELECT id FROM promoted)`,
    [id],
  );

  const { rows: deltas } = await q(
    `SELECT country_code AS country, remote::text AS remote,
      employment_type::text AS type, seniority::text AS seniority, title_id, sum(d)::int AS n FROM (
        SELECT country_code, remote, employment_type, seniority, title_id, -1 AS d FROM exp_jobs
        UNION ALL SELECT j.country_code, j.remote, j.employment_type, j.seniority, j.title_id, 1
        FROM ${t} j JOIN promoted p USING (id) WHERE j.snapshot_id = $1) x
    GROUP BY 1, 2, 3, 4, 5`,
    [id],
  );
  await correctCounts(client, id, deltas as Delta[]);
  await correctPlaces(client, id, t);
  const removed = (await q("SELECT count(*)::int AS n FROM exp_jobs")).rows[0].n as number;
  const copies = (await q("SELECT count(*)::int AS n FROM exp_copies")).rows[0].n as number;
  const revision = await publish(client, id, now, removed, promoted);
  return { snapshotId: id, revision, removed, copies, promoted };
}

/** In each group whose served job expired, its best copy left is served instead. */
async function promoteCopies(client: pg.ClientBase, id: number, t: string, c: string): Promise<number> {
  const q = (sql: string) => client.query(sql, [id]);
  await q(`CREATE TEMP TABLE promoted ON COMMIT DROP AS
    SELECT DISTINCT ON (c.duplicate_of) c.duplicate_of AS old, c.id, e.first_seen_at AS group_first
    FROM ${c} c JOIN exp_jobs e ON e.id = c.duplicate_of WHERE c.snapshot_id = $1
    ORDER BY c.duplicate_of, ${RANK}`);
  const columns = [...JOB_TABLE_COLUMNS, "duplicates"];
  // Copies keep no words: the served job gets them as the database makes them. It keeps its
  // group's first sighting.
  const picked = columns.map((k) =>
    k === "search"
      ? JOB_WORDS_SQL
      : k === "first_seen_at"
        ? "least(c.first_seen_at, p.group_first)"
        : k === "duplicates"
          ? "0"
          : `c.${k}`,
  );
  const { rowCount } = await q(`INSERT INTO ${t} (${columns.join(", ")})
    SELECT ${picked.join(", ")} FROM ${c} c JOIN promoted p ON p.id = c.id WHERE c.snapshot_id = $1`);
  await q(`DELETE FROM ${c} c USING promoted p WHERE c.snapshot_id = $1 AND c.id = p.id`);
  await q(
    `UPDATE ${c} c SET duplicate_of = p.id FROM promoted p WHERE c.snapshot_id = $1 AND c.duplicate_of = p.old`,
  );
  return rowCount ?? 0;
}

/** The snapshot's totals, per country and per combination of filters, and its titles' counts. */
async function correctCounts(client: pg.ClientBase, id: number, deltas: Delta[]): Promise<void> {
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
async function correctPlaces(client: pg.ClientBase, id: number, t: string): Promise<void> {
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
  // A city whose only jobs with a point are copies just served: its place, as the import makes
  // one (the most common point, the farthest job from it), not complete (its other jobs may
  // have no point).
  const km2 = kmText("p.latitude", "p.longitude", "g.latitude", "g.longitude");
  await client.query(
    `INSERT INTO job_places (snapshot_id, city_key, country_code, city, latitude, longitude, spread_km, jobs, complete)
     WITH p AS MATERIALIZED (
       SELECT j.city_key, j.country_code, j.latitude, j.longitude, min(j.city) AS city, count(*)::int AS n
       FROM ${t} j JOIN promoted USING (id)
       WHERE j.snapshot_id = $1 AND j.city_key IS NOT NULL AND j.latitude IS NOT NULL
         AND NOT EXISTS (SELECT 1 FROM job_places x WHERE x.snapshot_id = $1 AND x.city_key = j.city_key AND x.country_code = j.country_code)
       GROUP BY 1, 2, 3, 4),
     g AS (
       SELECT DISTINCT ON (city_key, country_code) city_key, country_code, latitude, longitude, city
       FROM p ORDER BY city_key, country_code, n DESC, latitude, longitude)
     SELECT $1, g.city_key, g.country_code, g.city, g.latitude, g.longitude, max(${km2}), sum(p.n), false
     FROM g JOIN p USING (city_key, country_code)
     GROUP BY g.city_key, g.country_code, g.city, g.latitude, g.longitude`,
    [id],
  );
}

/** The removals (and the copies served instead) as a change set, and the pointer's next revision. */
async function publish(
  client: pg.ClientBase,
  id: number,
  now: string,
  removed: number,
  promoted: number,
): Promise<number> {
  await client.query(
    `INSERT INTO job_changes (snapshot_id, job_id, kind, country_code)
     SELECT $1, id, 3, country_code FROM (SELECT id, country_code FROM exp_jobs ORDER BY id) r`,
    [id],
  );
  await client.query(
    `INSERT INTO job_changes (snapshot_id, job_id, kind, country_code)
     SELECT $1, j.id, 1, j.country_code FROM ${partitionName(id)} j JOIN promoted p USING (id)
     WHERE j.snapshot_id = $1 ORDER BY j.id`,
    [id],
  );
  const { rows } = await client.query(
    "UPDATE catalog_live SET revision = revision + 1, updated_at = now() WHERE id = 1 RETURNING revision",
  );
  const revision = rows[0].revision as number;
  // Its changes are the ones of this snapshot above every set published before.
  await client.query(
    `INSERT INTO job_change_sets (snapshot_id, revision, previous_snapshot_id, seen_at, first_seq, last_seq, added, changed, removed)
     SELECT $1, $2, $1, $3, coalesce(c.lo, t.top + 1), coalesce(c.hi, t.top), $4, 0, $5
     FROM (SELECT coalesce(max(last_seq), 0) AS top FROM job_change_sets) t,
       LATERAL (SELECT min(seq) AS lo, max(seq) AS hi FROM job_changes WHERE snapshot_id = $1 AND seq > t.top) c`,
    [id, revision, now, promoted, removed],
  );
  return revision;
}
