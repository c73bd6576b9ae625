// A query's clauses as alternatives: each item's texts (its own, then its synonyms' phrases) paired
// with the lexemes jobs_english gives them, and whether the snapshot numbered them. What the bits
// (word-bits.ts), the list's leads and the rare words' estimates are worked out from.

import type { SearchClause } from "./tsquery-sql";

/** A lexeme under jobs_english, with its number (`bit`) and share when it is a common word. */
export type Lexeme = { lexeme: string; bit: number | null; share?: number };
/**
 * One alternative of an item: its tsquery's nodes (numnode: 1 for a lone lexeme) and lexemes;
 * for a phrase the snapshot numbered (two adjacent lexemes, or a known chain), its number.
 */
export type Alternative = { nodes: number; lexemes: Lexeme[]; phrase: boolean; numbered?: Lexeme };

/** An alternative's text, as the tsquery reads it: a word (plainto) or a phrase (phraseto). */
export type AlternativeText = { text: string; phrase: boolean };

/** Each item's texts, the item's own then its synonyms' (phrases), in clause order. */
export function alternativeTexts(clauses: readonly SearchClause[]): AlternativeText[][] {
  return clauses.flatMap((c) =>
    c.any.map((item) => [
      { text: item.text, phrase: item.kind === "phrase" },
      ...(item.also ?? []).map((text) => ({ text, phrase: true })),
    ]),
  );
}

/**
 * The number a job holds exactly when the alternative matches: a lone common lexeme's, or a
 * numbered phrase's; null when there is none.
 */
export function numberOf(a: Alternative): { bit: number; share: number | undefined } | null {
  if (a.numbered?.bit != null) return { bit: a.numbered.bit, share: a.numbered.share };
  const only = a.lexemes[0];
  return a.nodes === 1 && a.lexemes.length === 1 && only?.bit != null
    ? { bit: only.bit, share: only.share }
    : null;
}

export const single = (a: Alternative) => numberOf(a) !== null;

/** An alternative needing a lexeme too rare for a number: held by few jobs, if any. */
export const needsRare = (a: Alternative) => a.lexemes.some((l) => l.bit === null);

/** A word (not a phrase) of one lexeme, too rare for a number: what rare-estimates.ts estimates. */
export const oneRareLexeme = (a: Alternative, t: AlternativeText | undefined) =>
  t !== undefined && !t.phrase && a.nodes === 1 && a.lexemes.length === 1 && a.lexemes[0]?.bit === null;

/** Each clause with its alternatives and their texts (alternativeTexts' order), stop words' left out. */
export function pairedClauses(
  clauses: readonly SearchClause[],
  lexemes: readonly Alternative[][],
  texts = alternativeTexts(clauses),
) {
  let k = 0;
  return clauses.map((clause, index) => {
    const paired = clause.any
      .flatMap(() => {
        const at = k++;
        return (texts[at] ?? []).map((t, j) => ({ t, a: lexemes[at]?.[j] as Alternative }));
      })
      .filter((p) => p.a && p.a.nodes > 0);
    return { index, clause, paired };
  });
}
