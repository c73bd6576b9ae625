// Words too rare for a number in q: which rare-estimates.ts estimates, and what a needed
// one's estimate gives a keyword page's count.

import { type Alternative, oneRareLexeme, pairedClauses } from "./alternatives";
import type { SearchClause } from "./tsquery-sql";
import type { WordBits } from "./word-bits";

/**
 * The lexemes of q's words too rare for a number, for rare-estimates.ts: an excluded one's or a
 * set's alternative's jobs are read first by a walk, so how many there are decides whether it may
 * (rareShare); a needed one, or a set of only such words, bounds the matches (rareNeed). Only
 * single words of one lexeme: a phrase's or a word of several lexemes' floor stands. None for q
 * of one word alone, and none are used where q has no numbered word (it has no bits then).
 */
export function rareLexemes(clauses: readonly SearchClause[], lexemes: readonly Alternative[][]): string[] {
  const out = new Set<string>();
  for (const { paired } of pairedClauses(clauses, lexemes)) {
    if (clauses.length === 1 && paired.length === 1) return [];
    for (const { t, a } of paired) if (oneRareLexeme(a, t)) out.add(a.lexemes[0]?.lexeme ?? "");
  }
  return [...out].sort();
}

/**
 * How long the count of a keyword page's matches may take: longer than COUNT_DEADLINE_MS when q
 * needs a word (or one of a set of words) the sample says few jobs hold (rareNeed, at most
 * RARE_NEED_AT_MOST), since every match holds it and a count the words' index leads reads at
 * most about that many rows. Finished, the count tells the page to read its few matches whole;
 * run out, the page walks and pays the count's time on top.
 */
export function countDeadlineMs(
  bits: WordBits | null | undefined,
  snapshotId: number,
  /** The snapshot's jobs. */
  all: number,
): number | undefined {
  const few = bits?.rareNeed !== undefined && bits.rareNeed * all <= RARE_NEED_AT_MOST;
  return few && bits?.snapshotId === snapshotId ? RARE_NEED_COUNT_DEADLINE_MS : undefined;
}

/** A needed rare word (or set) the sample says more jobs than this hold gets the usual deadline. */
export const RARE_NEED_AT_MOST = 5_000;

/** countDeadlineMs' longer deadline. */
export const RARE_NEED_COUNT_DEADLINE_MS = 250;
