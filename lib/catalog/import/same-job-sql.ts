// The grouping's rule (sketch.ts sameJob, similarity, filledBins) as SQL over sketch columns,
// for group-duplicates.ts; sketch.test.ts states the rule on hand-written cases.
import { BINS, SAME_JOB, TELLING_BINS } from "./sketch";

/**
 * Which job of a group is served, as an ORDER BY: the earliest seen, then one with an apply
 * link, then one with pay. `p` qualifies the columns; `link` and `pay` may name columns that
 * hold those two tests already.
 */
export const servedFirstSql = (p = "", link = `${p}apply_url <> ''`, pay = `${p}salary_min IS NOT NULL`) =>
  `${p}first_seen_at ASC NULLS LAST, ${link} DESC, ${pay} DESC, ${p}posted_at ASC, ${p}id ASC`;

/** Bins a sketch filled (sketch.ts filledBins), in SQL. */
export const filledSql = (x: string) =>
  `(SELECT count(*) FROM generate_series(0, ${BINS - 1}) i WHERE get_byte(${x}, i) <> 0)`;

/**
 * sketch.ts sameJob in SQL, for two rows of one block with sketch, company (and its key), city
 * (and filled, when kept). Keys are hashes: two towns or companies can share one, not a name.
 */
export function sameJobSql(x: string, y: string, kept = true): string {
  const filled = (r: string) => (kept ? `${r}.filled` : filledSql(`${r}.sketch`));
  return `lower(coalesce(${x}.city, '')) = lower(coalesce(${y}.city, ''))
    AND ((${x}.company_key = ${y}.company_key AND lower(trim(${x}.company)) = lower(trim(${y}.company))) OR (${filled(x)} >= ${TELLING_BINS} AND ${filled(y)} >= ${TELLING_BINS}))
    AND ${similaritySql(`${x}.sketch`, `${y}.sketch`)} >= ${SAME_JOB}`;
}

/** The estimated similarity of two sketches (sketch.ts similarity), in SQL. */
export function similaritySql(x: string, y: string): string {
  return `(SELECT CASE WHEN count(*) = 0 THEN 1 ELSE count(*) FILTER (WHERE get_byte(${x}, i) = get_byte(${y}, i))::float8 / count(*) END
    FROM generate_series(0, ${BINS - 1}) i WHERE get_byte(${x}, i) <> 0 OR get_byte(${y}, i) <> 0)`;
}
