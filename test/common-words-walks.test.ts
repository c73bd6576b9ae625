// What searches that walk the jobs do with their common-word bits: check the bits and the list
// of more words before a job's words, trust them alone only when exact and within reach, and
// find the same jobs, facets and tiers as the words do.
import { describe, expect, it } from "vitest";
import { jobFacets } from "@/lib/catalog/facets";
import { filterSql } from "@/lib/catalog/filter-sql";
import { type Tier, tierTitlesSql, tierWalkSql, titleTiersSql } from "@/lib/catalog/keyword-tiers";
import { resolveKeywords } from "@/lib/catalog/keywords/resolve";
import { forWalk, MAX_WALK_JOBS } from "@/lib/catalog/keywords/walk-by-bits";
import { db } from "@/lib/core/db";
import { Prisma } from "@/lib/generated/prisma/client";
import { commonWordsCatalog, jobs, lexemesByJobs, pool, snapshotId } from "./support/common-words-catalog";

commonWordsCatalog();

describe("common-word bits", () => {
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
    // A word without a number is taken at the vocabulary's sample, on the high side: here, where
    // the sample is the whole catalog, at least the jobs that hold it.
    const held0 = await pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM jobs WHERE snapshot_id = $1 AND search @@ plainto_tsquery('jobs_english', $2)`,
      [snapshotId, rare[0]?.lexeme],
    );
    const excluding = await resolveKeywords(`${common[0]?.lexeme} -${rare[0]?.lexeme}`, snapshotId, false);
    if (!excluding.ok) throw new Error(JSON.stringify(excluding));
    expect((excluding.value.bits?.rareShare ?? 0) * jobs).toBeGreaterThanOrEqual(
      held0.rows[0]?.n ?? Infinity,
    );
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
});
