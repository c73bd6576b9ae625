// npm run bench:grouping — what grouping duplicates costs, step by step, on the live snapshot of
// BENCH_DATABASE_URL (a scratch catalog with the demo). Each round puts the snapshot's copies back
// among its served jobs (appended at the partition's end, not interleaved as a load leaves them,
// so reading them back by row address is cheaper than in an import), groups again and rolls
// everything back, so rounds (and builds, run one after the other) are measured on the same rows.
// `--rounds N` (default 2).
// `--vacuum`: one more round, committed, then the VACUUM of the partition's own pages and of its
// TOAST table, timed apart (the import runs the first only); that round changes the catalog
// (the partition's indexes are built again by ATTACH, without ANALYZE).
import pg from "pg";
import { copiesName, partitionName, vacuumPartition } from "../../lib/catalog/import/activate";
import { groupDuplicates } from "../../lib/catalog/import/group-duplicates";
import { JOB_TABLE_COLUMNS } from "../../lib/catalog/import/job-rows";

const url = process.env.BENCH_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/jobs_bench";
const roundsAt = process.argv.indexOf("--rounds");
const ROUNDS = roundsAt > 0 ? Number(process.argv[roundsAt + 1]) : 2;
const VACUUM = process.argv.includes("--vacuum");

async function main() {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: number }>("SELECT snapshot_id AS id FROM catalog_live");
    const id = rows[0]?.id;
    if (id === undefined) throw new Error("no live snapshot: import the demo first");
    const t = partitionName(id);
    const c = copiesName(id);
    for (let round = 1; round <= ROUNDS + (VACUUM ? 1 : 0); round++) {
      const commit = round > ROUNDS;
      await client.query("BEGIN");
      try {
        await client.query(`ALTER TABLE job_copies DETACH PARTITION ${c}`);
        // Grouping runs before the import builds the partition's indexes: only its key is there.
        await client.query(`ALTER TABLE jobs DETACH PARTITION ${t}`);
        const { rows: indexes } = await client.query<{ name: string }>(
          `SELECT indexname AS name FROM pg_indexes WHERE tablename = $1 AND indexname <> $1 || '_pkey'`,
          [t],
        );
        for (const { name } of indexes) await client.query(`DROP INDEX ${name}`);
        await client.query(`ALTER TABLE ${c} RENAME TO bench_grouping_copies`);
        const columns = JOB_TABLE_COLUMNS.join(", ");
        const back = await client.query(
          `INSERT INTO ${t} (${columns}) SELECT ${columns} FROM bench_grouping_copies`,
        );
        const started = performance.now();
        const g = await groupDuplicates(client as unknown as pg.PoolClient, id, null);
        const ms = Math.round(performance.now() - started);
        const steps = Object.entries(g.steps)
          .filter(([, v]) => v >= 50)
          .map(([k, v]) => `${k}: ${(v / 1000).toFixed(1)}`)
          .join("; ");
        console.log(
          `round ${round}: ${back.rowCount} copies put back; grouped ${g.copies} copies in ${g.groups} groups in ${(ms / 1000).toFixed(1)} s (${steps})`,
        );
        if (commit) {
          await client.query("DROP TABLE bench_grouping_copies");
          await client.query("COMMIT");
        }
      } finally {
        await client.query("ROLLBACK"); // a warning only, after a COMMIT
      }
      if (commit) {
        // As the import does: VACUUM while only the key is built, then the other indexes.
        await vacuumApart(client, id);
        await client.query(`ALTER TABLE jobs ATTACH PARTITION ${t} FOR VALUES IN (${id})`);
        await client.query(`ALTER TABLE job_copies ATTACH PARTITION ${c} FOR VALUES IN (${id})`);
      }
    }
  } finally {
    await client.end();
  }
}

async function vacuumApart(client: pg.Client, id: number): Promise<void> {
  const { rows } = await client.query<{ toast: string }>(
    `SELECT reltoastrelid::regclass::text AS toast FROM pg_class WHERE oid = $1::regclass`,
    [partitionName(id)],
  );
  let started = performance.now();
  await vacuumPartition(client, id);
  const own = performance.now() - started;
  started = performance.now();
  await client.query(`VACUUM ${rows[0]?.toast}`);
  const toast = performance.now() - started;
  console.log(
    `VACUUM: the partition's pages ${(own / 1000).toFixed(1)} s, its TOAST ${(toast / 1000).toFixed(1)} s`,
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
