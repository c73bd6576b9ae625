// Words too rare for a number, estimated from the vocabulary's sample: an excluded word or a
// set's alternative at a high estimate that replaces the floor in what a search's bits expect, a
// needed one at its estimate, which gives the search's count longer to finish.
import { describe, expect, it } from "vitest";
import { VOCABULARY_SAMPLE_JOBS } from "@/lib/catalog/import/activate";
import { HIGH_PLUS, HIGH_SIDE, rareEstimates, sampledJobsSql } from "@/lib/catalog/keywords/rare-estimates";
import { resolveKeywords } from "@/lib/catalog/keywords/resolve";
import { searchCatalog } from "@/lib/catalog/queries";
import { db } from "@/lib/core/db";
import { whileCatalogLocked } from "./support/catalog-lock";
import { commonWordsCatalog, jobs, lexemesByJobs, pool, snapshotId } from "./support/common-words-catalog";

commonWordsCatalog();

/** Lexemes that are their own word under jobs_english, with their jobs and number, most held first. */
async function ownWords() {
  const lexemes = (await lexemesByJobs()).filter((l) => /^[a-z]{5,}$/.test(l.lexeme));
  const { rows } = await pool.query<{ lexeme: string }>(
    `SELECT l AS lexeme FROM unnest($1::text[]) AS t(l) WHERE to_tsvector('jobs_english', l)::text = quote_literal(l) || ':1'`,
    [lexemes.map((l) => l.lexeme)],
  );
  const same = new Set(rows.map((r) => r.lexeme));
  return lexemes.filter((l) => same.has(l.lexeme));
}

/** Those without a number. */
const rareOnes = async () => (await ownWords()).filter((l) => l.bit === null);

/** The sampled jobs of the vocabulary's words that stem to `lexeme` under jobs_english. */
async function sampledOf(lexeme: string): Promise<number> {
  const { rows } = await pool.query<{ term: string; jobs: number; stem: string[] }>(
    `SELECT term, jobs, tsvector_to_array(to_tsvector('jobs_english', term)) AS stem FROM search_terms
     WHERE snapshot_id = $1`,
    [snapshotId],
  );
  return rows.filter((r) => r.stem.length === 1 && r.stem[0] === lexeme).reduce((n, r) => n + r.jobs, 0);
}

describe("rare word estimates", () => {
  it("add up the sampled words a lexeme stems from, in order, 0 for a lexeme none stems to", async () => {
    // A lexeme two or more of the vocabulary's words stem to ("amplitude", "amplitudes").
    const { rows } = await pool.query<{ lexeme: string; words: number }>(
      `SELECT l AS lexeme, count(*)::int AS words FROM search_terms,
         unnest(tsvector_to_array(to_tsvector('jobs_english', term))) AS l
       WHERE snapshot_id = $1 AND starts_with(term, l) GROUP BY l HAVING count(*) >= 2 ORDER BY 2 DESC, 1 LIMIT 2`,
      [snapshotId],
    );
    expect(rows).toHaveLength(2);
    // "%…" matches itself only, not every word.
    const lexemes = [...rows.map((r) => r.lexeme), "nowherelexem", "%_%"];
    const got = await db().$queryRaw<{ jobs: number }[]>(sampledJobsSql(snapshotId, lexemes));
    const expected = await Promise.all(lexemes.map(sampledOf));
    expect(got.map((r) => r.jobs)).toEqual(expected);
    expect(expected.slice(2)).toEqual([0, 0]);
    // The sum is over every form, more than the lexeme's own word alone.
    const own = await pool.query<{ jobs: number }>(
      "SELECT coalesce(max(jobs), 0)::int AS jobs FROM search_terms WHERE snapshot_id = $1 AND term = $2",
      [snapshotId, rows[0]?.lexeme],
    );
    expect(got[0]?.jobs).toBeGreaterThan(own.rows[0]?.jobs ?? 0);
  });

  it("replace the floor for a set's rare alternative and an excluded rare word, on the high side", async () => {
    const [rare, other] = (await rareOnes()).filter((l) => l.n >= 2);
    const common = (await ownWords()).find((l) => l.bit !== null && l.bit < 64);
    if (!rare || !other || !common) throw new Error("the fixture lacks rare or common words");
    const sample = Math.min(VOCABULARY_SAMPLE_JOBS, jobs);
    const high = async (l: string) => (HIGH_SIDE * (await sampledOf(l)) + HIGH_PLUS) / sample;
    const set = await resolveKeywords(`${common.lexeme} OR ${rare.lexeme}`, snapshotId, false);
    if (!set.ok) throw new Error(JSON.stringify(set));
    expect(set.value.bits?.anyOfRare).toEqual([[{ text: rare.lexeme, phrase: false }]]);
    expect(set.value.bits?.rareShare).toBeCloseTo(await high(rare.lexeme), 12);
    const excluded = await resolveKeywords(`${common.lexeme} -${other.lexeme}`, snapshotId, false);
    if (!excluded.ok) throw new Error(JSON.stringify(excluded));
    expect(excluded.value.bits?.rare).toEqual([1]);
    expect(excluded.value.bits?.rareShare).toBeCloseTo(await high(other.lexeme), 12);
  });

  it("estimate a needed word at its point, one the vocabulary lacks as held by none", async () => {
    const [rare] = (await rareOnes()).filter((l) => l.n >= 2);
    const [common] = (await ownWords()).filter((l) => l.bit !== null && l.bit < 64);
    if (!rare || !common) throw new Error("the fixture lacks rare or common words");
    const needed = await resolveKeywords(`${common.lexeme} ${rare.lexeme}`, snapshotId, false);
    if (!needed.ok) throw new Error(JSON.stringify(needed));
    expect(needed.value.bits?.rareNeed).toBeCloseTo(
      (await sampledOf(rare.lexeme)) / Math.min(VOCABULARY_SAMPLE_JOBS, jobs),
      12,
    );
    const estimates = await rareEstimates(snapshotId, ["nowherelexem", "k8s"]);
    expect(estimates.get("nowherelexem")?.point).toBe(0);
    // Digits: the vocabulary holds no such word, so no estimate (the floor stands).
    expect(estimates.has("k8s")).toBe(false);
  });

  it("give a search needing a rare word longer to count its matches", async () => {
    const [common, second] = (await ownWords()).filter((l) => l.bit !== null && l.bit < 64);
    if (!common || !second) throw new Error("the fixture lacks common words");
    // The rare word most often met with the common one: a page of one cannot tell their total.
    const [pair] = await pool
      .query<{ lexeme: string; n: number }>(
        `SELECT l AS lexeme, (SELECT count(*)::int FROM jobs WHERE snapshot_id = $1
           AND search @@ (plainto_tsquery('jobs_english', $2) && plainto_tsquery('jobs_english', l))) AS n
         FROM unnest($3::text[]) AS t(l) ORDER BY 2 DESC, 1 LIMIT 1`,
        [snapshotId, common.lexeme, (await rareOnes()).slice(0, 200).map((l) => l.lexeme)],
      )
      .then((r) => r.rows);
    expect(pair?.n).toBeGreaterThan(2);
    const needsRare = `${common.lexeme} ${pair?.lexeme}`;
    const commonOnly = `${common.lexeme} ${second.lexeme}`;
    // Resolved first (as the search resolves them), so the lock below holds back only the counts.
    for (const q of [needsRare, commonOnly])
      expect((await resolveKeywords(q, snapshotId, true)).ok).toBe(true);
    const asked = async (q: string) => {
      const r = await searchCatalog(new URLSearchParams({ q, sort: "date", per_page: "1" }));
      if (!r.ok) throw new Error(JSON.stringify(r));
      return r.value.page.meta;
    };
    // The partition is held for 120 ms: past a count's usual 35 ms, within a rare word's 250 ms.
    expect(await whileCatalogLocked(() => asked(needsRare), 120)).toMatchObject({
      total: pair?.n,
      total_exact: true,
    });
    expect((await whileCatalogLocked(() => asked(commonOnly), 120)).total_exact).toBe(false);
  });
});
