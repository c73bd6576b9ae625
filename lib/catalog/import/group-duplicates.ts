// One row per real job. After the load and before the indexes, the import groups postings of the
// same title and place whose descriptions are near-identical (sketch.ts), keeps each group's
// canonical job in the partition and moves the others to job_copies. All in SQL on the new
// partition, so memory stays the database's, whatever the catalog's size.
import type pg from "pg";
import { comboKey } from "../combos";
import { copiesName, partitionName } from "./activate";
import { writeGroupLabels } from "./group-labels";
import { JOB_TABLE_COLUMNS } from "./job-rows";
import { filledSql, sameJobSql, servedFirstSql } from "./same-job-sql";
import { BAND, BANDS } from "./sketch";

/** What grouping found, and what the load's counts must lose (copies are not served). */
export type Grouping = {
  groups: number;
  copies: number;
  /** Per country, remote, employment type and seniority: the copies (comboKey's parts). */
  copiesByCombo: {
    country: string;
    remote: string | null;
    type: string | null;
    seniority: string | null;
    n: number;
  }[];
  /** Feed entries of this import that named copies (kind 1 added, 2 changed), now dropped. */
  unlisted: { added: number; changed: number };
  /** Jobs new by id whose group the snapshot before already held: they keep its first sighting. */
  reposted: number;
  /** Milliseconds per kind of statement. */
  steps: Record<string, number>;
};

/** A bucket of candidates this big or smaller gives all its pairs. */
const ALL_PAIRS_UP_TO = 16;
// Which job of a group is served, on the work table's link and pay columns.
const RANK = servedFirstSql("", "link", "pay");

export async function groupDuplicates(
  client: pg.PoolClient,
  snapshotId: number,
  /** The snapshot before, and this import's time: a repost keeps its group's first sighting. */
  before: { id: number; now: string } | null,
): Promise<Grouping> {
  // Hash joins and aggregates over a million rows: in memory, not spilled in 4 MB pieces.
  await client.query(`SET work_mem = '256MB'`);
  // The partition is read from its first page: a synchronized scan starts where another scan of
  // it is or stopped, which would order each bucket's postings, and so a big bucket's pairs,
  // differently from one import of the same file to the next.
  await client.query(`SET synchronize_seqscans = off`);
  try {
    return await group(client, snapshotId, before);
  } finally {
    // Not left to the pooled session's next user, whatever failed (in a failed transaction the
    // RESETs fail too, and its rollback undoes the SETs).
    await client.query(`RESET work_mem`).catch(() => {});
    await client.query(`RESET synchronize_seqscans`).catch(() => {});
  }
}

async function group(
  client: pg.PoolClient,
  snapshotId: number,
  before: { id: number; now: string } | null,
): Promise<Grouping> {
  const t = partitionName(snapshotId);
  const c = copiesName(snapshotId);
  // Each statement's time, by its first words, for the import's log (docs/performance.md).
  const steps: Record<string, number> = {};
  const q = async (sql: string, values?: unknown[]) => {
    const started = performance.now();
    const result = await client.query(sql, values);
    const step = sql.trim().split(/\s+/).slice(0, 4).join(" ");
    steps[step] = (steps[step] ?? 0) + Math.round(performance.now() - started);
    return result;
  };
  await q(
    `DROP TABLE IF EXISTS dup_rows, dup_cands, dup_pairs, dup_nodes, dup_edges, dup_labels, dup_groups, dup_updates, dup_fresh, dup_titles`,
  );
  // The partition's rows are wide (descriptions, words): it is read once, for what grouping
  // needs, and written back by row address (ctid) only where something changes.
  await q(`CREATE TEMP TABLE dup_rows AS
    SELECT ctid AS tid, id, title_id, country_code, coalesce(city_key, 0) AS city_key, city, company_key, company,
      sketch, first_seen_at, first_seen_at AS seen_before, apply_url <> '' AS link, salary_min IS NOT NULL AS pay, posted_at
    FROM ${t} WHERE sketch IS NOT NULL`);
  await q(`CREATE UNIQUE INDEX ON dup_rows (id)`);
  await q(`ANALYZE dup_rows`);
  // Ranking is by first sighting: a job that was a copy in the snapshot before gets its own back
  // first (the loader looked up only the jobs that snapshot served).
  if (before) await keepCopyAges(client, before.id);
  // Candidates: postings of one block that agree on a whole band. A small bucket gives all its
  // pairs; a big one (one text posted many times) pairs each posting with the bucket's first and
  // with the first of its own company (short texts group only within one), so that it costs
  // about 2n pairs, not n². The two arrays are built in the same order; sorting them would cost
  // more than the rest of grouping. A posting alone in its block can share no bucket: left out
  // first (a table of its own, read in the order of dup_rows, so that a big bucket is the same),
  // the aggregate over every band hashes a quarter fewer entries and spills less.
  await q(`CREATE TEMP TABLE dup_cands AS
    SELECT id, title_id, country_code, city_key, company_key, sketch FROM dup_rows
    WHERE (title_id, country_code, city_key) IN (
      SELECT title_id, country_code, city_key FROM dup_rows GROUP BY 1, 2, 3 HAVING count(*) > 1)`);
  await q(`ANALYZE dup_cands`);
  await q(`CREATE TEMP TABLE dup_pairs AS
    SELECT DISTINCT a, b FROM (
      SELECT array_agg(id) AS ids, array_agg(company_key) AS keys
      FROM dup_cands CROSS JOIN generate_series(0, ${BANDS - 1}) band
      WHERE substr(sketch, band * ${BAND} + 1, ${BAND}) <> '\\x${"00".repeat(BAND)}'::bytea
      GROUP BY title_id, country_code, city_key, band, substr(sketch, band * ${BAND} + 1, ${BAND})
      HAVING count(*) > 1) buckets
    CROSS JOIN LATERAL (
      SELECT x AS a, y AS b FROM unnest(ids) x, unnest(ids) y WHERE x < y AND cardinality(ids) <= ${ALL_PAIRS_UP_TO}
      UNION ALL SELECT ids[1], unnest(ids[2:]) WHERE cardinality(ids) > ${ALL_PAIRS_UP_TO}
      UNION ALL SELECT a, b FROM (
        SELECT first_value(x) OVER (PARTITION BY k ORDER BY x) AS a, x AS b FROM unnest(ids, keys) u(x, k)
        WHERE cardinality(ids) > ${ALL_PAIRS_UP_TO}) mine WHERE a < b) p`);
  await q(`DROP TABLE dup_cands`);
  await q(`CREATE TEMP TABLE dup_nodes AS
    SELECT id, sketch, company_key, company, city, ${filledSql("sketch")} AS filled,
      (row_number() OVER ranked)::int AS rk
    FROM dup_rows WHERE id IN (SELECT a FROM dup_pairs UNION SELECT b FROM dup_pairs)
    WINDOW ranked AS (ORDER BY ${RANK})`);
  await q(`CREATE UNIQUE INDEX ON dup_nodes (id)`);
  await q(`CREATE UNIQUE INDEX ON dup_nodes (rk)`);
  await q(`ANALYZE dup_nodes`);
  await q(`CREATE TEMP TABLE dup_edges AS
    SELECT x.rk AS a, y.rk AS b FROM dup_pairs p JOIN dup_nodes x ON x.id = p.a JOIN dup_nodes y ON y.id = p.b
    WHERE ${sameJobSql("x", "y")}`);
  // Each posting's group, labelled with the best rank it holds (group-labels.ts).
  const labelsStarted = performance.now();
  await writeGroupLabels(client, { nodes: "dup_nodes", edges: "dup_edges", labels: "dup_labels" });
  steps["labels in the importer"] = Math.round(performance.now() - labelsStarted);
  await q(`CREATE TEMP TABLE dup_groups AS
    SELECT n.id, r.tid, r.first_seen_at, g.id AS canonical FROM dup_labels l
    JOIN dup_nodes n ON n.rk = l.rk JOIN dup_nodes g ON g.rk = l.label JOIN dup_rows r ON r.id = n.id`);
  await q(`ANALYZE dup_groups`);
  const agesStarted = performance.now();
  const reposted = before ? await keepGroupAges(client, snapshotId, before) : 0;
  steps["reposts against the snapshot before"] = Math.round(performance.now() - agesStarted);

  // Served jobs whose row changes: those with copies, and those whose first sighting moved.
  await q(`CREATE TEMP TABLE dup_updates AS
    SELECT r.tid, r.id, r.first_seen_at, coalesce(n.copies, 0) AS copies FROM dup_rows r
    LEFT JOIN (SELECT canonical, count(*)::int AS copies FROM dup_groups GROUP BY canonical) n ON n.canonical = r.id
    WHERE (n.copies IS NOT NULL OR r.first_seen_at IS DISTINCT FROM r.seen_before)
      AND NOT EXISTS (SELECT 1 FROM dup_groups g WHERE g.id = r.id)`);
  const columns = [...JOB_TABLE_COLUMNS, "duplicates"];
  // Copies are never searched by keyword: their words are not kept (most of a row's size).
  const picked = columns
    .map((k) => (k === "first_seen_at" ? "g.first_seen_at" : k === "search" ? "NULL" : `j.${k}`))
    .join(", ");
  await q(`CREATE TABLE ${c} (LIKE job_copies INCLUDING DEFAULTS, CHECK (snapshot_id = ${snapshotId}))`);
  await q(`INSERT INTO ${c} (${columns.join(", ")}, duplicate_of)
    SELECT ${picked}, g.canonical FROM ${t} j JOIN dup_groups g ON g.id = j.id
    WHERE j.ctid = ANY(ARRAY(SELECT tid FROM dup_groups))`);
  await q(`UPDATE ${t} j SET duplicates = u.copies, first_seen_at = u.first_seen_at FROM dup_updates u
    WHERE j.ctid = ANY(ARRAY(SELECT tid FROM dup_updates)) AND j.id = u.id`);
  const copies =
    (await q(`DELETE FROM ${t} WHERE ctid = ANY(ARRAY(SELECT tid FROM dup_groups))`)).rowCount ?? 0;
  const { rows: counted } = await client.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM dup_updates WHERE copies > 0`,
  );

  const { rows: byCombo } = await client.query<Grouping["copiesByCombo"][number]>(
    `SELECT country_code AS country, remote::text AS remote, employment_type::text AS type, seniority::text AS seniority, count(*)::int AS n
     FROM ${c} GROUP BY 1, 2, 3, 4`,
  );
  // The feed lists served jobs: a copy's addition or change is not news.
  const { rows: unlisted } = await client.query<{ kind: number; n: number }>(
    `WITH gone AS (DELETE FROM job_changes c USING dup_groups g WHERE c.snapshot_id = $1 AND c.kind IN (1, 2) AND c.job_id = g.id RETURNING c.kind)
     SELECT kind, count(*)::int AS n FROM gone GROUP BY kind`,
    [snapshotId],
  );
  await q(`DROP TABLE dup_rows, dup_pairs, dup_nodes, dup_edges, dup_labels, dup_groups, dup_updates`);
  return {
    groups: counted[0]?.n ?? 0,
    copies,
    copiesByCombo: byCombo,
    unlisted: {
      added: unlisted.find((u) => u.kind === 1)?.n ?? 0,
      changed: unlisted.find((u) => u.kind === 2)?.n ?? 0,
    },
    reposted,
    steps,
  };
}

/**
 * The loader keeps first sightings by id from the jobs the snapshot before served; a job that was
 * a copy there keeps its own too.
 */
async function keepCopyAges(client: pg.PoolClient, previous: number): Promise<void> {
  await client.query(
    `UPDATE dup_rows r SET first_seen_at = p.first_seen_at FROM job_copies p
     WHERE p.snapshot_id = $1 AND p.id = r.id AND p.first_seen_at < r.first_seen_at`,
    [previous],
  );
}

/**
 * A served job whose id is new to this import but whose group the snapshot before held (the same
 * job reposted under another id) keeps the group's first sighting, so it is not new by age.
 */
async function keepGroupAges(
  client: pg.PoolClient,
  snapshotId: number,
  before: { id: number; now: string },
): Promise<number> {
  const band = (r: string) => `substr(${r}.sketch, band * ${BAND} + 1, ${BAND})`;
  // Hash joins throughout: the new titles have no statistics yet, and the snapshot before's
  // partition must be read once, not once per new job (a nested loop would do either).
  await client.query("SET enable_nestloop = off");
  try {
    // Title ids are numbered by each import in the order it meets them: the snapshot before's are
    // matched to this one's by the title itself.
    await client.query(
      `CREATE TEMP TABLE dup_titles AS SELECT p.id AS before_id, n.id AS title_id
       FROM job_titles p JOIN job_titles n ON n.snapshot_id = $2 AND n.title = p.title WHERE p.snapshot_id = $1`,
      [before.id, snapshotId],
    );
    // The new served jobs' bands, kept with their true count, so the join below is planned on it.
    await client.query(
      `CREATE TEMP TABLE dup_fresh AS
       SELECT r.id, r.title_id, r.country_code, r.city_key, band, ${band("r")} AS v
       FROM dup_rows r CROSS JOIN generate_series(0, ${BANDS - 1}) band
       WHERE r.first_seen_at = $1 AND ${band("r")} <> '\\x${"00".repeat(BAND)}'::bytea
         AND NOT EXISTS (SELECT 1 FROM dup_groups g WHERE g.id = r.id)`,
      [before.now],
    );
    await client.query("ANALYZE dup_fresh");
    // Pairs that agree on a band, joined on every key at once: the new jobs hashed, the snapshot
    // before read once past them.
    const { rowCount } = await client.query(
      `WITH pairs AS (
         SELECT DISTINCT n.id AS nid, p.id AS pid FROM dup_fresh n JOIN (
           SELECT j.id, t.title_id, j.country_code, coalesce(j.city_key, 0) AS city_key, band, ${band("j")} AS v
           FROM ${partitionName(before.id)} j JOIN dup_titles t ON t.before_id = j.title_id
           CROSS JOIN generate_series(0, ${BANDS - 1}) band
           WHERE j.sketch IS NOT NULL AND j.first_seen_at < $1) p USING (title_id, country_code, city_key, band, v)),
       found AS (
         SELECT x.id, min(y.first_seen_at) AS first
         FROM pairs JOIN dup_rows x ON x.id = pairs.nid
         JOIN ${partitionName(before.id)} y ON y.snapshot_id = ${before.id} AND y.id = pairs.pid
         WHERE ${sameJobSql("x", "y", false)}
         GROUP BY x.id)
       UPDATE dup_rows r SET first_seen_at = found.first FROM found WHERE found.id = r.id`,
      [before.now],
    );
    await client.query("DROP TABLE dup_fresh, dup_titles");
    return rowCount ?? 0;
  } finally {
    await client.query("RESET enable_nestloop").catch(() => {});
  }
}
type LoadTotals = {
  count: number;
  countryCounts: Record<string, number>;
  comboCounts: Record<string, number>;
  changed: { added: number; changed: number };
};

/** The load's counts without the copies: what the snapshot serves. */
export function servedTotals<T extends LoadTotals>(load: T, g: Grouping): T {
  const countryCounts = { ...load.countryCounts };
  const comboCounts = { ...load.comboCounts };
  for (const { country, remote, type, seniority, n } of g.copiesByCombo) {
    countryCounts[country] = (countryCounts[country] ?? 0) - n;
    const key = comboKey(country, remote, type, seniority);
    comboCounts[key] = (comboCounts[key] ?? 0) - n;
  }
  return {
    ...load,
    count: load.count - g.copies,
    countryCounts,
    comboCounts,
    changed: {
      added: load.changed.added - g.unlisted.added,
      changed: load.changed.changed - g.unlisted.changed,
    },
  };
}
