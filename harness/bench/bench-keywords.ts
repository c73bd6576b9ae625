// npm run bench:keywords — keyword search (q) against the live catalog, through the same code the
// API runs (searchCatalog, facetsCatalog), each query once with its results not yet cached:
// rare and common words, phrases, exclusions, OR, misspellings, abbreviations the synonym list
// widens (alone and beside a common word), with and without filters, shallow and deep pages.
// Reports p50/p95/max per family and how many totals were lower bounds.
// Not a test: run it on a loaded catalog (npm run catalog:demo -- --jobs 1000000). `--list` also
// prints every query's time as a tab-separated line (Q, family, query, ms), to compare builds
// query by query.
import { performance } from "node:perf_hooks";
import pg from "pg";
import { SYNONYMS } from "../../lib/catalog/keywords/synonyms";
import { facetsCatalog, searchCatalog } from "../../lib/catalog/queries";
import { disconnectDb } from "../../lib/core/db";
import { env, setEnvCommand } from "../../lib/core/env";
import { latencySummary } from "./percentiles";

setEnvCommand("bench");

/** mulberry32, seeded: every run asks the same queries of the same catalog. */
function rng(seed: number) {
  let a = seed >>> 0;
  return (n: number) => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n);
  };
}

const FILTERS = [
  "",
  "&country=DE",
  "&country=US&remote=remote",
  "&seniority=senior,lead",
  "&country=EU&employment_type=contract",
];
const PAGES = ["", "", "&page=5", "&page=40&per_page=25"];
const PHRASES = [
  "data engineer",
  "software engineer",
  "registered nurse",
  "project manager",
  "customer service",
  "machine learning",
];

function swap(word: string, at: number): string {
  const i = 1 + (at % Math.max(1, word.length - 2));
  return word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2);
}

async function vocabulary(client: pg.Client) {
  const { rows } = await client.query<{ term: string; jobs: number }>(
    `SELECT term, jobs FROM search_terms WHERE snapshot_id = (SELECT snapshot_id FROM catalog_live WHERE id = 1)
     AND length(term) >= 4 ORDER BY jobs DESC, term`,
  );
  const n = rows.length;
  return {
    common: rows.slice(0, Math.max(1, Math.floor(n * 0.02))).map((r) => r.term),
    middle: rows.slice(Math.floor(n * 0.1), Math.floor(n * 0.4)).map((r) => r.term),
    rare: rows.slice(Math.floor(n * 0.8)).map((r) => r.term),
  };
}

type Family = { name: string; queries: string[] };

function families(v: Awaited<ReturnType<typeof vocabulary>>, per: number): Family[] {
  const r = rng(22);
  const pick = (xs: string[]) => xs[r(xs.length)] as string;
  const tail = () => `${pick(FILTERS)}${pick(PAGES)}`;
  const make = (f: () => string) =>
    Array.from({ length: per }, () => `q=${encodeURIComponent(f())}${tail()}`);
  return [
    { name: "one common word", queries: make(() => pick(v.common)) },
    { name: "one rare word", queries: make(() => pick(v.rare)) },
    { name: "two words (common + middle)", queries: make(() => `${pick(v.common)} ${pick(v.middle)}`) },
    { name: "phrase + word", queries: make(() => `"${pick(PHRASES)}" ${pick(v.middle)}`) },
    { name: "word -exclusion", queries: make(() => `${pick(v.common)} -${pick(v.middle)}`) },
    { name: "a OR b, + word", queries: make(() => `${pick(v.middle)} OR ${pick(v.rare)} ${pick(v.common)}`) },
    { name: "misspelt word (corrected)", queries: make(() => swap(pick(v.middle), r(100))) },
    { name: "abbreviation (synonyms)", queries: make(() => pick(Object.keys(SYNONYMS))) },
    // Last, so that the families above ask the same queries as in runs before it was added.
    {
      name: "abbreviation + common word",
      queries: make(() => `${pick(Object.keys(SYNONYMS))} ${pick(v.common)}`),
    },
  ];
}

const fmt = (xs: number[]) => latencySummary(xs, 1);

async function main() {
  const per = Number(process.argv.find((a) => a.startsWith("--per="))?.slice(6) ?? 80);
  const list = process.argv.includes("--list");
  const client = new pg.Client({ connectionString: env().DATABASE_URL });
  await client.connect();
  const v = await vocabulary(client);
  await client.end();
  if (!v.rare.length)
    throw new Error("No vocabulary: import a catalog first (npm run catalog:demo -- --jobs 1000000).");
  const all: number[] = [];
  const facets: number[] = [];
  let bounds = 0;
  let refused = 0;
  const failed: string[] = [];
  const slowest: { ms: number; q: string }[] = [];
  // Warm the pools and the catalog's pages once, with queries not measured below.
  for (const q of ["q=warmup", "q=engineer", "q=nurse&country=DE"])
    await searchCatalog(new URLSearchParams(q));
  for (const family of families(v, per)) {
    const times: number[] = [];
    for (const q of family.queries) {
      const t = performance.now();
      try {
        const r = await searchCatalog(new URLSearchParams(q));
        if (!r.ok) refused++;
        else if (!r.value.page.meta.total_exact) bounds++;
      } catch (err) {
        failed.push(`${q}: ${(err as Error).message.split("\n").pop()}`);
      }
      const ms = performance.now() - t;
      times.push(ms);
      slowest.push({ ms, q });
      if (list) console.log(`Q\t${family.name}\t${q}\t${ms.toFixed(1)}`);
    }
    all.push(...times);
    console.log(`${family.name.padEnd(30)}: ${fmt(times)}`);
    for (const q of family.queries.slice(0, Math.ceil(per / 4))) {
      const facetQuery = q.replace(/&(page|per_page)=\d+/g, "");
      const t = performance.now();
      try {
        await facetsCatalog(new URLSearchParams(facetQuery));
      } catch (err) {
        failed.push(`facets ${facetQuery}: ${(err as Error).message.split("\n").pop()}`);
      }
      const ms = performance.now() - t;
      facets.push(ms);
      slowest.push({ ms, q: `facets ${facetQuery}` });
      if (list) console.log(`Q\tfacets: ${family.name}\t${facetQuery}\t${ms.toFixed(1)}`);
    }
  }
  console.log(`${"all keyword searches".padEnd(30)}: ${fmt(all)}   goal p95 < 100 ms, max < 500 ms`);
  console.log(`${"facets with q".padEnd(30)}: ${fmt(facets)}   goal p95 < 150 ms`);
  console.log(`totals that were lower bounds: ${bounds} of ${all.length}; refused: ${refused}`);
  slowest.sort((a, b) => b.ms - a.ms);
  console.log(
    `slowest: ${slowest
      .slice(0, 12)
      .map((s) => `${s.q} ${s.ms.toFixed(0)} ms`)
      .join("; ")}`,
  );
  if (failed.length) console.log(`FAILED (${failed.length}): ${failed.slice(0, 8).join(" | ")}`);
}

try {
  await main();
} catch (err) {
  console.error((err as Error).message);
  process.exitCode = 1;
} finally {
  await disconnectDb();
}
