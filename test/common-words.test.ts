// Each job's common-word bits, as the importer writes them, and what searches do with them: the
// bits are exactly the snapshot's common lexemes the job's words hold, they never rule out a job
// that matches, and a walk checks them before it reads a job's words.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoJobs } from "@/lib/catalog/demo/generate";
import { jobFacets } from "@/lib/catalog/facets";
import { filterSql } from "@/lib/catalog/filter-sql";
import { type Tier, tierTitlesSql, tierWalkSql, titleTiersSql } from "@/lib/catalog/keyword-tiers";
import { PHRASE_BASE } from "@/lib/catalog/keywords/common-words";
import { resolveKeywords } from "@/lib/catalog/keywords/resolve";
import { tsquerySql } from "@/lib/catalog/keywords/tsquery-sql";
import { forWalk, MAX_WALK_JOBS } from "@/lib/catalog/keywords/walk-by-bits";
import { ruleOutCondition } from "@/lib/catalog/keywords/word-bits-sql";
import { db } from "@/lib/core/db";
import { Prisma } from "@/lib/generated/prisma/client";
import { loadCatalog, type Rec } from "./support/fixtures";

let pool: pg.Pool;
let snapshotId = 0;
let jobs = 0;
beforeAll(async () => {
  pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 2 });
  const demo = [...demoJobs({ jobs: 1_500, seed: 11, asOf: new Date("2026-11-21T00:00:00Z") })] as Rec[];
  // Markup: the database makes this job's words, and fillWords its bits and list (a whole ad's
  // text, so that it holds words of both kinds).
  demo[4] = { ...demo[4], description: `${demo[7]?.description} Pay: base < bonus, python and remote work` };
  const result = await loadCatalog(demo, null, "common words");
  snapshotId = result.snapshotId;
  jobs = result.jobs;
}, 120_000);
afterAll(async () => {
  await loadCatalog();
  await pool.end();
});

/** Lexemes of the snapshot, from most to fewest jobs holding them. */
async function lexemesByJobs(): Promise<{ lexeme: string; n: number; bit: number | null }[]> {
  const { rows } = await pool.query(
    `SELECT w.word AS lexeme, w.ndoc AS n, c.bit FROM ts_stat($$SELECT search FROM jobs WHERE snapshot_id = ${snapshotId}$$) w
     LEFT JOIN common_words c ON c.snapshot_id = $1 AND c.lexeme = w.word ORDER BY w.ndoc DESC, w.word`,
    [snapshotId],
  );
  return rows;
}

describe("common-word bits", () => {
  it("are, for every job, exactly the common lexemes its words hold (made by the loader or the database)", async () => {
    const { rows } = await pool.query<{
      all: string;
      wrong: string;
      without: string;
      words: string;
      more: string;
    }>(
      `SELECT count(*) AS all, count(*) FILTER (WHERE common_words IS NULL OR more_words IS NULL) AS without,
         count(*) FILTER (WHERE common_words IS DISTINCT FROM x.bits
           OR ARRAY(SELECT n FROM unnest(more_words) n WHERE n < ${PHRASE_BASE}) IS DISTINCT FROM x.more) AS wrong,
         (SELECT count(*) FROM common_words WHERE snapshot_id = $1 AND bit < ${PHRASE_BASE}) AS words,
         sum(cardinality(more_words)) AS more
       FROM jobs j CROSS JOIN LATERAL (
         SELECT coalesce(bit_or(set_bit(repeat('0', 1024)::varbit, c.bit, 1)) FILTER (WHERE c.bit < 1024), repeat('0', 1024)::varbit) AS bits,
           coalesce(array_agg(c.bit ORDER BY c.bit) FILTER (WHERE c.bit >= 1024), '{}') AS more
         FROM unnest(tsvector_to_array(j.search)) l(lexeme) JOIN common_words c ON c.snapshot_id = $1 AND c.lexeme = l.lexeme) x
       WHERE j.snapshot_id = $1`,
      [snapshotId],
    );
    // The job whose words the database made (its text holds "<") has its bits all the same.
    expect(rows[0]).toMatchObject({ all: String(jobs), wrong: "0", without: "0" });
    const made = await pool.query<{ n: number }>(
      "SELECT cardinality(more_words) AS n FROM jobs WHERE snapshot_id = $1 AND description LIKE '%<%'",
      [snapshotId],
    );
    expect(made.rows[0]?.n).toBeGreaterThan(0);
    // The first batch chose them: the 1,024 most held lexemes get a bit, the next ones a number
    // past the bits (this catalog's first batch holds more than 1,024 lexemes twice or more), and
    // phrases are numbered after them (common-phrases.test.ts).
    const words = Number(rows[0]?.words);
    expect(words).toBeGreaterThan(1024);
    expect(words).toBeLessThanOrEqual(PHRASE_BASE);
    expect(Number(rows[0]?.more)).toBeGreaterThan(jobs);
    const bits = await pool.query(
      "SELECT count(DISTINCT bit) AS n, max(bit) AS top FROM common_words WHERE snapshot_id = $1 AND bit < $2",
      [snapshotId, PHRASE_BASE],
    );
    expect(bits.rows[0]).toEqual({ n: String(words), top: words - 1 });
  });

  it("go to the lexemes most jobs hold", async () => {
    const lexemes = await lexemesByJobs();
    // The twenty most widely held lexemes of the whole snapshot all have a bit.
    expect(lexemes.slice(0, 20).filter((l) => l.bit === null)).toEqual([]);
  });

  it("never rule out a job that matches, and rule out every job a common word misses", async () => {
    const lexemes = (await lexemesByJobs()).filter((l) => /^[a-z]{4,}$/.test(l.lexeme));
    // Bits and the list of more words both rule out (a word of each kind among these).
    const common = lexemes.filter((l) => l.bit !== null);
    expect(common.some((l) => (l.bit as number) >= 1024)).toBe(true);
    const rare = lexemes.filter((l) => l.bit === null);
    const pick = (list: typeof lexemes, i: number) =>
      (list[(i * 7919) % list.length] as (typeof lexemes)[number]).lexeme;
    const queries = Array.from({ length: 40 }, (_, i) => {
      const [a, b, c] = [pick(common, i), pick(common, i + 11), pick(rare, i)];
      return [a, `${a} -${b}`, `${a} OR ${b}`, `"${a} ${b}" ${c}`, `${a} OR ${c}`, `-${a} ${c}`][
        i % 6
      ] as string;
    });
    let ruledOut = 0;
    for (const q of queries) {
      const k = await resolveKeywords(q, snapshotId, false);
      if (!k.ok) throw new Error(`${q}: ${JSON.stringify(k)}`);
      const condition = ruleOutCondition(k.value.bits) ?? Prisma.sql`true`;
      const [counts] = await db().$queryRaw<{ matches: number; kept: number; wrong: number }[]>(
        Prisma.sql`SELECT count(*) FILTER (WHERE common_words IS NOT NULL AND search @@ ${tsquerySql(k.value.clauses)})::int AS matches,
          count(*) FILTER (WHERE common_words IS NOT NULL AND ${condition})::int AS kept,
          count(*) FILTER (WHERE search @@ ${tsquerySql(k.value.clauses)} AND NOT (${condition}))::int AS wrong
          FROM jobs WHERE snapshot_id = ${snapshotId}`,
      );
      expect({ q, wrong: counts?.wrong }).toEqual({ q, wrong: 0 });
      ruledOut += jobs - (counts?.kept ?? 0);
      // A single common word is decided by its bit alone (on jobs that have bits).
      if (!/[ "]/.test(q)) expect({ q, kept: counts?.kept }).toEqual({ q, kept: counts?.matches });
    }
    expect(ruledOut).toBeGreaterThan(jobs * 10);
  });

  it("are checked before a job's words when a search walks the jobs by date", async () => {
    const k = await resolveKeywords("python -senior", snapshotId, false);
    if (!k.ok) throw new Error(JSON.stringify(k));
    const where = filterSql({
      keywords: k.value.clauses,
      wordBits: k.value.bits,
      seniority: ["lead", "senior"],
    });
    const plan = await db().$queryRaw<{ "QUERY PLAN": string }[]>(
      Prisma.sql`EXPLAIN (VERBOSE) SELECT id FROM jobs WHERE snapshot_id = ${snapshotId} ${where}
        ORDER BY posted_at DESC, id LIMIT 10`,
    );
    const filter = plan.map((r) => r["QUERY PLAN"]).find((l) => l.includes("words_rule_out")) ?? "";
    expect(filter).toContain("@@");
    expect(filter.indexOf("words_rule_out")).toBeLessThan(filter.indexOf("@@"));
  });

  it("check the list of more words before a job's words too", async () => {
    const listed = (await lexemesByJobs()).find((l) => (l.bit ?? 0) >= 1024 && /^[a-z]{4,}$/.test(l.lexeme));
    // A phrase: the words decide, after the bits and the list have ruled jobs out.
    const k = await resolveKeywords(`"python developer" ${listed?.lexeme}`, snapshotId, false);
    if (!k.ok) throw new Error(JSON.stringify(k));
    expect(k.value.bits?.exact).toBe(false);
    const where = filterSql({ keywords: k.value.clauses, wordBits: k.value.bits, seniority: ["senior"] });
    // A walk, as on a catalog large enough for the words' index to lose to one.
    const plan = await db().$transaction(async (tx) => {
      await tx.$executeRaw`SET LOCAL enable_bitmapscan = off`;
      return tx.$queryRaw<{ "QUERY PLAN": string }[]>(
        Prisma.sql`EXPLAIN (VERBOSE) SELECT id FROM jobs WHERE snapshot_id = ${snapshotId} ${where}
          ORDER BY posted_at DESC, id LIMIT 10`,
      );
    });
    const filter = plan.map((r) => r["QUERY PLAN"]).find((l) => l.includes("more_words_rule_out")) ?? "";
    expect(filter).toContain("@@");
    expect(filter.indexOf("more_words_rule_out")).toBeLessThan(filter.indexOf("@@"));
  });

  it("decide a walk alone when exact, the job whose words the database made included", async () => {
    const lexemes = await lexemesByJobs();
    const common = lexemes.filter((l) => l.bit !== null && /^[a-z]{4,}$/.test(l.lexeme)).slice(0, 30);
    const markup = await pool.query<{ search: string }>(
      "SELECT search::text FROM jobs WHERE snapshot_id = $1 AND description LIKE '%<%'",
      [snapshotId],
    );
    // One of the words the job without bits holds, and others it does not.
    const held = common.find((l) => markup.rows[0]?.search.includes(`'${l.lexeme}'`));
    // Excluded words too rare for a bit, each held by a few jobs: left out by the words' index.
    const rare = lexemes
      .filter((l) => l.bit === null && l.n >= 3 && /^[a-z]{4,}$/.test(l.lexeme))
      .slice(0, 3);
    // Words numbered past the bits: needed, excluded, and in a set with a bit's word.
    const more = lexemes.filter((l) => (l.bit ?? 0) >= 1024 && /^[a-z]{4,}$/.test(l.lexeme)).slice(0, 4);
    const [m0, m1, m2, m3] = more.map((l) => l.lexeme);
    const queries = [
      ...(held ? [held.lexeme] : []),
      ...common.slice(0, 6).map((l, i) => (i % 2 ? l.lexeme : `${l.lexeme} -${common[i + 10]?.lexeme}`)),
      ...rare.map((r, i) => `${common[i]?.lexeme} -${r.lexeme}`),
      `${m0}`,
      `${m1} -${m2}`,
      `${m3} OR ${common[20]?.lexeme}`,
      `${common[0]?.lexeme} -${m0}`,
      // Sets with alternatives too rare for a number, read from the words' index.
      `${m3} OR ${rare[0]?.lexeme}`,
      `${common[2]?.lexeme} OR "${rare[1]?.lexeme} ${common[3]?.lexeme}"`,
      `${common[4]?.lexeme} ${common[5]?.lexeme} OR ${rare[2]?.lexeme} -${m2}`,
    ];
    expect(more).toHaveLength(4);
    // Some job matches the first rare set only through its rare word, read from the words' index.
    const [through] = await db().$queryRaw<{ n: number }[]>(
      Prisma.sql`SELECT count(*)::int AS n FROM jobs WHERE snapshot_id = ${snapshotId}
        AND search @@ plainto_tsquery('jobs_english', ${rare[0]?.lexeme}) AND NOT search @@ plainto_tsquery('jobs_english', ${m3})`,
    );
    expect(through?.n).toBeGreaterThan(0);
    // A word without a number is taken to be held by as many jobs as the least held word with a bit.
    const floor = await pool.query<{ s: number }>(
      "SELECT min(share)::float8 AS s FROM common_words WHERE snapshot_id = $1 AND bit < 1024",
      [snapshotId],
    );
    const excluding = await resolveKeywords(`${common[0]?.lexeme} -${rare[0]?.lexeme}`, snapshotId, false);
    if (!excluding.ok) throw new Error(JSON.stringify(excluding));
    expect(excluding.value.bits?.rareShare).toBeCloseTo(floor.rows[0]?.s as number, 6);
    expect(rare).toHaveLength(3);
    expect(held).toBeDefined();
    for (const q of queries) {
      const k = await resolveKeywords(q, snapshotId, false);
      if (!k.ok) throw new Error(JSON.stringify(k));
      expect({ q, exact: k.value.bits?.exact }).toEqual({ q, exact: true });
      const f = { keywords: k.value.clauses, wordBits: k.value.bits };
      const ids = async (byBits: boolean) =>
        (
          await db().$queryRaw<{ id: string }[]>(
            Prisma.sql`SELECT id FROM jobs WHERE snapshot_id = ${snapshotId} ${filterSql({ ...f, wordsByBits: byBits })} ORDER BY id`,
          )
        ).map((r) => r.id);
      const [byWords, byBits] = [await ids(false), await ids(true)];
      expect(byWords.length).toBeGreaterThan(0);
      expect({ q, ids: byBits }).toEqual({ q, ids: byWords });
    }
  });

  it("are trusted by a walk only when exact and when its matches are expected within reach", async () => {
    const lexemes = await lexemesByJobs();
    const widest = lexemes.find((l) => l.bit !== null && /^[a-z]{4,}$/.test(l.lexeme))?.lexeme as string;
    const walk = async (q: string, wanted: number, extra: object = {}) => {
      const k = await resolveKeywords(q, snapshotId, false);
      if (!k.ok) throw new Error(JSON.stringify(k));
      return (
        await forWalk(snapshotId, { keywords: k.value.clauses, wordBits: k.value.bits, ...extra }, wanted)
      ).wordsByBits;
    };
    expect(await walk(widest, 10_000)).toBe(true);
    expect(await walk(`"${widest} ${widest}"`, 10)).toBeUndefined();
    expect(await walk(widest, MAX_WALK_JOBS * 2)).toBeUndefined();
    expect(await walk(widest, 10, { salary: { min: 1 } })).toBeUndefined();
    // A company left out is checked by name, which only the job's row holds.
    expect(await walk(widest, 10, { excludeCompanies: { keys: [1], names: ["Acme"] } })).toBeUndefined();
  });

  it("give the facets of a walk by bits the same counts as the words give", async () => {
    const widest = (await lexemesByJobs()).filter((l) => l.bit !== null && /^[a-z]{4,}$/.test(l.lexeme));
    for (const q of [widest[0]?.lexeme, `${widest[3]?.lexeme} -${widest[8]?.lexeme}`]) {
      const k = await resolveKeywords(q as string, snapshotId, false);
      if (!k.ok) throw new Error(JSON.stringify(k));
      expect(
        (await forWalk(snapshotId, { keywords: k.value.clauses, wordBits: k.value.bits }, 10_000))
          .wordsByBits,
      ).toBe(true);
      const facets = (wordBits: typeof k.value.bits) =>
        jobFacets({ filters: { keywords: k.value.clauses, wordBits, seniority: ["senior", "lead"] } });
      const [byBits, byWords] = [await facets(k.value.bits), await facets(null)];
      expect(byBits.meta.counted).toBeGreaterThan(0);
      expect({ q, ...byBits }).toEqual({ q, ...byWords });
    }
  });

  it("rule out nothing in a snapshot other than the one that numbered them", async () => {
    const widest = (await lexemesByJobs()).find((l) => l.bit !== null && /^[a-z]{4,}$/.test(l.lexeme));
    const k = await resolveKeywords(widest?.lexeme as string, snapshotId, false);
    if (!k.ok || !k.value.bits) throw new Error(JSON.stringify(k));
    const other = { ...k.value.bits, snapshotId: snapshotId + 1_000 };
    const count = async (where: Prisma.Sql) =>
      (
        await db().$queryRaw<{ n: number }[]>(
          Prisma.sql`SELECT count(*)::int AS n FROM jobs WHERE snapshot_id = ${snapshotId} ${where}`,
        )
      )[0]?.n;
    expect(await count(Prisma.sql`AND ${ruleOutCondition(other)}`)).toBe(jobs);
    // Nor does a walk trust them.
    const f = { keywords: k.value.clauses, wordBits: other };
    expect((await forWalk(snapshotId, f, 10)).wordsByBits).toBeUndefined();
    expect((await forWalk(snapshotId, { ...f, wordBits: k.value.bits }, 10)).wordsByBits).toBe(true);
  });

  it("decide a tier's exclusions without reading words, with the same jobs as the words give", async () => {
    const lexemes = await lexemesByJobs();
    const common = lexemes.filter((l) => l.bit !== null && /^[a-z]{4,}$/.test(l.lexeme));
    const rare = lexemes.filter((l) => l.bit === null && l.n >= 3 && /^[a-z]{4,}$/.test(l.lexeme));
    const titles = await pool.query<{ word: string }>(
      `SELECT w.word FROM ts_stat($$SELECT words FROM job_titles WHERE snapshot_id = ${snapshotId}$$) w
       ORDER BY w.ndoc DESC, w.word LIMIT 3`,
    );
    let compared = 0;
    for (const [i, t] of titles.rows.entries()) {
      for (const q of [
        `${t.word} -${common[i + 2]?.lexeme}`,
        `${t.word} -${rare[i]?.lexeme} -${common[i]?.lexeme}`,
      ]) {
        const k = await resolveKeywords(q, snapshotId, false);
        if (!k.ok) throw new Error(JSON.stringify(k));
        expect({ q, decided: k.value.bits?.exclusionsExact }).toEqual({ q, decided: true });
        const f = { keywords: k.value.clauses, wordBits: k.value.bits };
        const tiers = await db().$queryRaw<Tier[]>(titleTiersSql(f, snapshotId));
        const ids = tiers.flatMap((x) => x.ids);
        const run = async (sql: Prisma.Sql) => (await db().$queryRaw<{ id: string }[]>(sql)).map((r) => r.id);
        const walk = (wordBits: typeof k.value.bits) =>
          run(tierWalkSql({ ...f, wordBits }, snapshotId, ids, 400));
        const per = (wordBits: typeof k.value.bits) =>
          run(tierTitlesSql({ ...f, wordBits }, snapshotId, tiers, 400));
        const [walked, walkedByWords] = [await walk(k.value.bits), await walk(null)];
        expect(walkedByWords.length).toBeGreaterThan(0);
        expect({ q, walked }).toEqual({ q, walked: walkedByWords });
        expect({ q, per: await per(k.value.bits) }).toEqual({ q, per: await per(null) });
        compared++;
      }
    }
    expect(compared).toBe(6);
  });

  // Last: it takes the snapshot's common words away.
  it("give nothing to judge by in a snapshot without common words (imported before them)", async () => {
    const rare = (await lexemesByJobs()).find(
      (l) => l.bit === null && l.n >= 3 && /^[a-z]{4,}$/.test(l.lexeme),
    );
    await pool.query("DELETE FROM common_words WHERE snapshot_id = $1", [snapshotId]);
    await pool.query("UPDATE jobs SET common_words = NULL WHERE snapshot_id = $1", [snapshotId]);
    // Only an exclusion, of a word that never had a bit.
    const k = await resolveKeywords(`the -${rare?.lexeme}`, snapshotId, false);
    if (!k.ok) throw new Error(JSON.stringify(k));
    expect(k.value.bits).toBeNull();
    const f = { keywords: k.value.clauses, wordBits: k.value.bits };
    expect((await forWalk(snapshotId, f, 10)).wordsByBits).toBeUndefined();
  });
});
