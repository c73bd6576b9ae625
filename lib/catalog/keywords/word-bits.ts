// What a job's common-word bits (jobs.common_words) can tell about a query before its words are
// read: a lexeme the query needs and the job's bits lack, or one it excludes and they hold, rules
// the job out. Only ever a necessary condition: `search @@ …` still decides every job it lets by.

import type { CatalogReader } from "../../core/db-replicas";
import { Prisma } from "../../generated/prisma/client";
import type { SearchClause } from "./tsquery-sql";

export const COMMON_WORD_BITS = 1024;

/**
 * Bits (of the snapshot's common_words) a job must hold, must not hold, and sets it must hold one
 * of. `exact`: they decide the query alone (every word a single common lexeme, no phrase), so a
 * job they keep matches. `share`: the part of jobs they are expected to keep (words taken as
 * independent; 1 for what they do not decide).
 */
export type WordBits = { need: number[]; forbid: number[]; anyOf: number[][]; exact: boolean; share: number };

/** A lexeme under jobs_english, with its bit and share when it is a common word. */
export type Lexeme = { lexeme: string; bit: number | null; share?: number };
/** One alternative of an item: its tsquery's nodes (numnode: 1 for a lone lexeme) and lexemes. */
export type Alternative = { nodes: number; lexemes: Lexeme[] };

/** Each item's texts, the item's own then its synonyms' (phrases), in clause order. */
export function alternativeTexts(clauses: readonly SearchClause[]): { text: string; phrase: boolean }[][] {
  return clauses.flatMap((c) =>
    c.any.map((item) => [
      { text: item.text, phrase: item.kind === "phrase" },
      ...(item.also ?? []).map((text) => ({ text, phrase: true })),
    ]),
  );
}

/** A lone common lexeme: the job holds it exactly when the alternative matches. */
const single = (a: Alternative) => a.nodes === 1 && a.lexemes.length === 1 && a.lexemes[0]?.bit != null;

/**
 * The bits that rule a job out, from each alternative's lexemes (alternativeTexts' order), or
 * null when they rule nothing out. A phrase or a word of several lexemes needs all of them; an
 * alternative without lexemes (stop words) drops out of its clause, as it does from the tsquery.
 */
export function ruleOutBits(
  clauses: readonly SearchClause[],
  lexemes: readonly Alternative[][],
): WordBits | null {
  const need = new Map<number, number>();
  const forbid = new Map<number, number>();
  const anyOf: number[][] = [];
  let exact = true;
  let share = 1;
  let k = 0;
  for (const clause of clauses) {
    const alternatives = clause.any.flatMap(() => (lexemes[k++] ?? []).filter((a) => a.nodes > 0));
    if (alternatives.length === 0) continue;
    if (clause.any[0]?.negated) {
      // Excluded: a single common lexeme held means the alternative matches, so the job is out.
      for (const a of alternatives)
        if (single(a)) forbid.set(a.lexemes[0]?.bit as number, a.lexemes[0]?.share ?? 0);
      exact &&= alternatives.every(single);
    } else if (alternatives.length === 1) {
      const only = alternatives[0] as Alternative;
      for (const l of only.lexemes) if (l.bit !== null) need.set(l.bit, l.share ?? 1);
      exact &&= single(only);
    } else if (alternatives.every(single)) {
      const bits = new Map(alternatives.map((a) => [a.lexemes[0]?.bit as number, a.lexemes[0]?.share ?? 1]));
      anyOf.push([...bits.keys()].sort((x, y) => x - y));
      share *= 1 - [...bits.values()].reduce((none, s) => none * (1 - s), 1);
    } else exact = false;
  }
  if (need.size === 0 && forbid.size === 0 && anyOf.length === 0) return null;
  for (const s of need.values()) share *= s;
  for (const s of forbid.values()) share *= 1 - s;
  const sorted = (m: Map<number, number>) => [...m.keys()].sort((x, y) => x - y);
  return { need: sorted(need), forbid: sorted(forbid), anyOf, exact, share };
}

/** Bits as a `bit varying` of COMMON_WORD_BITS, bit 0 first. */
export function bitString(bits: readonly number[]): string {
  const chars = new Array<string>(COMMON_WORD_BITS).fill("0");
  for (const b of bits) chars[b] = "1";
  return chars.join("");
}

/**
 * `NOT words_rule_out(…)` on jobs' common_words, or null. Put before `search @@`: the function
 * is priced below one operator, so the planner checks it first on every row it walks.
 */
export function ruleOutCondition(bits: WordBits | null | undefined): Prisma.Sql | null {
  if (!bits) return null;
  const mask = (b: number[]) => (b.length ? bitString(b) : null);
  const anyOf = bits.anyOf.length ? bits.anyOf.map(bitString) : null;
  return Prisma.sql`NOT words_rule_out(common_words, ${mask(bits.need)}::varbit, ${mask(bits.forbid)}::varbit, ${anyOf}::varbit[])`;
}

/** ruleOutCondition as `AND …`, or nothing. */
export function ruleOutSql(bits: WordBits | null | undefined): Prisma.Sql {
  const condition = ruleOutCondition(bits);
  return condition ? Prisma.sql`AND ${condition}` : Prisma.empty;
}

/** Each alternative's lexemes and common bits in snapshot `snapshotId`. */
export async function lexemesOf(
  db: CatalogReader,
  clauses: readonly SearchClause[],
  snapshotId: number,
): Promise<Alternative[][]> {
  const groups = alternativeTexts(clauses);
  const texts = groups.flat();
  if (texts.length === 0) return [];
  // The same functions tsquery-sql.ts builds the query from: plainto for a word, phraseto for a phrase.
  const rows = await db.query<{
    i: number;
    nodes: number;
    lexeme: string | null;
    bit: number | null;
    share: number | null;
  }>(
    Prisma.sql`SELECT w.i::int AS i, numnode(CASE WHEN w.phrase THEN phraseto_tsquery('jobs_english'::regconfig, w.t)
        ELSE plainto_tsquery('jobs_english'::regconfig, w.t) END)::int AS nodes,
        l.lexeme, c.bit::int AS bit, c.share::float8 AS share
      FROM unnest(${texts.map((t) => t.text)}::text[], ${texts.map((t) => t.phrase)}::boolean[]) WITH ORDINALITY AS w(t, phrase, i)
      LEFT JOIN LATERAL unnest(tsvector_to_array(to_tsvector('jobs_english'::regconfig, w.t))) AS l(lexeme) ON true
      LEFT JOIN common_words c ON c.snapshot_id = ${snapshotId} AND c.lexeme = l.lexeme
      ORDER BY 1, 3`,
  );
  const byText: Alternative[] = texts.map(() => ({ nodes: 0, lexemes: [] }));
  for (const r of rows) {
    const a = byText[r.i - 1] as Alternative;
    a.nodes = r.nodes;
    if (r.lexeme !== null) a.lexemes.push({ lexeme: r.lexeme, bit: r.bit, share: r.share ?? undefined });
  }
  let at = 0;
  return groups.map((g) => g.map(() => byText[at++] as Alternative));
}
