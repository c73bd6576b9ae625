// npm run bench:expiry — what taking expired jobs out of the live snapshot costs. Gives the
// served jobs and copies of the catalog at BENCH_DATABASE_URL that expire in the next eleven days
// their expiry (one in a hundred per day, by id; setting it on every job would rewrite each row's
// index entries, words included, for nothing), then takes out a day's worth, another day's, and
// nine days' at once, timing each, and checks after each that the snapshot's kept total still
// counts its rows. `--band N` takes the next eleven hundredths of ids from N on (run it again on
// the same catalog with --band 11, 22, ...). Not a test: it changes the catalog it is given (a
// scratch one with the demo).
import pg from "pg";
import { expireJobs } from "../../lib/catalog/import/expire-jobs";

const url = process.env.BENCH_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/jobs_bench";
const DAY = 86_400_000;
const bandAt = process.argv.indexOf("--band");
const BAND = bandAt > 0 ? Number(process.argv[bandAt + 1]) : 0;

async function main() {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: number; jobs: number }>(
      "SELECT l.snapshot_id AS id, s.job_count AS jobs FROM catalog_live l JOIN catalog_snapshots s ON s.id = l.snapshot_id",
    );
    const live = rows[0];
    if (!live) throw new Error("no live snapshot: import the demo first");
    const base = Date.now();
    const started = performance.now();
    for (const t of [`jobs_s${live.id}`, `job_copies_s${live.id}`]) {
      await client.query(
        `UPDATE ${t} SET expires_at = $1::timestamptz + (abs(hashtext(id)) % 100 - $2 + 1) * interval '1 day' - interval '1 hour'
         WHERE abs(hashtext(id)) % 100 >= $2 AND abs(hashtext(id)) % 100 < $2 + 11`,
        [new Date(base).toISOString(), BAND],
      );
      await client.query(`VACUUM ANALYZE ${t}`);
    }
    console.log(
      `${live.jobs.toLocaleString("en-US")} served jobs in snapshot ${live.id}; expiries given in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    console.log(
      "| Taken out at | Served jobs | Copies | Copies served instead | Time (transaction, then VACUUM) |",
    );
    console.log("|---|---|---|---|---|");
    for (const days of [1, 2, 11]) {
      const out = await expireJobs(client, { now: new Date(base + days * DAY) });
      if (!out) throw new Error(`nothing expired by day ${days}`);
      const { rows: check } = await client.query<{ kept: number; counted: number }>(
        `SELECT s.job_count AS kept, (SELECT count(*)::int FROM jobs_s${live.id}) AS counted FROM catalog_snapshots s WHERE s.id = $1`,
        [live.id],
      );
      if (check[0]?.kept !== check[0]?.counted)
        throw new Error(`kept ${check[0]?.kept}, counted ${check[0]?.counted}`);
      console.log(
        `| day ${days} (${Object.entries(out.steps)
          .filter(([, ms]) => ms >= 100)
          .map(([k, ms]) => `${k}: ${ms}`)
          .join(
            "; ",
          )}) | ${out.removed.toLocaleString("en-US")} | ${out.copies.toLocaleString("en-US")} | ${out.promoted.toLocaleString("en-US")} | ${(out.ms.transaction / 1000).toFixed(2)} s, then ${(out.ms.vacuum / 1000).toFixed(2)} s${out.vacuumError ? ` (vacuum: ${out.vacuumError})` : ""} |`,
      );
    }
  } finally {
    await client.end();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
