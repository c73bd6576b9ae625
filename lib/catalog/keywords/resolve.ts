// `q` from text to what the database searches: parsed, synonyms added, words that match no
// job corrected to the closest word of the catalog's vocabulary, and a report of all of it
// (meta.query) so a caller can see why a job matched.
import { invalidParam, ok, type Result } from "../../core/result";
import { Prisma } from "../../generated/prisma/client";
import { catalogDb, snapshotCache } from "../live";
import { bestCorrection, type Candidate } from "./corrections";
import { type Expansion, expandSynonyms } from "./expand";
import { type LexemesJson, lexemesOf, lexemesSql } from "./lexemes-sql";
import { listLeads } from "./list-leads";
import { foldWord, parseQuery } from "./parse";
import { rareEstimates } from "./rare-estimates";
import { rareLexemes } from "./rare-words";
import { type SearchClause, type SearchItem, tsquerySql } from "./tsquery-sql";
import { ruleOutBits, type WordBits } from "./word-bits";

export type QueryMeta = {
  q: string;
  terms: string[];
  phrases: string[];
  excluded: string[];
  any_of: string[][];
  expansions: Expansion[];
  corrections: { from: string; to: string }[];
  ignored: string[];
  tsquery: string;
};
/** `bits`: what the jobs' common-word bits rule out (word-bits.ts), null when nothing. */
export type Keywords = { clauses: SearchClause[]; meta: QueryMeta; bits: WordBits | null };

const CONFIG = Prisma.sql`'jobs_english'::regconfig`;
/** Vocabulary words at least this similar (trigrams) are candidates for a correction. */
const MIN_SIMILARITY = 0.2;

const cache = snapshotCache<Keywords>(5_000);

type State = "stop" | "known" | "unknown";

/** Words that may be corrected: searched-for single words without synonyms. */
const checkable = (clauses: SearchClause[]) =>
  clauses.flatMap((c) => c.any).filter((i) => i.kind === "term" && !i.negated && !i.also);

/** The parsed query's node count, its tsquery text and its lexemes (word-bits.ts). */
function querySql(clauses: SearchClause[], snapshotId: number): Prisma.Sql {
  const q = tsquerySql(clauses);
  // Nodes of what is to be found: exclusions beside stop words alone leave nothing to find.
  return Prisma.sql`numnode(${tsquerySql(clauses, true)})::int AS nodes, ${q}::text AS tsquery, ${lexemesSql(clauses, snapshotId)} AS lexemes`;
}

function statesSql(words: SearchItem[], clauses: SearchClause[], snapshotId: number): Prisma.Sql {
  const states = words.map(
    (w) => Prisma.sql`CASE
      WHEN numnode(plainto_tsquery(${CONFIG}, ${w.text})) = 0 THEN 'stop'
      WHEN EXISTS (SELECT 1 FROM search_terms WHERE snapshot_id = ${snapshotId} AND term = unaccent(lower(${w.text}))) THEN 'known'
      WHEN EXISTS (SELECT 1 FROM jobs WHERE snapshot_id = ${snapshotId} AND search @@ plainto_tsquery(${CONFIG}, ${w.text})) THEN 'known'
      ELSE 'unknown' END`,
  );
  const list = states.length
    ? Prisma.sql`ARRAY[${Prisma.join(states)}]::text[]`
    : Prisma.sql`ARRAY[]::text[]`;
  return Prisma.sql`SELECT ${querySql(clauses, snapshotId)}, ${list} AS states`;
}

function candidatesSql(words: string[], snapshotId: number): Prisma.Sql {
  return Prisma.sql`SELECT w.i::int AS i, s.term, s.similarity, s.jobs
    FROM unnest(${words}::text[]) WITH ORDINALITY AS w(t, i)
    CROSS JOIN LATERAL (
      SELECT term, similarity(term, unaccent(lower(w.t)))::float8 AS similarity, jobs FROM search_terms
      WHERE snapshot_id = ${snapshotId} AND similarity(term, unaccent(lower(w.t))) >= ${MIN_SIMILARITY}
      ORDER BY 2 DESC, jobs DESC, term LIMIT 12
    ) s`;
}

/** The keywords of `q` in snapshot `snapshotId`, or a failure naming what is wrong with q. */
export async function resolveKeywords(
  q: string,
  snapshotId: number,
  spellcheck = true,
): Promise<Result<Keywords, "invalid_parameter">> {
  const key = `${spellcheck ? 1 : 0}${q}`;
  const hit = cache.get(snapshotId, key);
  if (hit) return ok(hit);
  const parsed = parseQuery(q);
  if (!parsed.ok) return parsed;
  const { clauses, expansions } = expandSynonyms(parsed.value);
  const words = checkable(clauses);
  const db = catalogDb(snapshotId);
  const [first] = await db.query<{ nodes: number; tsquery: string; states: State[]; lexemes: LexemesJson }>(
    statesSql(words, clauses, snapshotId),
  );
  let lexemes = first?.lexemes;
  let tsquery = first?.tsquery ?? "";
  let nodes = first?.nodes ?? 0;
  const states = first?.states ?? [];
  const corrections: { from: string; to: string }[] = [];
  const unknown = words.filter((_, i) => states[i] === "unknown");
  if (spellcheck && unknown.length) {
    const rows = await db.query<Candidate & { i: number }>(
      candidatesSql(
        unknown.map((w) => w.text),
        snapshotId,
      ),
    );
    unknown.forEach((w, i) => {
      const to = bestCorrection(
        foldWord(w.text),
        rows.filter((r) => r.i === i + 1),
      );
      if (!to) return;
      corrections.push({ from: w.text, to });
      w.text = to;
    });
    if (corrections.length) {
      const [again] = await db.query<{ nodes: number; tsquery: string; lexemes: LexemesJson }>(
        Prisma.sql`SELECT ${querySql(clauses, snapshotId)}`,
      );
      tsquery = again?.tsquery ?? "";
      nodes = again?.nodes ?? 0;
      lexemes = again?.lexemes;
    }
  }
  if (nodes === 0)
    return invalidParam(
      "q",
      "q: has no words to search for: only words too common to search (such as “the”), besides any exclusions.",
    );
  const items = clauses.flatMap((c) => c.any);
  const meta: QueryMeta = {
    q,
    terms: items.filter((i) => i.kind === "term" && !i.negated).map((i) => i.text),
    phrases: items.filter((i) => i.kind === "phrase" && !i.negated).map((i) => i.text),
    excluded: items.filter((i) => i.negated).map((i) => i.text),
    any_of: clauses.filter((c) => c.any.length > 1).map((c) => c.any.map((i) => i.text)),
    expansions,
    corrections,
    ignored: words.filter((_, i) => states[i] === "stop").map((w) => w.text),
    tsquery,
  };
  const { alternatives, floor } = lexemesOf(clauses, lexemes);
  const estimated = await rareEstimates(snapshotId, rareLexemes(clauses, alternatives));
  const ruled = ruleOutBits(clauses, alternatives, snapshotId, floor, estimated);
  const leads = ruled?.exact ? listLeads(clauses, alternatives) : undefined;
  const bits = ruled && leads ? { ...ruled, listLeads: leads } : ruled;
  const value = { clauses, meta, bits };
  cache.set(snapshotId, key, value);
  return ok(value);
}
