// Indexing a loaded partition, swapping it in, and retiring old snapshots.
import pg from "pg";
import type { AdvertisedPay } from "./pay-groups";
import { recordHistory } from "./salary-history";

export const partitionName = (snapshotId: number) => `jobs_s${snapshotId}`;
/** The snapshot's copies (group-duplicates.ts), attached to job_copies with its jobs. */
export const copiesName = (snapshotId: number) => `job_copies_s${snapshotId}`;

/**
 * How a served partition is created, and vacuumed after rows leave it: its TOAST table
 * (descriptions, words) is written once, frozen, by the load's COPY, and once served only loses
 * rows (and gains the few copies served in their place). A VACUUM there would read it whole to
 * free space little reuses before a later import drops the partition, so neither autovacuum nor
 * ours touches it; only the partition's own pages are vacuumed, for index-only scans.
 *
 * The row's long text goes to TOAST whole: a row holding its description inline is several
 * times as wide, and searches read rows by the thousand (a word's matches, sorted by date) but
 * descriptions one job at a time. PostgreSQL moves values out only once a row passes about
 * 2 KB, then until it fits the target; at 1 KB the description and the words leave and every
 * short column stays (decision 0040).
 */
export const PARTITION_STORAGE = "WITH (toast_tuple_target = 1024, toast.autovacuum_enabled = false)";
export async function vacuumPartition(client: pg.ClientBase, snapshotId: number): Promise<void> {
  await client.query(`VACUUM (PROCESS_TOAST FALSE) ${partitionName(snapshotId)}`);
}

/**
 * The partition's key, before anything else: an id given twice fails here (23505), before
 * duplicate grouping could move one of the two out of the partition.
 */
export async function buildKey(client: pg.PoolClient, snapshotId: number): Promise<void> {
  const t = partitionName(snapshotId);
  await client.query(`CREATE UNIQUE INDEX ${t}_pkey ON ${t} (snapshot_id, id)`);
}

/** The copies' key and their index by canonical job, as the parent's. */
export async function buildCopyIndexes(client: pg.PoolClient, snapshotId: number): Promise<void> {
  const c = copiesName(snapshotId);
  await client.query(`ALTER TABLE ${c} ADD CONSTRAINT ${c}_pkey PRIMARY KEY (snapshot_id, id)`);
  await client.query(
    `CREATE INDEX ${c}_duplicate_of_idx ON ${c} (snapshot_id, duplicate_of, first_seen_at, id)`,
  );
  await client.query(
    `CREATE INDEX ${c}_expires_idx ON ${c} (snapshot_id, expires_at) WHERE expires_at IS NOT NULL`,
  );
  await client.query(`ANALYZE ${c}`);
}

/**
 * Builds the partition's indexes, then ANALYZE. Given a pool, on two connections at once;
 * given one connection (the embedded database takes no second), in turn on it.
 */
export async function buildIndexes(on: pg.Pool | pg.PoolClient, snapshotId: number): Promise<void> {
  const t = partitionName(snapshotId);
  const pool = on instanceof pg.Pool ? on : undefined;
  const run = async (statements: string[]) => {
    const client = pool ? await pool.connect() : (on as pg.PoolClient);
    try {
      await client.query("SET maintenance_work_mem = '1GB'");
      for (const sql of statements) await client.query(sql);
    } finally {
      if (pool) client.release();
    }
  };
  // The same definitions as the parent's (prisma/migrations), so ATTACH adopts them.
  const tail = "combo, salary_currency, salary_year_min, salary_year_max, company_key";
  // Indexes a narrow filter leads: the title and the other filters are checked on their entries.
  const narrow = "combo, salary_currency, salary_year_min, salary_year_max";
  // Salary indexes: the other filters, and the title a broad-title salary sort checks.
  const others = "combo, company_key, title_id, city_key";
  const lists = [
    [
      `CREATE INDEX ${t}_title_country_idx ON ${t} (snapshot_id, title_id, country_code, posted_at DESC, id, ${tail}, city_key)`,
      `CREATE INDEX ${t}_company_idx ON ${t} (snapshot_id, company_key, posted_at DESC, id, title_id, country_code, ${narrow}, city_key)`,
      `CREATE INDEX ${t}_salary_desc_idx ON ${t} (snapshot_id, country_code, salary_year_max DESC NULLS LAST, posted_at DESC, id, salary_currency, salary_year_min, ${others})`,
      `CREATE INDEX ${t}_search_idx ON ${t} USING gin (search) WITH (fastupdate = off)`,
      `CREATE INDEX ${t}_words_posted_idx ON ${t} (snapshot_id, posted_at DESC, id, country_code, ${tail}, title_id, city_key, common_words, more_words)`,
    ],
    [
      `CREATE INDEX ${t}_country_posted_idx ON ${t} (snapshot_id, country_code, posted_at DESC, id, ${tail}, title_id, city_key)`,
      `CREATE INDEX ${t}_country_words_idx ON ${t} (snapshot_id, country_code, posted_at DESC, id, ${tail}, title_id, city_key, common_words, more_words) WHERE country_code IS NOT NULL`,
      `CREATE INDEX ${t}_title_posted_idx ON ${t} (snapshot_id, title_id, posted_at DESC, id, country_code, ${tail})`,
      `CREATE INDEX ${t}_posted_idx ON ${t} (snapshot_id, posted_at DESC, id, country_code, ${tail}, title_id, city_key)`,
      `CREATE INDEX ${t}_combo_words_idx ON ${t} (snapshot_id, combo, country_code, posted_at DESC, id, salary_currency, salary_year_min, salary_year_max, company_key, title_id, city_key, common_words, more_words)`,
      `CREATE INDEX ${t}_combo_idx ON ${t} (snapshot_id, combo, country_code, posted_at DESC, id, salary_currency, salary_year_min, salary_year_max, company_key, title_id, city_key)`,
      `CREATE INDEX ${t}_city_idx ON ${t} (snapshot_id, city_key, posted_at DESC, id, title_id, country_code, ${narrow}, company_key)`,
      `CREATE INDEX ${t}_salary_asc_idx ON ${t} (snapshot_id, country_code, salary_year_min, posted_at DESC, id, salary_currency, salary_year_max, ${others})`,
      `CREATE INDEX ${t}_first_seen_idx ON ${t} (snapshot_id, first_seen_at DESC NULLS LAST, posted_at DESC, id, country_code, combo, company_key, title_id, city_key)`,
      `CREATE INDEX ${t}_expires_idx ON ${t} (snapshot_id, expires_at) WHERE expires_at IS NOT NULL`,
      `CREATE INDEX ${t}_more_words_idx ON ${t} USING gin (more_words) WITH (fastupdate = off)`,
    ],
  ];
  if (pool) await Promise.all(lists.map(run));
  else for (const list of lists) await run(list);
  await run([
    `ALTER TABLE ${t} ADD CONSTRAINT ${t}_pkey PRIMARY KEY USING INDEX ${t}_pkey`,
    // Matching the parent's FK now means ATTACH reuses it instead of validating inside the swap.
    `ALTER TABLE ${t} ADD CONSTRAINT ${t}_snapshot_id_fkey FOREIGN KEY (snapshot_id) REFERENCES catalog_snapshots(id) ON DELETE CASCADE ON UPDATE CASCADE`,
    // Salary currency follows the country: without this the planner multiplies the two
    // selectivities, takes "salary ≥ 62,000 in Germany" for a tenth of its rows, and sorts
    // 224,000 salary entries where a walk by date stops after 45,000.
    `CREATE STATISTICS ${t}_country_currency (dependencies, mcv) ON country_code, salary_currency FROM ${t}`,
    `ANALYZE ${t}`,
    `ANALYZE job_titles`,
    vocabularySql(snapshotId),
  ]);
}

/** Jobs whose words make the vocabulary: a sample, so that building it takes seconds at any size. */
export const VOCABULARY_SAMPLE_JOBS = 20_000;

/**
 * The snapshot's vocabulary for corrections (search_terms): words, folded but not stemmed, of a
 * sample of its jobs, with how many sampled jobs hold each. A word found in one sampled job only
 * is left out: a typo in one ad must not become what a misspelt query is corrected to.
 */
export function vocabularySql(snapshotId: number): string {
  const t = partitionName(snapshotId);
  const percent = `(SELECT least(100, greatest(0.01, 100.0 * ${VOCABULARY_SAMPLE_JOBS} / greatest(reltuples, 1)))::numeric(8,4) FROM pg_class WHERE oid = '${t}'::regclass)`;
  const sample = `SELECT to_tsvector('jobs_words', title || ' ' || company || ' ' || description) FROM ${t} TABLESAMPLE SYSTEM (%s) REPEATABLE (42)`;
  return `INSERT INTO search_terms (snapshot_id, term, jobs)
    SELECT ${snapshotId}, word, ndoc FROM ts_stat(format($q$${sample}$q$, ${percent}))
    WHERE length(word) BETWEEN 3 AND 40 AND word !~ '[0-9]' AND ndoc >= 2`;
}

export type SnapshotStats = {
  jobs: number;
  salaries: number;
  countryCounts: Record<string, number>;
  comboCounts: Record<string, number>;
  /** What its jobs advertise, for the pay history. */
  advertised?: AdvertisedPay;
};

/** One transaction: readers see the old snapshot or the new one, never a mix. */
export async function swapIn(
  client: pg.PoolClient,
  snapshotId: number,
  stats: SnapshotStats,
  /** More to make visible with the snapshot, in the same transaction (the change set: seen.ts). */
  alsoInSwap?: (client: pg.PoolClient) => Promise<void>,
): Promise<void> {
  await client.query("BEGIN");
  try {
    await client.query("SET LOCAL lock_timeout = '30s'");
    await client.query(
      `ALTER TABLE jobs ATTACH PARTITION ${partitionName(snapshotId)} FOR VALUES IN (${snapshotId})`,
    );
    await client.query(
      `ALTER TABLE job_copies ATTACH PARTITION ${copiesName(snapshotId)} FOR VALUES IN (${snapshotId})`,
    );
    await client.query(`UPDATE catalog_snapshots SET status = 'retired' WHERE status = 'live'`);
    await client.query(
      `UPDATE catalog_snapshots SET status = 'live', activated_at = now(), job_count = $2, salary_count = $3, country_counts = $4, combo_counts = $5 WHERE id = $1`,
      [
        snapshotId,
        stats.jobs,
        stats.salaries,
        JSON.stringify(stats.countryCounts),
        JSON.stringify(stats.comboCounts),
      ],
    );
    await client.query(
      `INSERT INTO catalog_live (id, snapshot_id) VALUES (1, $1)
       ON CONFLICT (id) DO UPDATE SET snapshot_id = EXCLUDED.snapshot_id, revision = 0, updated_at = now()`,
      [snapshotId],
    );
    await recordHistory(client, snapshotId, stats.advertised);
    await alsoInSwap?.(client);
    await client.query("COMMIT");
  } catch (err) {
    await client.query("ROLLBACK");
    throw err;
  }
}

/**
 * Keeps the live snapshot and the one before it (a request that read the old pointer just
 * before the swap still finds its rows); drops older ones and leftovers of failed imports.
 * DETACH ... CONCURRENTLY never blocks readers of "jobs".
 */
export async function retireOld(client: pg.PoolClient): Promise<number[]> {
  const { rows } = await client.query<{
    id: number;
    status: string;
    attached: boolean;
    pending: boolean;
    exists: boolean;
  }>(`
    SELECT s.id, s.status,
      EXISTS (SELECT 1 FROM pg_inherits i WHERE i.inhparent = 'jobs'::regclass AND i.inhrelid = to_regclass('jobs_s' || s.id)) AS attached,
      EXISTS (SELECT 1 FROM pg_inherits i WHERE i.inhparent = 'jobs'::regclass AND i.inhrelid = to_regclass('jobs_s' || s.id) AND i.inhdetachpending) AS pending,
      to_regclass('jobs_s' || s.id) IS NOT NULL AS exists
    FROM catalog_snapshots s
    WHERE s.status IN ('failed', 'retired')
      AND s.id NOT IN (SELECT id FROM catalog_snapshots WHERE status = 'retired' ORDER BY activated_at DESC NULLS LAST LIMIT 1)`);
  for (const r of rows) {
    const t = partitionName(r.id);
    // An interrupted DETACH ... CONCURRENTLY leaves the partition pending; FINALIZE completes it.
    if (r.pending) await client.query(`ALTER TABLE jobs DETACH PARTITION ${t} FINALIZE`);
    else if (r.attached) await client.query(`ALTER TABLE jobs DETACH PARTITION ${t} CONCURRENTLY`);
    if (r.exists) await client.query(`DROP TABLE ${t}`);
    await dropCopies(client, r.id);
    await client.query(`DELETE FROM catalog_snapshots WHERE id = $1`, [r.id]);
  }
  return rows.map((r) => r.id);
}

/** Detaches (without blocking readers) and drops a snapshot's copies, wherever they got to. */
export async function dropCopies(client: pg.PoolClient, snapshotId: number): Promise<void> {
  const c = copiesName(snapshotId);
  const { rows } = await client.query<{ attached: boolean; pending: boolean }>(
    `SELECT i.inhrelid IS NOT NULL AS attached, coalesce(i.inhdetachpending, false) AS pending
     FROM (SELECT to_regclass($1) AS rel) r LEFT JOIN pg_inherits i ON i.inhrelid = r.rel AND i.inhparent = 'job_copies'::regclass
     WHERE r.rel IS NOT NULL`,
    [c],
  );
  const found = rows[0];
  if (!found) return;
  if (found.pending) await client.query(`ALTER TABLE job_copies DETACH PARTITION ${c} FINALIZE`);
  else if (found.attached) await client.query(`ALTER TABLE job_copies DETACH PARTITION ${c} CONCURRENTLY`);
  await client.query(`DROP TABLE ${c}`);
}
