// The query's side of the common words (word-bits.ts): each alternative's lexemes and numbers,
// read from the snapshot's common_words in the statement that resolves q (resolve.ts).

import { Prisma } from "../../generated/prisma/client";
import { type Alternative, alternativeTexts } from "./alternatives";
import { COMMON_WORD_BITS, PHRASE_BASE } from "./common-words";
import type { SearchClause } from "./tsquery-sql";

type LexemeRow = {
  i: number;
  nodes: number;
  lexeme: string | null;
  bit: number | null;
  share: number | null;
};
type PhraseRow = { i: number; lexeme: string; bit: number; share: number };
/** What lexemesSql gives: one JSON value, so that it rides along another statement. */
export type LexemesJson = { floor: number | null; rows: LexemeRow[] | null; phrases?: PhraseRow[] | null };

/**
 * A phrase's tsquery as text when it is two lexemes at adjacent positions, and its key from it
 * (common-words.ts's phraseKey): lexemes holding a quote or a backslash, which the text escapes,
 * are left out (no number: their words are read). A longer phrase numbered as a known chain has
 * its tsquery text as its key.
 */
const TWO_LEXEMES = "^'([^'\\\\]+)' <-> '([^'\\\\]+)'$";
const AS_PAIR_TEXT = "\\1 \\2";

/**
 * Each alternative's tsquery nodes, lexemes and common words' numbers in snapshot `snapshotId`,
 * and the share of the least held word with a bit, as one JSON value (read with lexemesOf). The
 * floor is the bits', not the listed words': those reach down to a few jobs in ten thousand as
 * the import counts them, while a word the first batch missed may be held by a hundredfold.
 */
export function lexemesSql(clauses: readonly SearchClause[], snapshotId: number): Prisma.Sql {
  const texts = alternativeTexts(clauses).flat();
  // The same functions tsquery-sql.ts builds the query from: plainto for a word, phraseto for a phrase.
  return Prisma.sql`json_build_object(
    'floor', (SELECT min(share)::float8 FROM common_words WHERE snapshot_id = ${snapshotId} AND bit < ${COMMON_WORD_BITS}),
    'rows', (SELECT json_agg(x ORDER BY x.i, x.lexeme) FROM (
      SELECT w.i::int AS i, numnode(CASE WHEN w.phrase THEN phraseto_tsquery('jobs_english'::regconfig, w.t)
          ELSE plainto_tsquery('jobs_english'::regconfig, w.t) END)::int AS nodes,
          l.lexeme, c.bit::int AS bit, c.share::float8 AS share
        FROM unnest(${texts.map((t) => t.text)}::text[], ${texts.map((t) => t.phrase)}::boolean[]) WITH ORDINALITY AS w(t, phrase, i)
        LEFT JOIN LATERAL unnest(tsvector_to_array(to_tsvector('jobs_english'::regconfig, w.t))) AS l(lexeme) ON true
        LEFT JOIN common_words c ON c.snapshot_id = ${snapshotId} AND c.lexeme = l.lexeme) x),
    'phrases', (SELECT json_agg(json_build_object('i', w.i, 'lexeme', c.lexeme, 'bit', c.bit, 'share', c.share::float8))
        FROM unnest(${texts.map((t) => t.text)}::text[], ${texts.map((t) => t.phrase)}::boolean[]) WITH ORDINALITY AS w(t, phrase, i)
        CROSS JOIN LATERAL (SELECT phraseto_tsquery('jobs_english'::regconfig, w.t)::text AS q) p
        JOIN common_words c ON c.snapshot_id = ${snapshotId} AND c.bit >= ${PHRASE_BASE}
          AND c.lexeme = CASE WHEN p.q ~ ${TWO_LEXEMES} THEN regexp_replace(p.q, ${TWO_LEXEMES}, ${AS_PAIR_TEXT}) ELSE p.q END
        WHERE w.phrase))`;
}

/** lexemesSql's value as each item's alternatives (alternativeTexts' order) and the floor. */
export function lexemesOf(
  clauses: readonly SearchClause[],
  json: LexemesJson | undefined,
): { alternatives: Alternative[][]; floor: number | null } {
  const groups = alternativeTexts(clauses);
  const byText: Alternative[] = groups.flat().map((t) => ({ nodes: 0, lexemes: [], phrase: t.phrase }));
  for (const r of json?.rows ?? []) {
    const a = byText[r.i - 1];
    if (!a) continue;
    a.nodes = r.nodes;
    if (r.lexeme !== null) a.lexemes.push({ lexeme: r.lexeme, bit: r.bit, share: r.share ?? undefined });
  }
  for (const r of json?.phrases ?? []) {
    const a = byText[r.i - 1];
    if (a) a.numbered = { lexeme: r.lexeme, bit: r.bit, share: r.share };
  }
  let at = 0;
  return {
    alternatives: groups.map((g) => g.map(() => byText[at++] as Alternative)),
    floor: json?.floor ?? null,
  };
}
