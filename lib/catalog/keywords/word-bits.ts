// What a job's common-word bits (jobs.common_words) can tell about a query before its words are
// read: a lexeme the query needs and the job's bits lack, or one it excludes and they hold, rules
// the job out. Only ever a necessary condition: `search @@ …` still decides every job it lets by.

import type { CatalogReader } from "../../core/db-replicas";
import { Prisma } from "../../generated/prisma/client";
import type { SearchClause } from "./tsquery-sql";

export const COMMON_WORD_BITS = 1024;

/** Bits (of the snapshot's common_words) a job must hold, must not hold, and sets it must hold one of. */
export type WordBits = { need: number[]; forbid: number[]; anyOf: number[][] };

/** A query text's lexemes under jobs_english, each with its bit when it is a common word. */
export type Lexemes = { lexeme: string; bit: number | null }[];

/** Each item's texts: the item's own, then its synonyms', in clause order. */
export function alternativeTexts(clauses: readonly SearchClause[]): string[][] {
  return clauses.flatMap((c) => c.any.map((item) => [item.text, ...(item.also ?? [])]));
}

/**
 * The bits that rule a job out, from each alternative's lexemes (alternativeTexts' order), or
 * null when they rule nothing out. A phrase or a word of several lexemes needs all of them; an
 * alternative without lexemes (stop words) drops out of its clause, as it does from the tsquery.
 */
export function ruleOutBits(
  clauses: readonly SearchClause[],
  lexemes: readonly Lexemes[][],
): WordBits | null {
  const need = new Set<number>();
  const forbid = new Set<number>();
  const anyOf: number[][] = [];
  let k = 0;
  for (const clause of clauses) {
    const alternatives = clause.any.flatMap(() => (lexemes[k++] ?? []).filter((l) => l.length > 0));
    if (alternatives.length === 0) continue;
    if (clause.any[0]?.negated) {
      // Excluded: a single common lexeme held means the alternative matches, so the job is out.
      for (const a of alternatives) if (a.length === 1 && a[0]?.bit != null) forbid.add(a[0].bit);
    } else if (alternatives.length === 1) {
      for (const l of alternatives[0] ?? []) if (l.bit !== null) need.add(l.bit);
    } else if (alternatives.every((a) => a.length === 1 && a[0]?.bit != null)) {
      anyOf.push([...new Set(alternatives.map((a) => a[0]?.bit as number))].sort((x, y) => x - y));
    }
  }
  if (need.size === 0 && forbid.size === 0 && anyOf.length === 0) return null;
  const sorted = (s: Set<number>) => [...s].sort((x, y) => x - y);
  return { need: sorted(need), forbid: sorted(forbid), anyOf };
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
): Promise<Lexemes[][]> {
  const groups = alternativeTexts(clauses);
  const texts = groups.flat();
  if (texts.length === 0) return [];
  const rows = await db.query<{ i: number; lexeme: string; bit: number | null }>(
    Prisma.sql`SELECT w.i::int AS i, l.lexeme, c.bit::int AS bit
      FROM unnest(${texts}::text[]) WITH ORDINALITY AS w(t, i)
      CROSS JOIN LATERAL unnest(tsvector_to_array(to_tsvector('jobs_english'::regconfig, w.t))) AS l(lexeme)
      LEFT JOIN common_words c ON c.snapshot_id = ${snapshotId} AND c.lexeme = l.lexeme
      ORDER BY 1, 2`,
  );
  const byText: Lexemes[] = texts.map(() => []);
  for (const r of rows) byText[r.i - 1]?.push({ lexeme: r.lexeme, bit: r.bit });
  let at = 0;
  return groups.map((g) => g.map(() => byText[at++] as Lexemes));
}
