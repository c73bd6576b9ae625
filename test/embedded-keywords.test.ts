// Keyword search on the embedded database (PGlite) gives the answers PostgreSQL gives: the same
// words per job, the same vocabulary for corrections, and the same jobs for every operator.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importSnapshot } from "@/lib/catalog/import/load";
import {
  otherMatchesSql,
  otherMatchesWholeSql,
  type Tier,
  tierTitlesSql,
  tierWalkSql,
  titleTiersSql,
} from "@/lib/catalog/keyword-tiers";
import { expandSynonyms } from "@/lib/catalog/keywords/expand";
import { parseQuery } from "@/lib/catalog/keywords/parse";
import { tsquerySql } from "@/lib/catalog/keywords/tsquery-sql";
import { migrate } from "@/lib/core/migrate";
import { type EmbeddedPostgres, startEmbeddedPostgres } from "@/lib/embedded/postgres";
import { numbered } from "./support/fixtures";
import { KEYWORD_CASES, KEYWORD_JOBS } from "./support/keyword-fixtures";

let dataRoot: string;
let embedded: EmbeddedPostgres;
const snapshots: Record<"pg" | "pglite", number> = { pg: 0, pglite: 0 };

const load = (url: string) => importSnapshot(url, { label: "keywords", jobs: numbered(KEYWORD_JOBS) });

beforeAll(async () => {
  dataRoot = await mkdtemp(path.join(tmpdir(), "jsa-embedded-kw-"));
  embedded = await startEmbeddedPostgres(dataRoot, "server");
  await migrate(embedded.url);
  snapshots.pglite = (await load(embedded.url)).snapshotId;
  snapshots.pg = (await load(process.env.DATABASE_URL!)).snapshotId;
}, 120_000);

afterAll(async () => {
  try {
    await embedded?.close();
  } finally {
    if (dataRoot) await rm(dataRoot, { recursive: true, force: true });
  }
});

async function onBoth<T extends pg.QueryResultRow>(
  text: (snapshot: number) => { text: string; values: unknown[] },
) {
  const out: T[][] = [];
  for (const [url, snapshot] of [
    [process.env.DATABASE_URL!, snapshots.pg],
    [embedded.url, snapshots.pglite],
  ] as const) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const q = text(snapshot);
      out.push((await client.query<T>(q.text, q.values)).rows);
    } finally {
      await client.end();
    }
  }
  return out as [T[], T[]];
}

describe("keyword search on PGlite and PostgreSQL", () => {
  it("stores the same words for every job and keeps the same vocabulary", async () => {
    const [pgWords, pgliteWords] = await onBoth<{ id: string; search: string }>((s) => ({
      text: "SELECT id, search::text AS search FROM jobs WHERE snapshot_id = $1 ORDER BY id",
      values: [s],
    }));
    expect(pgWords.length).toBe(KEYWORD_JOBS.length);
    expect(pgliteWords).toEqual(pgWords);
    const [pgTerms, pgliteTerms] = await onBoth<{ term: string; jobs: number }>((s) => ({
      text: "SELECT term, jobs FROM search_terms WHERE snapshot_id = $1 ORDER BY term",
      values: [s],
    }));
    expect(pgTerms.map((t) => t.term)).toContain("python");
    expect(pgliteTerms).toEqual(pgTerms);
  });

  it.each(KEYWORD_CASES)("q=%s: its title tiers and their walks read the same jobs on both", async (q) => {
    const parsed = parseQuery(q);
    if (!parsed.ok) throw new Error(parsed.message);
    const filters = { keywords: expandSynonyms(parsed.value).clauses };
    const [tiers, pgliteTiers] = await onBoth<Tier>((s) => titleTiersSql(filters, s));
    expect(pgliteTiers).toEqual(tiers);
    const ids = tiers.flatMap((t) => t.ids);
    for (const sql of [
      (s: number) => tierWalkSql(filters, s, ids, 20),
      (s: number) => tierTitlesSql(filters, s, tiers, 20),
      (s: number) => otherMatchesSql(filters, s, ids, 20),
      (s: number) => otherMatchesWholeSql(filters, s, ids, 20),
    ]) {
      const [a, b] = await onBoth<{ id: string }>(sql);
      expect(b.map((r) => r.id)).toEqual(a.map((r) => r.id));
    }
  });

  it.each(KEYWORD_CASES)("q=%s matches the same jobs on both", async (q, want) => {
    const parsed = parseQuery(q);
    if (!parsed.ok) throw new Error(parsed.message);
    const where = tsquerySql(expandSynonyms(parsed.value).clauses);
    const [a, b] = await onBoth<{ id: string }>((s) => ({
      text: `SELECT id FROM jobs WHERE snapshot_id = $${where.values.length + 1} AND search @@ ${where.text} ORDER BY id`,
      values: [...where.values, s],
    }));
    expect(a.map((r) => r.id).sort()).toEqual([...want].sort());
    expect(b).toEqual(a);
  });
});
