// npm run bench:duplicates -- [--jobs N] [--seed S] — imports the demo catalog (N jobs, a tenth
// of them labelled copies) into BENCH_DATABASE_URL and reports what duplicate grouping cost
// (its phase of the import) and how well it found the labelled groups (pairwise precision and
// recall). Not a test: a scratch database, as the import replaces its live snapshot.
import { parseArgs } from "node:util";
import pg from "pg";
import { labelledDemoJobs } from "../../lib/catalog/demo/generate";
import { scoreGrouping } from "../../lib/catalog/demo/grouping-score";
import { importDemo } from "../../lib/catalog/demo/import-demo";
import { setEnvCommand } from "../../lib/core/env";

const url = process.env.BENCH_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/jobs_bench";
process.env.DATABASE_URL = url;
process.env.LOG_LEVEL = "error";
setEnvCommand("catalog");

async function main() {
  const { values } = parseArgs({ options: { jobs: { type: "string" }, seed: { type: "string" } } });
  const opts = {
    jobs: Number(values.jobs ?? 100_000),
    seed: Number(values.seed ?? 42),
    asOf: new Date("2026-11-21"),
  };
  const started = performance.now();
  const result = await importDemo(url, opts);
  const seconds = (performance.now() - started) / 1000;
  const d = result.duplicates;
  console.log(
    `imported ${opts.jobs.toLocaleString("en-US")} demo jobs in ${seconds.toFixed(1)} s; grouping ${(d.ms / 1000).toFixed(1)} s (${((100 * d.ms) / (seconds * 1000 - d.ms)).toFixed(1)} % of the rest of the import)`,
  );
  for (const [step, ms] of Object.entries(d.steps)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 8))
    console.log(`  ${(ms / 1000).toFixed(1)} s  ${step}`);
  console.log(
    `${d.groups.toLocaleString("en-US")} groups, ${d.copies.toLocaleString("en-US")} copies moved out of searches, ${d.reposted.toLocaleString("en-US")} reposts kept their group's first sighting`,
  );

  const truth = new Map<string, string>();
  for (const j of labelledDemoJobs(opts))
    truth.set(String(j.record.id), j.duplicateOf ?? String(j.record.id));
  const found = new Map([...truth.keys()].map((id): [string, string] => [id, id]));
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query<{ id: string; duplicate_of: string }>(
    "SELECT id, duplicate_of FROM job_copies WHERE snapshot_id = $1",
    [result.snapshotId],
  );
  for (const r of rows) found.set(r.id, r.duplicate_of);
  const { rows: size } = await client.query<{ mb: string }>(
    `SELECT round(pg_total_relation_size('job_copies_s${result.snapshotId}') / 1e6)::text AS mb`,
  );
  await client.end();
  const s = scoreGrouping(truth, found);
  console.log(
    `labelled pairs ${s.truePairs.toLocaleString("en-US")}, found ${s.foundPairs.toLocaleString("en-US")}: precision ${s.precision.toFixed(4)}, recall ${s.recall.toFixed(4)}; copies take ${size[0]?.mb} MB`,
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
