// npm run bench:pay — wall time, in this process, of what GET /v1/jobs/pay (all pay, and stated
// pay alone), /v1/salary/history
// and /v1/jobs/{id} (with its pay_percentile) run, each query once (cold caches), against the
// live snapshot. Also the size of the tables they read. Not a test: run it on a loaded catalog.
import pg from "pg";
import { jobById, payCatalog, salaryHistoryForLocation } from "../../lib/catalog/queries";
import { disconnectDb } from "../../lib/core/db";
import { env, setEnvCommand } from "../../lib/core/env";
import { catalogSamples, filteredQueries, TITLES } from "./bench-search-queries";
import { latencySummary } from "./percentiles";

setEnvCommand("bench");

async function time<T>(xs: number[], run: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const out = await run();
  xs.push(performance.now() - started);
  return out;
}

async function main() {
  const client = new pg.Client({ connectionString: env().DATABASE_URL });
  await client.connect();
  const live = (await client.query("SELECT snapshot_id FROM catalog_live")).rows[0]?.snapshot_id as number;
  const jobs = (await client.query("SELECT job_count FROM catalog_snapshots WHERE id = $1", [live])).rows[0]
    ?.job_count as number;
  const samples = await catalogSamples(client, live);
  // The facets' parameters: no page or sort.
  const queries = [
    ...TITLES.map((t) => `title=${encodeURIComponent(t)}`),
    ...filteredQueries(samples, 400).map((q) =>
      q
        .split("&")
        .filter((p) => !/^(page|sort)=/.test(p))
        .join("&"),
    ),
  ];
  // The process's first query opens the pool and reads the live snapshot: not a request's cost.
  await payCatalog(new URLSearchParams("title=warm-up"));
  const pay: number[] = [];
  const slowest: [number, string][] = [];
  let answered = 0;
  for (const q of new Set(queries)) {
    const r = await time(pay, () => payCatalog(new URLSearchParams(q)));
    slowest.push([pay.at(-1) ?? 0, q]);
    if (r.ok) answered++;
  }
  // The same questions about stated pay alone (salary_source=stated: a combo bit on index entries).
  const stated: number[] = [];
  for (const q of new Set(queries))
    await time(stated, () => payCatalog(new URLSearchParams(`${q}&salary_source=stated`)));
  const locations = (
    await client.query(`SELECT DISTINCT level::text, country_code, name FROM salary_history`)
  ).rows as { level: string; country_code: string; name: string }[];
  const history: number[] = [];
  let points = 0;
  for (const l of locations) {
    const q: Record<string, string> =
      l.level === "country" ? { country: l.country_code } : { title: `${l.name}, ${l.country_code}` };
    const r = await time(history, () => salaryHistoryForLocation(new URLSearchParams(q)));
    if (r.ok) points = Math.max(points, r.value.history.points.length);
  }
  const ids = (
    await client.query(
      `SELECT j.id FROM jobs_s${live} j JOIN pay_groups g ON g.snapshot_id = j.snapshot_id AND g.title_id = j.title_id
         AND g.country_code = j.country_code AND g.currency = j.salary_currency
       WHERE g.snapshot_id = $1 ORDER BY hashtext(j.id) LIMIT 300`,
      [live],
    )
  ).rows.map((r) => r.id as string);
  const detail: number[] = [];
  for (const id of ids) await time(detail, () => jobById(id));
  const size = async (table: string) =>
    (await client.query(`SELECT pg_total_relation_size($1)::bigint AS b`, [table])).rows[0].b as string;
  const groups = (
    await client.query(
      "SELECT count(*)::int AS n, coalesce(sum(jobs), 0)::int AS j FROM pay_groups WHERE snapshot_id = $1",
      [live],
    )
  ).rows[0];
  console.log(`catalog: ${jobs.toLocaleString("en-US")} jobs (snapshot ${live})`);
  console.log(
    `/v1/jobs/pay      ${pay.length} queries (${answered} with figures, the rest 404): ${latencySummary(pay)}`,
  );
  for (const [ms, q] of slowest.sort((a, b) => b[0] - a[0]).slice(0, 3))
    console.log(`  slowest: ${ms.toFixed(0)} ms  ${q}`);
  console.log(`  the same with salary_source=stated: ${latencySummary(stated)}`);
  console.log(
    `/v1/salary/history ${history.length} locations (up to ${points} points): ${latencySummary(history)}`,
  );
  console.log(
    `/v1/jobs/{id}     ${detail.length} salaried jobs with a pay_percentile: ${latencySummary(detail)}`,
  );
  console.log(
    `pay_groups: ${groups.n} groups over ${groups.j} jobs, ${(Number(await size("pay_groups")) / 1e6).toFixed(1)} MB; salary_history ${(Number(await size("salary_history")) / 1e6).toFixed(2)} MB`,
  );
  await client.end();
  await disconnectDb();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
