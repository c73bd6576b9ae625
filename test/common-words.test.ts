// Each job's common-word bits, as the importer writes them: exactly the snapshot's common lexemes
// the job's words hold, never ruling out a job that matches, and only in the snapshot that
// numbered them. What walks do with them: common-words-walks.test.ts.
import { describe, expect, it } from "vitest";
import { PHRASE_BASE } from "@/lib/catalog/keywords/common-words";
import { resolveKeywords } from "@/lib/catalog/keywords/resolve";
import { tsquerySql } from "@/lib/catalog/keywords/tsquery-sql";
import { forWalk } from "@/lib/catalog/keywords/walk-by-bits";
import { ruleOutCondition } from "@/lib/catalog/keywords/word-bits-sql";
import { db } from "@/lib/core/db";
import { Prisma } from "@/lib/generated/prisma/client";
import { commonWordsCatalog, jobs, lexemesByJobs, pool, snapshotId } from "./support/common-words-catalog";

commonWordsCatalog();

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

  // Last: it takes the snapshot's common words away.
  it("give nothing to judge by in a snapshot without common words (imported before them)", async () => {
    const lexemes = await lexemesByJobs();
    const rare = lexemes.find((l) => l.bit === null && l.n >= 3 && /^[a-z]{4,}$/.test(l.lexeme));
    const common = lexemes.find((l) => l.bit !== null && /^[a-z]{4,}$/.test(l.lexeme));
    await pool.query("DELETE FROM common_words WHERE snapshot_id = $1", [snapshotId]);
    await pool.query("UPDATE jobs SET common_words = NULL WHERE snapshot_id = $1", [snapshotId]);
    // A word that had a bit, and the exclusion of one that never had one: neither has one now.
    const k = await resolveKeywords(`${common?.lexeme} -${rare?.lexeme}`, snapshotId, false);
    if (!k.ok) throw new Error(JSON.stringify(k));
    expect(k.value.bits).toBeNull();
    const f = { keywords: k.value.clauses, wordBits: k.value.bits };
    expect((await forWalk(snapshotId, f, 10)).wordsByBits).toBeUndefined();
  });
});
