// Common words (word-bits.ts) as SQL on jobs' rows and index entries: the rule-out checked before
// `search @@` reads a job's words, and the whole condition where the common words decide q alone
// (a walk by bits, a tier's exclusions).

import { Prisma } from "../../generated/prisma/client";
import type { AlternativeText } from "./alternatives";
import { COMMON_WORD_BITS, isBit } from "./common-words";
import {
  lexemesOfTextsSql,
  lexemesTsquerySql,
  type SearchClause,
  type SearchItem,
  tsquerySql,
} from "./tsquery-sql";
import { readsRareJobs, type WordBits } from "./word-bits";

/** The bits among common words' numbers, as a `bit varying` of COMMON_WORD_BITS, bit 0 first. */
export function bitString(numbers: readonly number[]): string {
  const chars = new Array<string>(COMMON_WORD_BITS).fill("0");
  for (const b of numbers) if (isBit(b)) chars[b] = "1";
  return chars.join("");
}

/**
 * `NOT words_rule_out(…)` on jobs' common_words, and `NOT more_words_rule_out(…)` on their list
 * of more words, or null. Put before `search @@`: the functions are priced below one operator,
 * so the planner checks them first on every row it walks. A set holding a listed word rules
 * nothing out here.
 */
export function ruleOutCondition(bits: WordBits | null | undefined): Prisma.Sql | null {
  if (!bits) return null;
  const parts: Prisma.Sql[] = [];
  const need = bits.need.filter(isBit);
  const forbid = bits.forbid.filter(isBit);
  const sets = bits.anyOf.filter((set, i) => set.every(isBit) && !bits.anyOfRare[i]?.length);
  if (need.length || forbid.length || sets.length) {
    const mask = (b: number[]) => (b.length ? bitString(b) : null);
    const anyOf = sets.length ? sets.map(bitString) : null;
    parts.push(
      Prisma.sql`NOT words_rule_out(common_words, snapshot_id, ${bits.snapshotId}::int, ${mask(need)}::varbit, ${mask(forbid)}::varbit, ${anyOf}::varbit[])`,
    );
  }
  const needMore = bits.need.filter((n) => !isBit(n));
  const forbidMore = bits.forbid.filter((n) => !isBit(n));
  if (needMore.length || forbidMore.length) {
    const list = (b: number[]) => (b.length ? b : null);
    parts.push(
      Prisma.sql`NOT more_words_rule_out(more_words, snapshot_id, ${bits.snapshotId}::int, ${list(needMore)}::int2[], ${list(forbidMore)}::int2[])`,
    );
  }
  return parts.length ? Prisma.join(parts, " AND ") : null;
}

/**
 * For a job known to hold q's other words (its title does): whether it escapes every exclusion,
 * decided by the bits and `rare` without reading its words; null when they cannot decide.
 */
export function exclusionsByBitsSql(
  clauses: readonly SearchClause[],
  bits: WordBits | null | undefined,
  snapshotId: number,
): Prisma.Sql | null {
  if (!bits?.exclusionsExact || bits.snapshotId !== snapshotId) return null;
  return Prisma.sql`(${bitsKeepSql({ ...bits, need: [], anyOf: [], anyOfRare: [] })} ${rareExclusionSql(clauses, bits)})`;
}

/**
 * Whether a job's common words hold every needed one, one of each set and no forbidden one, as
 * plain operators on the row or index entry (bits, then the more words' list): for statements
 * where they decide and no `search @@` follows, so there is no order of checks to keep. A walk
 * checks this on every index entry it reads, and words_rule_out's plpgsql call costs several
 * times the operators.
 */
export function bitsKeepSql(bits: WordBits): Prisma.Sql {
  const zero = bitString([]);
  const more = (numbers: number[]) => Prisma.sql`${numbers.filter((n) => !isBit(n))}::int2[]`;
  const past = [...bits.need, ...bits.forbid, ...bits.anyOf.flat()].some((n) => !isBit(n));
  const parts = [
    Prisma.sql`snapshot_id = ${bits.snapshotId}::int AND common_words IS NOT NULL`,
    ...(past ? [Prisma.sql`more_words IS NOT NULL`] : []),
  ];
  // Bit strings compare bit by bit from the first: `bits & need` is below `need` unless it holds
  // all of it, and nothing is below zero. So `>=` and `<=` say what `=` would, and the planner
  // prices them as keeping a third of the rows, not a two-hundredth: with so few matches
  // expected, it reads a country's listing whole and sorts it rather than walk it by date.
  if (bits.need.some(isBit)) {
    const need = bitString(bits.need);
    parts.push(Prisma.sql`(common_words & ${need}::varbit) >= ${need}::varbit`);
  }
  if (bits.need.some((n) => !isBit(n))) parts.push(Prisma.sql`more_words @> ${more(bits.need)}`);
  if (bits.forbid.some(isBit))
    parts.push(Prisma.sql`(common_words & ${bitString(bits.forbid)}::varbit) <= ${zero}::varbit`);
  if (bits.forbid.some((n) => !isBit(n))) parts.push(Prisma.sql`NOT (more_words && ${more(bits.forbid)})`);
  for (const [i, set] of bits.anyOf.entries()) {
    const rare = bits.anyOfRare[i] ?? [];
    const either = [
      ...(set.some(isBit) ? [Prisma.sql`(common_words & ${bitString(set)}::varbit) <> ${zero}::varbit`] : []),
      ...(set.some((n) => !isBit(n)) ? [Prisma.sql`more_words && ${more(set)}`] : []),
      ...(rare.length ? [rareJobsSql(bits.snapshotId, rare.map(asItem), "IN")] : []),
    ];
    parts.push(Prisma.sql`(${Prisma.join(either, " OR ")})`);
  }
  return Prisma.join(parts, " AND ");
}

/** `AND id NOT IN (…)`: the jobs holding the rare excluded clauses, read from the words' index. */
export function rareExclusionSql(clauses: readonly SearchClause[], bits: WordBits): Prisma.Sql {
  if (bits.rare.length === 0) return Prisma.empty;
  const any = bits.rare.flatMap((i) => (clauses[i]?.any ?? []).map((item) => ({ ...item, negated: false })));
  return Prisma.sql`AND ${rareJobsSql(bits.snapshotId, any, "NOT IN")}`;
}

/** `id [NOT] IN (…)`: the jobs matching one of `any` (few: words too rare for a number), by the words' index. */
function rareJobsSql(snapshotId: number, any: SearchItem[], op: "IN" | "NOT IN"): Prisma.Sql {
  return Prisma.sql`id ${Prisma.raw(op)} (SELECT id FROM jobs WHERE snapshot_id = ${snapshotId}::int
    AND search @@ ${tsquerySql([{ any }])})`;
}

/** An alternative's text as the item tsquerySql reads it the same way (plainto or phraseto). */
const asItem = (t: AlternativeText): SearchItem => ({
  kind: t.phrase ? "phrase" : "term",
  text: t.text,
  negated: false,
  position: 0,
});

/**
 * q's condition on a job: the bits' rule-out first (cheap), then the words themselves. A numbered
 * phrase (WordBits.listed) is asked of the words as its lexemes only, which the words' index
 * decides without reading a job's words, and of the job's list for their positions (of the
 * snapshot that numbered it; any other row's words are read). When the bits decide q, the
 * indexes are asked what leadSql says: the lexemes, or a lone clause's phrases by the list's
 * own index.
 */
export function wordsMatchSql(
  clauses: readonly SearchClause[],
  bits: WordBits | null | undefined,
  /**
   * Whether the statement may read the jobs of q's words too rare for a number first (once, by
   * the words' index): not where it reads a bounded number of rows, since such a word may still
   * be held by many.
   */
  opts: {
    rareJobs?: boolean;
    /**
     * The snapshot the statement reads, where the caller knows it: when the bits are its own, a
     * phrase numbered past them may lead by the list's index (list-leads.ts).
     */
    snapshotId?: number;
  } = {},
): Prisma.Sql {
  const condition = ruleOutCondition(bits);
  const listed = bits?.listed ?? [];
  // An excluded phrase is left out of the tsquery, which must keep a clause that is not.
  const positive = clauses.some((c) => !c.any[0]?.negated);
  if (bits?.exact && positive && (opts.rareJobs !== false || !readsRareJobs(bits))) {
    // The bits decide q (decision 0039): the words' index is asked only for the lexemes (which it
    // decides without reading a job's words, where exclusions and phrases make it read every
    // candidate's), and the rest is decided by the row's bits and list. Rows of another snapshot
    // read their words.
    const own = Prisma.sql`snapshot_id = ${bits.snapshotId}::int AND common_words IS NOT NULL AND more_words IS NOT NULL`;
    const keep = Prisma.sql`CASE WHEN ${own} THEN ${bitsKeepSql(bits)} ${rareExclusionSql(clauses, bits)} ELSE search @@ ${tsquerySql(clauses)} END`;
    const words = Prisma.sql`${leadSql(clauses, bits, opts.snapshotId)} AND ${keep}`;
    return condition ? Prisma.sql`(${condition} AND ${words})` : Prisma.sql`(${words})`;
  }
  const kept = listed.filter((l) => positive || !clauses[l.clause]?.any[0]?.negated);
  const asLexemes = new Set(kept.map((l) => l.clause));
  const parts = [Prisma.sql`search @@ ${tsquerySql(clauses, false, asLexemes)}`];
  for (const { clause, bit } of kept) {
    const item = clauses[clause]?.any[0] as SearchItem;
    const holds = Prisma.sql`more_words @> ${[bit]}::int2[]`;
    const words = Prisma.sql`search @@ ${tsquerySql([{ any: [{ ...item, negated: false }] }])}`;
    const phrase = Prisma.sql`CASE WHEN snapshot_id = ${bits?.snapshotId}::int AND more_words IS NOT NULL THEN ${holds} ELSE ${words} END`;
    parts.push(item.negated ? Prisma.sql`NOT (${phrase})` : Prisma.sql`(${phrase})`);
  }
  const words = parts.length > 1 ? Prisma.sql`(${Prisma.join(parts, " AND ")})` : (parts[0] as Prisma.Sql);
  return condition ? Prisma.sql`(${condition} AND ${words})` : words;
}

/**
 * What the indexes are asked for q when the bits decide it: every alternative's lexemes, which
 * the words' index decides without reading a job's words. When q has one clause that is not
 * excluded and the statement reads the bits' own snapshot, its numbered phrases are asked of the
 * list's index by their number instead (a BitmapOr with its other alternatives' lexemes): as
 * lexemes they bring every job holding their words apart. Beside another clause they stay with
 * the words' index, which intersects all the clauses within one scan; a condition of two indexes
 * there reads every holder of the phrase or turns the plan into a walk. Rows of another snapshot
 * number their phrases otherwise, so only for the bits' own.
 */
function leadSql(
  clauses: readonly SearchClause[],
  bits: WordBits,
  snapshotId: number | undefined,
): Prisma.Sql {
  const lead = snapshotId === bits.snapshotId && bits.listLeads?.length === 1 ? bits.listLeads[0] : undefined;
  if (!lead?.listed.length) return Prisma.sql`search @@ ${lexemesTsquerySql(clauses)}`;
  const list = Prisma.sql`more_words && ${lead.listed}::int2[]`;
  return lead.words.length ? Prisma.sql`(search @@ ${lexemesOfTextsSql([lead.words])} OR ${list})` : list;
}
