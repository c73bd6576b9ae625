// The common phrases the importer numbers after the common words: a job lists a phrase exactly
// when its words match the phrase (the database's own `<->` on their positions), so that a quoted
// phrase is decided by the list as a word is, and a job holding every number still fits the
// listings' index entries.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoJobs } from "@/lib/catalog/demo/generate";
import {
  COMMON_PHRASES,
  COMMON_WORD_BITS,
  MORE_WORDS,
  PHRASE_BASE,
} from "@/lib/catalog/keywords/common-words";
import { resolveKeywords } from "@/lib/catalog/keywords/resolve";
import { tsquerySql } from "@/lib/catalog/keywords/tsquery-sql";
import { bitsKeepSql, wordsMatchSql } from "@/lib/catalog/keywords/word-bits-sql";
import { db } from "@/lib/core/db";
import { Prisma } from "@/lib/generated/prisma/client";
import { loadCatalog, type Rec } from "./support/fixtures";

let pool: pg.Pool;
let snapshotId = 0;
beforeAll(async () => {
  pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 2 });
  const demo = [...demoJobs({ jobs: 1_500, seed: 11, asOf: new Date("2026-11-21T00:00:00Z") })] as Rec[];
  // Markup: the database makes this job's words, and fillWords its list, phrases included.
  demo[4] = {
    ...demo[4],
    description: `${demo[7]?.description} Pay: base < bonus, data engineer, software as a service`,
  };
  // The synonym list's longer expansions, numbered as chains whether held or not: held, held with
  // other stop words at the same distance (the same phrase to the database), and apart.
  for (const [i, text] of [
    [10, "We use customer relationship management tools."],
    [11, "Customer-relationship management daily."],
    [12, "Our software as a service platform."],
    [13, "Software and a service."],
    [14, "Software, a really good service."],
    [15, "Management of customer relationship."],
  ] as const)
    demo[i] = { ...demo[i], description: `${demo[i]?.description} ${text}` };
  // "IT" is a stop word whose synonym is this phrase: numbered, as a synonym held twice is.
  for (const i of [5, 6, 9])
    demo[i] = { ...demo[i], description: `${demo[i]?.description} Our information technology team.` };
  snapshotId = (await loadCatalog(demo, null, "common phrases")).snapshotId;
}, 120_000);
afterAll(async () => {
  await loadCatalog();
  await pool.end();
});

describe("common phrases", () => {
  it("are listed on exactly the jobs whose words match them as phrases (made by the loader or the database)", async () => {
    const { rows } = await pool.query<{
      phrases: number;
      listed: number;
      wrong: number;
      first: number;
      last: number;
    }>(
      `SELECT count(DISTINCT c.bit)::int AS phrases, min(c.bit)::int AS first, max(c.bit)::int AS last,
         count(*) FILTER (WHERE c.bit = ANY (j.more_words))::int AS listed,
         count(*) FILTER (WHERE (c.bit = ANY (j.more_words)) IS DISTINCT FROM
           (j.search @@ (CASE WHEN c.lexeme LIKE '''%' THEN c.lexeme
             ELSE quote_literal(split_part(c.lexeme, ' ', 1)) || ' <-> ' || quote_literal(split_part(c.lexeme, ' ', 2)) END)::tsquery))::int AS wrong
       FROM common_words c JOIN jobs j ON j.snapshot_id = c.snapshot_id
       WHERE c.snapshot_id = $1 AND c.bit >= $2`,
      [snapshotId, PHRASE_BASE],
    );
    const r = rows[0];
    expect(r?.phrases).toBeGreaterThan(50);
    expect([r?.first, r?.last]).toEqual([PHRASE_BASE, PHRASE_BASE + (r?.phrases ?? 0) - 1]);
    expect(r?.listed).toBeGreaterThan(1_500);
    expect(r?.wrong).toBe(0);
    const made = await pool.query<{ listed: boolean }>(
      `SELECT EXISTS (SELECT 1 FROM common_words c WHERE c.snapshot_id = $1 AND c.lexeme = 'data engin'
         AND c.bit = ANY (j.more_words)) AS listed FROM jobs j WHERE snapshot_id = $1 AND description LIKE '%base < bonus%'`,
      [snapshotId],
    );
    expect(made.rows).toEqual([{ listed: true }]);
  });

  it("number the synonym list's longer expansions by the database's own tsquery text, held or not", async () => {
    const { rows } = await pool.query<{ text: string; key: string | null; listed: number; words: number }>(
      `SELECT phraseto_tsquery('jobs_english', t)::text AS text, c.lexeme AS key,
         (SELECT count(*)::int FROM jobs j WHERE j.snapshot_id = $1 AND c.bit = ANY (j.more_words)) AS listed,
         (SELECT count(*)::int FROM jobs j WHERE j.snapshot_id = $1 AND j.search @@ phraseto_tsquery('jobs_english', t)) AS words
       FROM unnest($2::text[]) WITH ORDINALITY AS w(t, n)
       LEFT JOIN common_words c ON c.snapshot_id = $1 AND c.bit >= $3 AND c.lexeme = phraseto_tsquery('jobs_english', t)::text
       ORDER BY n`,
      [
        snapshotId,
        ["customer relationship management", "software as a service", "chief information security officer"],
        PHRASE_BASE,
      ],
    );
    expect(rows.map((r) => r.key)).toEqual([
      "'custom' <-> 'relationship' <-> 'manag'",
      "'softwar' <3> 'servic'",
      "'chief' <-> 'inform' <-> 'secur' <-> 'offic'",
    ]);
    expect(rows.map((r) => r.key)).toEqual(rows.map((r) => r.text));
    // The markup job's words are the database's: fillWords lists it by the same tsquery.
    expect(rows.map((r) => r.listed)).toEqual(rows.map((r) => r.words));
    expect(rows.map((r) => r.words > 0)).toEqual([true, true, false]);
    expect(rows[1]?.words).toBeGreaterThanOrEqual(3);
  });

  it("decide an abbreviation whose synonym is a longer phrase without reading a job's words", async () => {
    for (const q of [
      "crm",
      "saas",
      `crm -"data engineer"`,
      `"customer relationship management"`,
      "python -saas",
      // Beside another clause: every phrase is asked of the words' index.
      "crm python",
      `saas OR "data engineer" engineer`,
    ]) {
      const k = await resolveKeywords(q, snapshotId, false);
      if (!k.ok) throw new Error(`${q}: ${JSON.stringify(k)}`);
      const bits = k.value.bits;
      expect({ q, exact: bits?.exact }).toEqual({ q, exact: true });
      // `led`: the phrase found by the list's index, as a statement reading this snapshot asks.
      const [counts] = await db().$queryRaw<{ words: number; bits: number; listed: number; led: number }[]>(
        Prisma.sql`SELECT count(*) FILTER (WHERE search @@ ${tsquerySql(k.value.clauses)})::int AS words,
          count(*) FILTER (WHERE ${bitsKeepSql(bits as NonNullable<typeof bits>)})::int AS bits,
          count(*) FILTER (WHERE ${wordsMatchSql(k.value.clauses, bits)})::int AS listed,
          count(*) FILTER (WHERE ${wordsMatchSql(k.value.clauses, bits, { snapshotId })})::int AS led
          FROM jobs WHERE snapshot_id = ${snapshotId}`,
      );
      const words = counts?.words;
      expect({ q, ...counts }).toEqual({ q, words, bits: words, listed: words, led: words });
    }
  });

  it("find an abbreviation's phrase by the list's index, reading no job that holds only the phrase's words", async () => {
    const k = await resolveKeywords("crm", snapshotId, false);
    if (!k.ok) throw new Error(JSON.stringify(k));
    const where = (lead: boolean) =>
      Prisma.sql`snapshot_id = ${snapshotId} AND ${wordsMatchSql(k.value.clauses, k.value.bits, lead ? { snapshotId } : {})}`;
    // A bitmap of the indexes, as the planner chooses on a large catalog.
    const plan = async (lead: boolean) =>
      db().$transaction(async (tx) => {
        await tx.$executeRawUnsafe("SET LOCAL enable_seqscan = off");
        await tx.$executeRawUnsafe("SET LOCAL enable_indexscan = off");
        const rows = await tx.$queryRaw<{ "QUERY PLAN": unknown }[]>(
          Prisma.sql`EXPLAIN (ANALYZE, FORMAT JSON) SELECT id FROM jobs WHERE ${where(lead)}`,
        );
        return JSON.stringify(rows[0]?.["QUERY PLAN"]);
      });
    const removed = (json: string) =>
      [...json.matchAll(/"Rows Removed by (?:Filter|Index Recheck)":\s*(\d+)/g)].reduce(
        (n, m) => n + Number(m[1]),
        0,
      );
    const [words] = await db().$queryRaw<{ n: number; apart: number }[]>(
      Prisma.sql`SELECT count(*) FILTER (WHERE search @@ ${tsquerySql(k.value.clauses)})::int AS n,
        count(*) FILTER (WHERE search @@ plainto_tsquery('jobs_english', 'customer relationship management')
          AND NOT search @@ ${tsquerySql(k.value.clauses)})::int AS apart
        FROM jobs WHERE snapshot_id = ${snapshotId}`,
    );
    // The catalog holds the three words apart on jobs that do not match.
    expect(words?.apart).toBeGreaterThan(0);
    const led = await plan(true);
    expect(led).toContain(`jobs_s${snapshotId}_more_words_idx`);
    expect(led).toMatch(new RegExp(`"Actual Rows":\\s*${words?.n}\\b`));
    expect(removed(led)).toBe(0);
    // Asked of the words' index as the phrase's lexemes, the jobs holding them apart are read too.
    expect(removed(await plan(false))).toBeGreaterThanOrEqual(words?.apart ?? 1);
  });

  it("decide a quoted phrase alone, with the same jobs the words give, excluded or in a set too", async () => {
    const numbered = await pool.query<{ lexeme: string }>(
      "SELECT lexeme FROM common_words WHERE snapshot_id = $1 AND lexeme IN ('data engin', 'softwar engin')",
      [snapshotId],
    );
    expect(numbered.rows).toHaveLength(2);
    for (const q of [
      `"data engineer"`,
      `"Software Engineers" -"data engineer"`,
      `"data engineer" OR "software engineer"`,
      `"data engineer" -python`,
      `python -"data engineer"`,
      `engineer -"data engineer" -"software engineer"`,
    ]) {
      const k = await resolveKeywords(q, snapshotId, false);
      if (!k.ok) throw new Error(`${q}: ${JSON.stringify(k)}`);
      const bits = k.value.bits;
      expect({
        q,
        exact: bits?.exact,
        phrase: [...(bits?.need ?? []), ...(bits?.forbid ?? []), ...(bits?.anyOf.flat() ?? [])].some(
          (n) => n >= PHRASE_BASE,
        ),
      }).toEqual({ q, exact: true, phrase: true });
      // By the numbers alone (a walk), and by the words' condition that asks the list for the
      // phrase's positions (counts, pages read from the words' index).
      const [counts] = await db().$queryRaw<{ words: number; bits: number; listed: number; led: number }[]>(
        Prisma.sql`SELECT count(*) FILTER (WHERE search @@ ${tsquerySql(k.value.clauses)})::int AS words,
          count(*) FILTER (WHERE ${bitsKeepSql(bits as NonNullable<typeof bits>)})::int AS bits,
          count(*) FILTER (WHERE ${wordsMatchSql(k.value.clauses, bits)})::int AS listed,
          count(*) FILTER (WHERE ${wordsMatchSql(k.value.clauses, bits, { snapshotId })})::int AS led
          FROM jobs WHERE snapshot_id = ${snapshotId}`,
      );
      const words = counts?.words;
      expect({ q, ...counts }).toEqual({ q, words, bits: words, listed: words, led: words });
      expect(counts?.words).toBeGreaterThan(0);
    }
  });

  it("find a stop word's synonym phrase by the words, not an empty query", async () => {
    const numbered = await pool.query(
      "SELECT 1 FROM common_words WHERE snapshot_id = $1 AND lexeme = 'inform technolog'",
      [snapshotId],
    );
    expect(numbered.rows).toHaveLength(1);
    for (const q of ["IT", `IT -"data engineer"`]) {
      const k = await resolveKeywords(q, snapshotId, false);
      if (!k.ok) throw new Error(`${q}: ${JSON.stringify(k)}`);
      const [counts] = await db().$queryRaw<{ words: number; listed: number }[]>(
        Prisma.sql`SELECT count(*) FILTER (WHERE search @@ ${tsquerySql(k.value.clauses)})::int AS words,
          count(*) FILTER (WHERE ${wordsMatchSql(k.value.clauses, k.value.bits)})::int AS listed
          FROM jobs WHERE snapshot_id = ${snapshotId}`,
      );
      expect({ q, listed: counts?.listed }).toEqual({ q, listed: counts?.words });
      expect(counts?.words).toBeGreaterThanOrEqual(3);
    }
  });

  it("fit the listings' index entries on a job holding every word and phrase a job can be numbered", async () => {
    const every = Array.from(
      { length: PHRASE_BASE + COMMON_PHRASES - COMMON_WORD_BITS },
      (_, i) => COMMON_WORD_BITS + i,
    );
    expect(every).toHaveLength(MORE_WORDS + COMMON_PHRASES);
    // Rolled back: the update writes the row's entries in every index on the jobs, the two
    // listings holding the list included; an entry past btree's limit fails the statement.
    const client = await pool.connect();
    try {
      await client.query("BEGIN");
      const res = await client.query(
        `UPDATE jobs SET more_words = $2::int2[], common_words = repeat('1', ${COMMON_WORD_BITS})::varbit,
           id = rpad(id, 64, 'x')
         WHERE snapshot_id = $1 AND id = (SELECT min(id) FROM jobs WHERE snapshot_id = $1)`,
        [snapshotId, every],
      );
      expect(res.rowCount).toBe(1);
    } finally {
      await client.query("ROLLBACK");
      client.release();
    }
  });
});
