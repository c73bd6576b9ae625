// How many jobs hold a word too rare for a number, estimated from the vocabulary's sample
// (decision 0034). The import numbers the words common in its first batch, so an unnumbered word
// was only guessed rare, at the least numbered word's share (the floor). A word the first batch
// missed may be held by a hundred times more jobs than that, or by a hundredth. The sample
// (search_terms: the words of about VOCABULARY_SAMPLE_JOBS jobs, taken a page at a time, with
// how many sampled jobs hold each) says roughly how many: a lexeme's estimate adds up the sampled
// words it stems from ("amplitude", "amplitudes").
// - An excluded word or a set's alternative, whose jobs a walk reads first, is taken at a high
//   estimate (HIGH_SIDE): a sample of a few jobs is noisy.
// - A needed word is taken at its estimate: every match holds it, so a count of the matches
//   reads about that many rows at most, and may be given longer to finish (rare-words.ts).
import { Prisma } from "../../generated/prisma/client";
import { comboTotal } from "../combos";
import { VOCABULARY_SAMPLE_JOBS } from "../import/activate";
import { catalogDb, snapshotCache } from "../live";

/** A lexeme's sampled jobs are taken this many times over, plus HIGH_PLUS, on the high side. */
export const HIGH_SIDE = 2;
export const HIGH_PLUS = 3;

/** A lexeme's estimate as a share of all jobs: `point`, and `high` for what a walk reads first. */
export type Estimate = { point: number; high: number };

/** Per snapshot and lexeme: the sampled jobs of the words it stems from. */
const sampled = snapshotCache<number>(20_000);

/**
 * The vocabulary holds words of 3 to 40 characters without digits: a lexeme outside that (`ec2`,
 * `k8s`) gets no estimate, and the floor stands for it.
 */
export const estimable = (lexeme: string) => /^[^0-9]{3,40}$/u.test(lexeme);

/** Estimates by lexeme, for those estimable. */
export async function rareEstimates(
  snapshotId: number,
  lexemes: readonly string[],
): Promise<Map<string, Estimate>> {
  const out = new Map<string, Estimate>();
  const wanted = [...new Set(lexemes)].filter(estimable);
  if (wanted.length === 0) return out;
  const all = await comboTotal(snapshotId, {});
  if (all <= 0) return out;
  const jobs = new Map(wanted.map((l) => [l, sampled.get(snapshotId, l)]));
  const missing = wanted.filter((l) => jobs.get(l) === undefined);
  if (missing.length) {
    const rows = await catalogDb(snapshotId).$queryRaw<{ jobs: number }[]>(
      sampledJobsSql(snapshotId, missing),
    );
    for (const [i, r] of rows.entries()) {
      const lexeme = missing[i] as string;
      jobs.set(lexeme, r.jobs);
      sampled.set(snapshotId, lexeme, r.jobs);
    }
  }
  const sampleJobs = Math.min(VOCABULARY_SAMPLE_JOBS, all);
  for (const [lexeme, n = 0] of jobs)
    out.set(lexeme, { point: n / sampleJobs, high: Math.min(1, (HIGH_SIDE * n + HIGH_PLUS) / sampleJobs) });
  return out;
}

/** `lexeme%` as a LIKE pattern, the lexeme's own `%`, `_` and `\\` matched as themselves. */
export const prefixPattern = (lexeme: string) => `${lexeme.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Per lexeme, in their order: the sampled jobs of the vocabulary's words that begin with it (found
 * through the words' trigram index) and stem to it under jobs_english (0 when none).
 */
export function sampledJobsSql(snapshotId: number, lexemes: readonly string[]): Prisma.Sql {
  return Prisma.sql`SELECT coalesce((SELECT sum(t.jobs) FROM search_terms t WHERE t.snapshot_id = ${snapshotId}
      AND t.term LIKE l.pattern
      AND tsvector_to_array(to_tsvector('jobs_english'::regconfig, t.term)) = ARRAY[l.lexeme]), 0)::int AS jobs
    FROM unnest(${[...lexemes]}::text[], ${lexemes.map(prefixPattern)}::text[]) WITH ORDINALITY AS l(lexeme, pattern, n)
    ORDER BY l.n`;
}
