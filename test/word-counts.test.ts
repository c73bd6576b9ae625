// The import's counts of each numbered word per combination and per country: exactly the jobs'
// bits and lists, copies included, with the jobs whose words the database made counted apart.
import { describe, expect, it } from "vitest";
import { commonWordsCatalog, pool, snapshotId } from "./support/common-words-catalog";

commonWordsCatalog();

/** Every job of the snapshot, served or a copy: its combination, country, numbers and whether the database made its words. */
const EVERY_JOB = `
  SELECT combo, country_code, common_words, more_words, description LIKE '%<%' AS made FROM jobs WHERE snapshot_id = $1
  UNION ALL
  SELECT combo, country_code, common_words, more_words, description LIKE '%<%' FROM job_copies WHERE snapshot_id = $1`;
const HELD = `
  SELECT c.bit, j.combo, j.country_code FROM (${EVERY_JOB}) j JOIN common_words c ON c.snapshot_id = $1
  WHERE NOT j.made AND CASE WHEN c.bit < 1024 THEN get_bit(j.common_words, c.bit) = 1 ELSE c.bit = ANY(j.more_words) END`;

describe("word counts", () => {
  it("are, per number and combination code, the jobs whose bits or list hold it", async () => {
    const compared = await againstBits("combo", "by_code");
    expect(compared.pairs).toBeGreaterThan(10_000);
    expect(compared).toMatchObject({ missing: 0, extra: 0 });
  });

  it("are, per number and country, the jobs whose bits or list hold it", async () => {
    const compared = await againstBits("country_code", "by_country");
    expect(compared.pairs).toBeGreaterThan(1_000);
    expect(compared).toMatchObject({ missing: 0, extra: 0 });
  });

  it("count the jobs whose words the database made apart, under -1, as holding any word", async () => {
    const { rows } = await pool.query(
      `SELECT w.by_code, w.by_country, (SELECT json_agg(json_build_object('combo', combo, 'country', country_code))
         FROM (${EVERY_JOB}) j WHERE j.made) AS made
       FROM word_counts w WHERE w.snapshot_id = $1 AND w.bit = -1`,
      [snapshotId],
    );
    const made = rows[0].made as { combo: number; country: string }[];
    expect(made).toHaveLength(1);
    expect(rows[0].by_code).toEqual({ [made[0]?.combo as number]: 1 });
    expect(rows[0].by_country).toEqual({ [made[0]?.country as string]: 1 });
  });
});

/**
 * The stored counts of one kind (`column`) against a recount of the jobs' bits and lists by
 * `key`: the (number, key, jobs) triples found, and how many are missing from or extra in the table.
 */
async function againstBits(
  key: "combo" | "country_code",
  column: "by_code" | "by_country",
): Promise<{ pairs: number; missing: number; extra: number }> {
  const { rows } = await pool.query(
    `WITH truth AS (SELECT bit::int, ${key}::text AS k, count(*)::int AS n FROM (${HELD}) h GROUP BY 1, 2),
          stored AS (SELECT w.bit::int, e.key AS k, e.value::int AS n FROM word_counts w, jsonb_each_text(w.${column}) e
                     WHERE w.snapshot_id = $1 AND w.bit >= 0)
     SELECT (SELECT count(*) FROM truth)::int AS pairs,
            (SELECT count(*) FROM (TABLE truth EXCEPT TABLE stored) x)::int AS missing,
            (SELECT count(*) FROM (TABLE stored EXCEPT TABLE truth) x)::int AS extra`,
    [snapshotId],
  );
  return rows[0];
}
