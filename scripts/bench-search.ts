// npm run bench:search — EXPLAIN ANALYZE of the exact statements /v1/jobs and /v1/jobs/{id}
// run, over a spread of real queries against the live snapshot. Reports p50/p95/max of
// planning + execution time and any sequential scan. Not a test: run it on a loaded catalog.
import pg from "pg";
import { resolveCountryFilter } from "../lib/catalog/countries";
import { jobSql } from "../lib/catalog/jobs";
import { type SearchInput, searchSql } from "../lib/catalog/search";
import { PG_SESSION_OPTIONS } from "../lib/db";
import { env } from "../lib/env";
import type { Prisma } from "../lib/generated/prisma/client";

const TITLES = [
  "engineer",
  "software engineer",
  "senior software",
  "engin",
  "data",
  "data scientist",
  "nurse",
  "barista",
  "manager",
  "product manager",
  "accountant",
  "dev",
  "developer",
  "backend",
  "frontend developer",
  "head of",
  "lead engineer",
  "sales",
  "analyst",
  "intern",
  "welder",
  "recruiter",
  "machine learning",
  "devops",
  "support",
  "senior",
  "junior data analyst",
  "architect",
  "chef",
  "teacher",
];
const COUNTRIES = ["US", "DE", "GB", "IN", "FR", "NL", "JP", "SG", "KE", "BR", "CH", "EU"];

type Plan = { Plan: Record<string, unknown>; "Planning Time": number; "Execution Time": number };

function seqScans(node: Record<string, unknown>): string[] {
  const here = node["Node Type"] === "Seq Scan" ? [String(node["Relation Name"])] : [];
  const kids = (node.Plans as Record<string, unknown>[] | undefined) ?? [];
  return [...here, ...kids.flatMap(seqScans)];
}

async function explain(client: pg.Client, sql: Prisma.Sql): Promise<{ ms: number; seq: string[] }> {
  const { rows } = await client.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${sql.text}`, sql.values as unknown[]);
  const plan = (rows[0]["QUERY PLAN"] as Plan[])[0]!;
  return { ms: plan["Planning Time"] + plan["Execution Time"], seq: seqScans(plan.Plan) };
}

const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)]!;
const fmt = (xs: number[]) =>
  `p50 ${pct(xs, 50).toFixed(2)} ms  p95 ${pct(xs, 95).toFixed(2)} ms  max ${Math.max(...xs).toFixed(2)} ms  (n=${xs.length})`;

async function main() {
  // The same session settings as the API's pool, so the plans are the ones it gets.
  const client = new pg.Client({ connectionString: env().DATABASE_URL, options: PG_SESSION_OPTIONS });
  await client.connect();
  const live = await client.query(
    "SELECT s.id, s.job_count FROM catalog_live l JOIN catalog_snapshots s ON s.id = l.snapshot_id",
  );
  if (!live.rowCount)
    throw new Error("No live catalog: import one first (npm run catalog:demo -- --jobs 1000000).");
  const { id: snapshotId, job_count: jobCount } = live.rows[0];
  console.log(`snapshot ${snapshotId} with ${jobCount.toLocaleString("en-US")} jobs`);

  const inputs: SearchInput[] = [];
  for (const title of TITLES)
    for (const c of COUNTRIES) inputs.push({ title, filter: resolveCountryFilter(c)!, page: 1, perPage: 20 });
  for (const title of TITLES.slice(0, 8))
    inputs.push({ title, filter: resolveCountryFilter("DE")!, page: 5, perPage: 20 });
  const ids = (
    await client.query(`SELECT id FROM jobs WHERE snapshot_id = $1 ORDER BY random() LIMIT 300`, [snapshotId])
  ).rows.map((r) => r.id as string);

  // One untimed pass so every run measures a warm cache, as a running service has.
  for (const input of inputs) await explain(client, searchSql(input, snapshotId));
  for (const id of ids.slice(0, 50)) await explain(client, jobSql(id, snapshotId));

  const search: number[] = [],
    listing: number[] = [],
    detail: number[] = [];
  const slowest: { ms: number; what: string }[] = [];
  const seq = new Set<string>();
  for (const input of inputs) {
    const p = await explain(client, searchSql(input, snapshotId));
    search.push(p.ms);
    slowest.push({ ms: p.ms, what: `title=${input.title} country=${input.filter?.code} page=${input.page}` });
    for (const s of p.seq) seq.add(s);
  }
  // Listings without a title: newest first, a country, a region or everything, shallow and deep.
  for (const c of [undefined, ...COUNTRIES]) {
    for (const [page, perPage] of [
      [1, 20],
      [5, 20],
      [100, 100],
      [500, 20],
    ] as const) {
      const p = await explain(
        client,
        searchSql({ filter: c ? resolveCountryFilter(c)! : undefined, page, perPage }, snapshotId),
      );
      listing.push(p.ms);
      for (const s of p.seq) seq.add(s);
    }
  }
  for (const id of ids) {
    const d = await explain(client, jobSql(id, snapshotId));
    detail.push(d.ms);
    for (const s of d.seq) seq.add(s);
  }
  console.log(`title+country search (page and total): ${fmt(search)}   goal p95 < 50 ms`);
  console.log(`listing without title (to page 500)  : ${fmt(listing)}`);
  console.log(`detail lookup                        : ${fmt(detail)}   goal p95 < 5 ms`);
  slowest.sort((a, b) => b.ms - a.ms);
  console.log(
    `slowest searches: ${slowest
      .slice(0, 5)
      .map((s) => `${s.what} ${s.ms.toFixed(1)} ms`)
      .join("; ")}`,
  );
  if (!seq.size) console.log("no sequential scans in any plan");
  for (const rel of seq) {
    const { rows } = await client.query(
      "SELECT reltuples::bigint AS n, relpages FROM pg_class WHERE relname = $1",
      [rel],
    );
    console.log(`SEQUENTIAL SCAN on ${rel} (${rows[0]?.n} rows, ${rows[0]?.relpages} pages)`);
  }
  await client.end();
}

main().catch((err) => {
  console.error((err as Error).message);
  process.exit(1);
});
