// npm run bench:search — EXPLAIN ANALYZE of the exact statements /v1/jobs, /v1/jobs/facets and
// /v1/jobs/{id} run, over a spread of real queries against the live snapshot. Reports p50/p95/max
// of planning + execution time (a request's statements summed) and any sequential scan, and the
// catalog's size on disk. Not a test: run it on a loaded catalog.
// `npm run bench:search -- --explain 'title=engineer&company=Acme'` prints the plans of one
// search's statements (and of its facets with --facets) instead; `--slowest N` lists the N
// slowest filtered searches and facet requests (5 by default).
import { parseArgs } from "node:util";
import pg from "pg";
import { resolveCountryFilter } from "../../lib/catalog/countries";
import { FacetsQuerySchema } from "../../lib/catalog/facet-schemas";
import { facetsSql } from "../../lib/catalog/facets-sql";
import { toFilters } from "../../lib/catalog/filters";
import { jobSql } from "../../lib/catalog/jobs";
import { leadOf, leadProbes } from "../../lib/catalog/lead";
import { matchingTitlesSql } from "../../lib/catalog/matching-titles";
import { type SearchInput, searchSql, searchStatements } from "../../lib/catalog/search";
import { sharedCompanyKeys, withSharedCity } from "../../lib/catalog/shared-keys";
import { COUNT_DEADLINE_MS, countStatements, type Statement } from "../../lib/catalog/totals";
import { titleToTsQuery } from "../../lib/catalog/tsquery";
import { disconnectDb, PG_SESSION_OPTIONS } from "../../lib/core/db";
import { env, setEnvCommand } from "../../lib/core/env";
import type { Prisma } from "../../lib/generated/prisma/client";
import { asInput, COUNTRIES, catalogSamples, filteredQueries, TITLES } from "./bench-search-queries";
import { latencySummary } from "./percentiles";

// Checks the environment for what this command uses (lib/core/env.ts ENV_COMMANDS), not the
// server's needs.
setEnvCommand("bench");

type Plan = { Plan: Record<string, unknown>; "Planning Time": number; "Execution Time": number };

function seqScans(node: Record<string, unknown>): string[] {
  const here = node["Node Type"] === "Seq Scan" ? [String(node["Relation Name"])] : [];
  const kids = (node.Plans as Record<string, unknown>[] | undefined) ?? [];
  return [...here, ...kids.flatMap(seqScans)];
}

/** Statements the API's 5 s statement_timeout cancelled (counted at 5,000 ms). */
const cancelled: string[] = [];

async function explain(client: pg.Client, sql: Prisma.Sql): Promise<{ ms: number; seq: string[] }> {
  try {
    const { rows } = await client.query(
      `EXPLAIN (ANALYZE, FORMAT JSON) ${sql.text}`,
      sql.values as unknown[],
    );
    const plan = (rows[0]["QUERY PLAN"] as Plan[])[0]!;
    return { ms: plan["Planning Time"] + plan["Execution Time"], seq: seqScans(plan.Plan) };
  } catch (err) {
    if ((err as { code?: string }).code !== "57014") throw err;
    cancelled.push(sql.text.slice(0, 120).replace(/\s+/g, " "));
    return { ms: 5_000, seq: [] };
  }
}

const fmt = (xs: number[]) => latencySummary(xs, 2);

type Snapshot = { id: number; countryCounts: Record<string, number> };

/**
 * What one search (or facets) request runs: the probes choosing its walk (timed every time,
 * though the API keeps their answers per snapshot), then its page and count, or facets and count.
 */
async function requestStatements(live: Snapshot, asked: SearchInput, facets: boolean) {
  // Marked against the snapshot as the API marks them (a city key another name shares).
  const filters = await withSharedCity(asked.filters ?? { country: asked.filter }, live.id);
  const input = { ...asked, filters };
  const tsquery = input.title ? titleToTsQuery(input.title) : null;
  const lead = await leadOf(live, filters, tsquery, facets ? "relevance" : input.sort);
  const probes = leadProbes(live.id, filters, tsquery).map((sql) => ({ sql }));
  const statements: Statement[] = facets
    ? [
        { sql: facetsSql(tsquery, filters, live.id, lead, await sharedCompanyKeys(live.id)) },
        // A counted total is the sample's own size: facets run only what the import's counts answer.
        ...countStatements(input, live.id, filters, tsquery, lead).filter((s) => !s.deadlineMs),
      ]
    : searchStatements(input, live.id, lead);
  return { lead, statements: [...probes, ...statements] };
}

/** The plans of one query string's statements, as EXPLAIN (ANALYZE, BUFFERS) text. */
async function explainOne(client: pg.Client, live: Snapshot, query: string, facets: boolean) {
  const input = asInput(query, new Date());
  if (!input) throw new Error(`the API would refuse ${query}`);
  const { lead, statements } = await requestStatements(live, input, facets);
  console.log(`lead: ${lead}`);
  for (const { sql } of statements) {
    const { rows } = await client.query(`EXPLAIN (ANALYZE, BUFFERS) ${sql.text}`, sql.values as unknown[]);
    console.log(rows.map((r) => r["QUERY PLAN"]).join("\n"), "\n");
  }
}

async function main() {
  const { values } = parseArgs({
    options: {
      explain: { type: "string" },
      facets: { type: "boolean", default: false },
      slowest: { type: "string", default: "5" },
    },
  });
  // The same session settings as the API's pool, so the plans are the ones it gets.
  const client = new pg.Client({ connectionString: env().DATABASE_URL, options: PG_SESSION_OPTIONS });
  await client.connect();
  const live = await client.query(
    "SELECT s.id, s.job_count, s.country_counts FROM catalog_live l JOIN catalog_snapshots s ON s.id = l.snapshot_id",
  );
  if (!live.rowCount)
    throw new Error("No live catalog: import one first (npm run catalog:demo -- --jobs 1000000).");
  const { id: snapshotId, job_count: jobCount, country_counts: countryCounts } = live.rows[0];
  const snapshot: Snapshot = { id: snapshotId, countryCounts };
  console.log(`snapshot ${snapshotId} with ${jobCount.toLocaleString("en-US")} jobs`);
  if (values.explain !== undefined) {
    await explainOne(client, snapshot, values.explain, values.facets);
    return client.end();
  }

  const inputs: SearchInput[] = [];
  for (const title of TITLES)
    for (const c of COUNTRIES) inputs.push({ title, filter: resolveCountryFilter(c)!, page: 1, perPage: 20 });
  for (const title of TITLES.slice(0, 8))
    inputs.push({ title, filter: resolveCountryFilter("DE")!, page: 5, perPage: 20 });
  const ids =
    // A sample of pages, not a sort of every row: the API's statement timeout applies here too.
    (
      await client.query(
        `SELECT id FROM jobs_s${snapshotId} TABLESAMPLE SYSTEM (0.5) REPEATABLE (14) LIMIT 300`,
      )
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
  // Filtered searches and facets over the same live snapshot.
  const now = new Date();
  const samples = await catalogSamples(client, snapshotId);
  const queries = filteredQueries(samples, 640)
    .map((q) => ({ q, input: asInput(q, now) }))
    .filter((x): x is { q: string; input: SearchInput } => x.input !== null);
  // A count with a deadline is given up at the deadline (the total is then a lower bound).
  let pastDeadline = 0;
  const timed = async (statements: Statement[]) => {
    let ms = 0;
    for (const { sql, deadlineMs } of statements) {
      const p = await explain(client, sql);
      if (deadlineMs !== undefined && p.ms > deadlineMs) pastDeadline++;
      ms += deadlineMs === undefined ? p.ms : Math.min(p.ms, deadlineMs);
      for (const s of p.seq) seq.add(s);
    }
    return ms;
  };
  const statementsOf = async (input: SearchInput) =>
    (await requestStatements(snapshot, input, false)).statements;
  for (const { input } of queries.slice(0, 100)) await timed(await statementsOf(input)); // warm
  const filtered: number[] = [];
  const slowFiltered: { ms: number; what: string }[] = [];
  for (const { q, input } of queries) {
    const ms = await timed(await statementsOf(input));
    filtered.push(ms);
    slowFiltered.push({ ms, what: q });
  }
  // A title's matching titles are read once per process and snapshot (leadOf keeps them), not
  // per request: timed apart, once per title of the filtered searches.
  const kept: number[] = [];
  for (const tsquery of new Set(
    queries.map(({ input }) => (input.title ? titleToTsQuery(input.title) : null)),
  ))
    if (tsquery) kept.push((await explain(client, matchingTitlesSql(tsquery, snapshotId))).ms);
  const facetQueries = [
    "",
    ...COUNTRIES.map((c) => `country=${c}`),
    ...TITLES.slice(0, 20).map((t) => `title=${encodeURIComponent(t)}`),
    ...queries.slice(0, 120).map(({ q }) => q.replace(/&?(page|sort)=[a-z_0-9]+/g, "")),
  ];
  const facets: number[] = [];
  const slowFacets: { ms: number; what: string }[] = [];
  for (const q of facetQueries) {
    const parsed = FacetsQuerySchema.safeParse(Object.fromEntries(new URLSearchParams(q)));
    if (!parsed.success) continue;
    const rules = toFilters({ ...parsed.data, page: 1, per_page: 1 }, now);
    if (!rules.ok) continue;
    const { filters } = rules.value;
    const input = { title: parsed.data.title, filter: filters.country, page: 1, perPage: 1, filters };
    const ms = await timed((await requestStatements(snapshot, input, true)).statements);
    facets.push(ms);
    slowFacets.push({ ms, what: q || "(everything)" });
  }

  console.log(`title+country search (page and total): ${fmt(search)}   goal p95 < 50 ms`);
  console.log(`filtered search (page + count)       : ${fmt(filtered)}   goal p95 < 50 ms`);
  console.log(`facets (facets + count)              : ${fmt(facets)}   goal p95 < 100 ms`);
  console.log(`a title's matching titles, once      : ${fmt(kept)}`);
  console.log(
    `counts over their ${COUNT_DEADLINE_MS} ms deadline (total_exact false, a lower bound): ${pastDeadline} of ${filtered.length + facets.length} requests`,
  );
  console.log(`listing without title (to page 500)  : ${fmt(listing)}`);
  console.log(`detail lookup                        : ${fmt(detail)}   goal p95 < 5 ms`);
  slowest.sort((a, b) => b.ms - a.ms);
  console.log(
    `slowest searches: ${slowest
      .slice(0, 5)
      .map((s) => `${s.what} ${s.ms.toFixed(1)} ms`)
      .join("; ")}`,
  );
  for (const [label, list] of [
    ["filtered", slowFiltered],
    ["facets", slowFacets],
  ] as const) {
    list.sort((a, b) => b.ms - a.ms);
    console.log(
      `slowest ${label}: ${list
        .slice(0, Number(values.slowest))
        .map((s) => `${s.what} ${s.ms.toFixed(1)} ms`)
        .join("; ")}`,
    );
  }
  const size = await client.query(
    `SELECT pg_total_relation_size($1::regclass) AS total, pg_relation_size($1::regclass) AS heap`,
    [`jobs_s${snapshotId}`],
  );
  const mb = (b: number) => (b / 1024 / 1024).toFixed(0);
  const perMillion = (b: number) => mb((b * 1_000_000) / jobCount);
  console.log(
    `disk: jobs partition ${mb(size.rows[0].total)} MB (heap ${mb(size.rows[0].heap)} MB, indexes ${mb(size.rows[0].total - size.rows[0].heap)} MB); per million jobs ${perMillion(size.rows[0].total)} MB`,
  );
  if (cancelled.length)
    console.log(
      `CANCELLED by the 5 s statement timeout (${cancelled.length}): ${cancelled.slice(0, 3).join(" | ")}`,
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

try {
  await main();
} catch (err) {
  console.error((err as Error).message);
  process.exitCode = 1;
} finally {
  await disconnectDb(); // leadOf's counts ran on the API's pool
}
