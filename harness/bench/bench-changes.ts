// npm run bench:changes — pages of the changes feed (GET /v1/jobs/changes) as the API reads them,
// unfiltered and filtered, with and without expand=jobs, from the start of the oldest kept
// import and from random points inside it. Reports p50/p95/max per group. Not a test: run it
// on a catalog imported at least twice (BENCH_DATABASE_URL), so the feed has changes.
import pg from "pg";
import { ChangesQuerySchema } from "../../lib/catalog/change-schemas";
import { changesPage } from "../../lib/catalog/changes";
import { encodeCursor } from "../../lib/catalog/cursor";
import { toFilters } from "../../lib/catalog/filters";
import { resolveKeywords } from "../../lib/catalog/keywords/resolve";
import { disconnectDb } from "../../lib/core/db";
import { setEnvCommand } from "../../lib/core/env";
import { latencySummary } from "./percentiles";

process.env.DATABASE_URL =
  process.env.BENCH_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/jobs_bench";
process.env.LOG_LEVEL = "error";
setEnvCommand("bench");

const GROUPS: Record<string, string> = {
  "unfiltered, 100 per page": "per_page=100",
  "unfiltered, 1,000 per page": "per_page=1000",
  "unfiltered, expand=jobs": "per_page=100&expand=jobs",
  "country=DE": "country=DE",
  "country=DE, expand=jobs": "country=DE&expand=jobs",
  "q=python&country=DE": "q=python&country=DE",
  "title=nurse": "title=nurse",
  "remote, senior": "remote=remote&seniority=senior",
};
const SAMPLES = 40;

async function main() {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  const { rows } = await client.query<{ live: number; first: string; last: string }>(
    `SELECT l.snapshot_id AS live, min(s.first_seq)::text AS first, max(s.last_seq)::text AS last
     FROM catalog_live l, job_change_sets s WHERE s.snapshot_id <= l.snapshot_id AND NOT s.expired GROUP BY 1`,
  );
  const r = rows[0];
  if (!r) throw new Error("no changes: import the demo twice");
  const first = BigInt(r.first);
  const span = Number(BigInt(r.last) - first);
  console.log(`live snapshot ${r.live}; ${span.toLocaleString("en-US")} changes kept`);
  for (const [name, qs] of Object.entries(GROUPS)) {
    const ms: number[] = [];
    for (let i = 0; i < SAMPLES; i++) {
      // The first sample from the very start, the rest from random points.
      const since = i === 0 ? first - 1n : first + BigInt(Math.floor(Math.random() * span));
      const params = Object.fromEntries(new URLSearchParams(`${qs}&since=${encodeCursor(since)}`));
      const query = ChangesQuerySchema.parse(params);
      const rules = toFilters({ ...query, page: 1, per_page: 1 }, new Date());
      if (!rules.ok) throw new Error(rules.message);
      let filters = rules.value.filters;
      if (query.q) {
        const k = await resolveKeywords(query.q, r.live, true);
        if (!k.ok) throw new Error(k.message);
        filters = { ...filters, keywords: k.value.clauses, wordBits: k.value.bits };
      }
      const t = performance.now();
      const page = await changesPage({ query, filters, snapshotId: r.live });
      ms.push(performance.now() - t);
      if (!page.ok) throw new Error(page.message);
    }
    console.log(`${name.padEnd(28)} ${latencySummary(ms, 1)}`);
  }
  await client.end();
  await disconnectDb();
}

await main();
