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
import { copiesName, partitionName, vacuumPartition } from "./activate";
import { correctCounts, correctPlaces, correctPlaceTitles, type Delta } from "./expire-counts";
import { EXPIRY_LOCK, IMPORT_LOCK } from "./import-lock";
import { JOB_TABLE_COLUMNS } from "./job-rows";
import { JOB_WORDS_SQL } from "./job-words-sql";
import { servedFirstSql } from "./same-job-sql";
import { publishChanges } from "./seen";

export type Expiry = {
  snapshotId: number;
  /** Set when the VACUUM after the commit failed (what expired is out all the same). */
  vacuumError?: string;
  /** The transaction's time and the VACUUM's after it, in ms. */
  ms: { transaction: number; vacuum: number };
  /** The transaction's statements' times, in ms, by their first words. */
  steps: Record<string, number>;
  /** The live pointer's revision after this expiry. */
  revision: number;
  /** Served jobs taken out. */
  removed: number;
  /** Copies taken out (their groups' counts lowered). */
  copies: number;
  /** Copies served in place of their group's expired job. */
  promoted: number;
};

// A group's next served job when its own expires: the one the import would serve.
const RANK = servedFirstSql("c.");

/**
 * Takes what expired by `now` (the database's clock unless given: tests) out of the live
 * snapshot, in one transaction on `client`. Null when nothing had expired, or when an import
 * holds the lock (`locked`: the caller holds it already).
 */
export async function expireJobs(
  client: pg.ClientBase,
  opts: { now?: Date; locked?: boolean } = {},
): Promise<Expiry | null> {
  const started = performance.now();
  await client.query("BEGIN");
  let taken: Taken | null;
  try {
    const now = (opts.now ?? (await client.query("SELECT now() AS t")).rows[0].t).toISOString();
    taken = await expireInTransaction(client, now, opts.locked ?? false);
    await client.query(taken ? "COMMIT" : "ROLLBACK");
  } catch (err) {
    await client.query("ROLLBACK").catch(() => {});
    throw err;
  }
  if (!taken) return null;
  const transaction = Math.round(performance.now() - started);
  const vacuumStarted = performance.now();
  let vacuumError: string | undefined;
  // The pages the deleted rows leave, made visible to index-only scans again.
  try {
    await client.query("SET statement_timeout = 0");
    await vacuumPartition(client, taken.snapshotId);
    if (taken.copies + taken.promoted > 0) await client.query(`VACUUM ${copiesName(taken.snapshotId)}`);
  } catch (err) {
    vacuumError = (err as Error).message;
  } finally {
    await client.query("RESET statement_timeout").catch(() => {});
  }
  const ms = { transaction, vacuum: Math.round(performance.now() - vacuumStarted) };
  return { ...taken, ms, ...(vacuumError ? { vacuumError } : {}) };
}

type Taken = Omit<Expiry, "ms" | "vacuumError">;

async function expireInTransaction(
  client: pg.ClientBase,
  now: string,
  locked: boolean,
): Promise<Taken | null> {
  const steps: Record<string, number> = {};
  const q = async (sql: string, values: unknown[] = []) => {
    const started = performance.now();
    const res = await client.query(sql, values);
    const step = sql.trim().split(/\s+/).slice(0, 4).join(" ");
    steps[step] = Math.round((steps[step] ?? 0) + performance.now() - started);
    return res;
  };
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

  const { rowCount: removed } = await q(
    `CREATE TEMP TABLE exp_jobs ON COMMIT DROP AS WITH gone AS (
      DELETE FROM ${t} WHERE snapshot_id = $1 AND expires_at <= $2
      RETURNING id, title_id, country_code, remote, employment_type, seniority, city_key, latitude, first_seen_at)
    SELECT * FROM gone`,
    [id, now],
  );
  const { rowCount: copies } = await q(
    `CREATE TEMP TABLE exp_copies ON COMMIT DROP AS WITH gone AS (
      DELETE FROM ${c} WHERE snapshot_id = $1 AND expires_at <= $2 RETURNING id, duplicate_of)
    SELECT * FROM gone`,
    [id, now],
  );
  await q("ANALYZE exp_jobs, exp_copies");
  const promoted = await promoteCopies(q, id, t, c);
  // Groups still served by the same job lose their expired copies from its count (a group
  // served by a copy now was counted as it moved).
  await q(
    `UPDATE ${t} j SET duplicates = j.duplicates - g.n
    FROM (SELECT duplicate_of, count(*)::int AS n FROM exp_copies GROUP BY 1) g
    WHERE j.snapshot_id = $1 AND j.id = g.duplicate_of`,
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
  const revision = await publish(client, id, now, removed ?? 0, promoted);
  await correctPlaceTitles(client, id, t, revision);
  return { snapshotId: id, revision, removed: removed ?? 0, copies: copies ?? 0, promoted, steps };
}

/** In each group whose served job expired, its best copy left is served instead. */
async function promoteCopies(
  query: (sql: string, values: unknown[]) => Promise<pg.QueryResult>,
  id: number,
  t: string,
  c: string,
): Promise<number> {
  const q = (sql: string) => query(sql, [id]);
  // Each group's best copy left, and how many others it has (its count of copies once served).
  await q(`CREATE TEMP TABLE promoted ON COMMIT DROP AS
    SELECT DISTINCT ON (c.duplicate_of) c.duplicate_of AS old, c.id, e.first_seen_at AS group_first,
      count(*) OVER (PARTITION BY c.duplicate_of)::int - 1 AS others
    FROM ${c} c JOIN exp_jobs e ON e.id = c.duplicate_of WHERE c.snapshot_id = $1
    ORDER BY c.duplicate_of, ${RANK}`);
  await query("ANALYZE promoted", []);
  const columns = [...JOB_TABLE_COLUMNS, "duplicates"];
  // Copies keep no words: the served job gets them as the database makes them. It keeps its
  // group's first sighting.
  const picked = columns.map((k) =>
    k === "search"
      ? JOB_WORDS_SQL
      : k === "first_seen_at"
        ? "least(c.first_seen_at, p.group_first)"
        : k === "duplicates"
          ? "p.others"
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

/** The removals (and the copies served instead) as a change set, and the pointer's next revision. */
async function publish(
  client: pg.ClientBase,
  id: number,
  now: string,
  removed: number,
  promoted: number,
): Promise<number> {
  // An import killed before its swap left its changes (written as it loaded), under a snapshot
  // newer than the live one: below this set's, a reader would skip past them and past this set.
  await client.query("DELETE FROM job_changes WHERE snapshot_id > $1", [id]);
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
  await publishChanges(client, id, {
    previous: id,
    seenAt: now,
    added: promoted,
    changed: 0,
    removed,
    revision,
  });
  return revision;
}
