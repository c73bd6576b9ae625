// A parsed query as one tsquery expression, built in SQL from plainto_tsquery and
// phraseto_tsquery: the database splits, folds and stems query words with the very
// configuration that indexed the jobs (jobs_english), so both sides always agree.
import { Prisma } from "../../generated/prisma/client";
import type { Clause, Item } from "./parse";

/** An item after synonyms: it also matches any of `also` (phrases). */
export type SearchItem = Item & { also?: readonly string[] };
export type SearchClause = { any: SearchItem[] };

const CONFIG = Prisma.sql`'jobs_english'::regconfig`;

function itemSql(item: SearchItem): Prisma.Sql {
  const base =
    item.kind === "phrase"
      ? Prisma.sql`phraseto_tsquery(${CONFIG}, ${item.text})`
      : Prisma.sql`plainto_tsquery(${CONFIG}, ${item.text})`;
  if (!item.also?.length) return base;
  const alternatives = item.also.map((a) => Prisma.sql`phraseto_tsquery(${CONFIG}, ${a})`);
  return Prisma.sql`(${Prisma.join([base, ...alternatives], " || ")})`;
}

/**
 * Every clause ANDed; `positiveOnly` leaves the exclusions out (what a title must hold to rank
 * first). `asLexemes`: clauses (by index) of one phrase that something else checks for its
 * positions, given as its lexemes ANDed (which the words' index decides without reading words),
 * or left out when excluded.
 */
export function tsquerySql(
  clauses: readonly SearchClause[],
  positiveOnly = false,
  asLexemes: ReadonlySet<number> = new Set(),
): Prisma.Sql {
  const parts = clauses
    .map((c, i) => ({ c, i }))
    .filter(({ c, i }) => !((positiveOnly || asLexemes.has(i)) && c.any[0]?.negated))
    .map(({ c, i }) => {
      const first = c.any[0] as SearchItem;
      if (first.negated) return Prisma.sql`(!!${itemSql(first)})`;
      if (asLexemes.has(i)) return Prisma.sql`plainto_tsquery(${CONFIG}, ${first.text})`;
      return c.any.length === 1 ? itemSql(first) : Prisma.sql`(${Prisma.join(c.any.map(itemSql), " || ")})`;
    });
  return Prisma.sql`(${Prisma.join(parts, " && ")})`;
}

/**
 * The positive clauses with every alternative (synonyms' phrases too) as its lexemes ANDed: what
 * every match holds, and what the words' index decides without reading a job's words.
 */
export function lexemesTsquerySql(clauses: readonly SearchClause[]): Prisma.Sql {
  return lexemesOfTextsSql(
    clauses
      .filter((c) => !c.any[0]?.negated)
      .map((c) => c.any.flatMap((item) => [item.text, ...(item.also ?? [])])),
  );
}

/** Per clause, its texts' lexemes ANDed, ORed within the clause; the clauses ANDed. */
export function lexemesOfTextsSql(clauses: readonly (readonly string[])[]): Prisma.Sql {
  const parts = clauses.map((texts) => {
    const each = texts.map((t) => Prisma.sql`plainto_tsquery(${CONFIG}, ${t})`);
    return each.length === 1 ? (each[0] as Prisma.Sql) : Prisma.sql`(${Prisma.join(each, " || ")})`;
  });
  return Prisma.sql`(${Prisma.join(parts, " && ")})`;
}

export const hasExclusions = (clauses: readonly Clause[]) => clauses.some((c) => c.any[0]?.negated);
