// What a job's common words (the bits of jobs.common_words, and the numbers past them in
// jobs.more_words, which lists numbered phrases too) can tell about a query before its words are
// read: a lexeme or phrase the query needs and the job lacks, or one it excludes and the job
// holds, rules the job out. A necessary
// condition: `search @@ …` decides the jobs it lets by, except in a walk where the bits are exact
// (walk-by-bits.ts). Bit numbers belong to one snapshot's vocabulary: the SQL (word-bits-sql.ts)
// checks each row's snapshot against the one the bits were read for.

import {
  type Alternative,
  type AlternativeText,
  alternativeTexts,
  needsRare,
  numberOf,
  oneRareLexeme,
  pairedClauses,
  single,
} from "./alternatives";
import type { Estimate } from "./rare-estimates";
import type { SearchClause } from "./tsquery-sql";

/**
 * Common words (by their number in the snapshot's common_words: a bit below COMMON_WORD_BITS, an
 * entry of more_words past it) a job must hold, must not hold, and sets it must hold one of.
 * `exact`: they decide the query alone (every word common lexemes only, no phrase), so a job
 * they keep matches. `share`: the part of jobs they are expected to keep (words taken as
 * independent; 1 for what they do not decide).
 */
export type WordBits = {
  /** The snapshot whose common_words numbered the bits. */
  snapshotId: number;
  need: number[];
  forbid: number[];
  anyOf: number[][];
  /**
   * Per set of anyOf, its alternatives too rare for a number (a lexeme without one): a job may
   * hold one of them instead, which a walk reads from the words' index (their few jobs) and the
   * rule-out cannot judge. Empty for a set of common words only.
   */
  anyOfRare: AlternativeText[][];
  exact: boolean;
  /** Whether the bits (with `rare`) decide every excluded clause: exact for a job known to hold the rest. */
  exclusionsExact: boolean;
  share: number;
  /**
   * The least part of all jobs they can keep, whatever the words' overlaps (Fréchet's bound: the
   * conditions' shares summed, less one per condition past the first; 0 when that says
   * nothing). From the import's shares; a rare excluded word's share is itself an estimate.
   */
  sureShare: number;
  /**
   * Excluded clauses (their index in the query) the bits cannot decide but whose every such
   * alternative holds a lexeme too rare to have a number: a walk may leave out their few matches,
   * read from the words' index, instead. `rareShare`: the part of jobs they, and the sets' rare
   * alternatives (anyOfRare), may hold at most: each alternative's estimated lexeme's share
   * where the vocabulary's sample gave one (rare-estimates.ts), else the floor.
   */
  rare: number[];
  rareShare: number;
  /**
   * The least share of all jobs the vocabulary's sample says a needed word too rare for a number
   * has, or a needed set of such words together (rare-estimates.ts): every match holds it, so the
   * matches are about that many at most.
   */
  rareNeed?: number;
  /**
   * Clauses (their index in the query) that are one numbered phrase, needed or excluded: a job of
   * the snapshot that numbered it holds the phrase exactly when its list holds `bit`, so its
   * words need not be read for the phrase's positions (word-bits-sql.ts's wordsMatchSql).
   */
  listed: { clause: number; bit: number }[];
  /** When exact: which index finds each clause's matches (list-leads.ts); undefined for the words' alone. */
  listLeads?: ListLead[];
};

/**
 * One clause that is not excluded: the texts of its alternatives the words' index finds (by their
 * lexemes), and the numbers of the phrases the list's index finds. A job matching the clause is
 * found by one of the two.
 */
export type ListLead = { words: string[]; listed: number[] };

/**
 * Whether deciding q by the bits reads the jobs of words too rare for a number first (an excluded
 * one, or a set's rare alternative), from the words' index.
 */
export const readsRareJobs = (bits: WordBits): boolean =>
  bits.rare.length > 0 || bits.anyOfRare.some((r) => r.length > 0);

/**
 * The part of all jobs a rare alternative may hold: a job holding it holds each of its lexemes,
 * so at most its least held estimated one's (on the high side); the floor when none was.
 */
function rareShareOf(a: Alternative, floor: number, estimated: ReadonlyMap<string, Estimate>): number {
  const known = a.lexemes.flatMap((l) => {
    const share = l.bit === null ? estimated.get(l.lexeme)?.high : undefined;
    return share === undefined ? [] : [share];
  });
  return known.length ? Math.min(...known) : floor;
}

/**
 * A word (not a phrase) whose lexemes are all common: plainto_tsquery joins a word's lexemes with
 * `&` ("full-time" is 'full-tim' & 'full' & 'time'), so a job matches exactly when it holds every
 * one of them. The node count holds the tsquery to that shape: one operand per distinct lexeme
 * (a word repeating one, "day-to-day", is left to the words, as a phrase of it would be).
 */
const allOfBits = (a: Alternative) =>
  single(a) ||
  (!a.phrase &&
    a.lexemes.length > 0 &&
    a.nodes === 2 * a.lexemes.length - 1 &&
    a.lexemes.every((l) => l.bit != null));

/**
 * The bits that rule a job out, from each alternative's lexemes (alternativeTexts' order), or
 * null when they rule nothing out. A phrase or a word of several lexemes needs all of them; an
 * alternative without lexemes (stop words) drops out of its clause, as it does from the tsquery.
 */
export function ruleOutBits(
  clauses: readonly SearchClause[],
  lexemes: readonly Alternative[][],
  snapshotId: number,
  /**
   * The share of the least held word with a bit (a word without a number is mostly held by
   * fewer); null when the snapshot has no common words, whose jobs then have no bits to judge.
   */
  floor: number | null = 0,
  /** Rare lexemes' shares of all jobs, estimated (rare-estimates.ts): they replace the floor. */
  estimated: ReadonlyMap<string, Estimate> = new Map(),
): WordBits | null {
  if (floor === null) return null;
  const rareOf = (a: Alternative) => rareShareOf(a, floor, estimated);
  // A single rare word's point estimate, for the matches it bounds when needed.
  const pointOf = (a: Alternative, t: AlternativeText | undefined) =>
    oneRareLexeme(a, t) ? estimated.get(a.lexemes[0]?.lexeme ?? "")?.point : undefined;
  const need = new Map<number, number>();
  const forbid = new Map<number, number>();
  const anyOf: number[][] = [];
  const anyOfRare: AlternativeText[][] = [];
  const texts = alternativeTexts(clauses);
  let exact = true;
  let exclusionsExact = true;
  let share = 1;
  const rare: number[] = [];
  let rareShare = 0;
  let rareNeed: number | undefined;
  // The rare excluded words' part of it (a set's rare alternatives take nothing from sureShare).
  let rareExcluded = 0;
  // Each condition's share, for sureShare: an alternative set's best, each needed or forbidden bit
  // (but those a needed hyphenated word implies).
  const events: number[] = [];
  const implied = new Set<number>();
  const listed: { clause: number; bit: number }[] = [];
  for (const { index, clause, paired } of pairedClauses(clauses, lexemes, texts)) {
    const alternatives = paired.map((p) => p.a);
    if (alternatives.length === 0) continue;
    // Listed only as the clause's own text: a word of stop words alone ("IT") leaves its
    // synonym's phrase, which tsquerySql would not ask for in its place.
    const own = paired[0]?.t?.text === clause.any[0]?.text;
    const lone =
      clause.any.length === 1 && alternatives.length === 1 && own
        ? alternatives[0]?.numbered?.bit
        : undefined;
    if (lone != null) listed.push({ clause: index, bit: lone });
    if (clause.any[0]?.negated) {
      // Excluded: a single common lexeme held means the alternative matches, so the job is out.
      for (const a of alternatives) {
        const n = numberOf(a);
        if (n) forbid.set(n.bit, n.share ?? 0);
      }
      const others = alternatives.filter((a) => !single(a));
      if (others.length && others.every(needsRare)) {
        rare.push(index);
        const held = others.reduce((sum, a) => sum + rareOf(a), 0);
        rareShare += held;
        rareExcluded += held;
      } else if (others.length) {
        exact = false;
        exclusionsExact = false;
      }
    } else if (alternatives.length === 1) {
      const only = alternatives[0] as Alternative;
      const held = pointOf(only, paired[0]?.t);
      if (held !== undefined) rareNeed = Math.min(rareNeed ?? 1, held);
      for (const l of only.lexemes) if (l.bit !== null) need.set(l.bit, l.share ?? 1);
      const decided = allOfBits(only);
      exact &&= decided;
      // A numbered phrase is held exactly where its number is, and implies its lexemes.
      if (only.numbered?.bit != null) {
        need.set(only.numbered.bit, only.numbered.share ?? 1);
        for (const l of only.lexemes) if (l.bit !== null) implied.add(l.bit);
      }
      // A hyphenated word's lexeme ("full-tim") comes with its parts' ("full", "time"): the
      // parser gives both, so a job holding it holds them, and it alone says how many match.
      const joined = only.lexemes.filter((l) => l.lexeme.includes("-"));
      if (decided && joined.length === 1)
        for (const l of only.lexemes) if (l !== joined[0]) implied.add(l.bit as number);
    } else {
      // A set: single common lexemes decide by their numbers; an alternative needing a lexeme too
      // rare for one is held by few jobs, read from the words' index (whatever its kind).
      const decided = paired.filter((p) => single(p.a));
      const rareOnes = paired.filter((p) => !single(p.a) && needsRare(p.a));
      // A set of rare words only: every match holds one of them, so the matches are at most theirs.
      const held = paired.map((p) => pointOf(p.a, p.t));
      if (held.every((h) => h !== undefined))
        rareNeed = Math.min(
          rareNeed ?? 1,
          held.reduce((sum: number, h) => sum + (h ?? 0), 0),
        );
      if (decided.length > 0 && decided.length + rareOnes.length === paired.length) {
        const bits = new Map(
          decided.map(({ a }) => {
            const n = numberOf(a) as { bit: number; share: number | undefined };
            return [n.bit, n.share ?? 1];
          }),
        );
        anyOf.push([...bits.keys()].sort((x, y) => x - y));
        anyOfRare.push(rareOnes.map((p) => p.t));
        // The guess leaves the rare alternatives out (their share is only bounded): a walk then
        // expects to read more entries, never fewer, than it will.
        share *= 1 - [...bits.values()].reduce((n, s) => n * (1 - s), 1);
        events.push(Math.max(...bits.values()));
        rareShare += rareOnes.reduce((sum, p) => sum + rareOf(p.a), 0);
      } else exact = false;
    }
  }
  if (need.size === 0 && forbid.size === 0 && anyOf.length === 0 && rare.length === 0) return null;
  // A lexeme a needed phrase or hyphenated word implies adds nothing to what that one keeps.
  for (const [bit, s] of need) if (!implied.has(bit)) share *= s;
  for (const s of forbid.values()) share *= 1 - s;
  for (const [bit, s] of need) if (!implied.has(bit)) events.push(s);
  events.push(...[...forbid.values()].map((s) => 1 - s));
  if (rare.length) events.push(1 - rareExcluded);
  const sureShare = Math.max(0, events.reduce((sum, p) => sum + p, 0) - (events.length - 1));
  const sorted = (m: Map<number, number>) => [...m.keys()].sort((x, y) => x - y);
  return {
    snapshotId,
    need: sorted(need),
    forbid: sorted(forbid),
    anyOf,
    anyOfRare,
    exact,
    exclusionsExact,
    share,
    sureShare,
    rare,
    rareShare,
    ...(rareNeed === undefined ? {} : { rareNeed }),
    listed,
  };
}
