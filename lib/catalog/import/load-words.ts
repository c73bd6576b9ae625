// The loader's side of job-words.ts: which texts of a batch the words are built from, the
// database's answers on a connection of their own, and the rows left for the database to fill.

import type pg from "pg";
import { COMMON_WORD_BITS, PHRASE_BASE } from "../keywords/common-words";
import type { BuiltWords } from "./built-words";
import type { BatchItem } from "./job-batch";
import { type JobTexts, JobWords } from "./job-words";
import { JOB_WORDS_SQL, PIECES_SQL, type PieceRow, piecesFromRows } from "./job-words-sql";

/** Job words asking `client` about pieces it has not seen. */
export function databaseWords(client: pg.PoolClient): JobWords {
  return new JobWords(async (pieces) => {
    const { rows } = await client.query<PieceRow>(PIECES_SQL, [pieces]);
    return piecesFromRows(pieces.length, rows);
  });
}

/**
 * Gives the rows of `table` without words the database's own, and their common words (bits, more
 * words and phrases) from snapshot `snapshotId`'s common_words (written before): every row of a
 * snapshot with a vocabulary has them. How many rows there were.
 */
export async function fillWords(client: pg.PoolClient, table: string, snapshotId: number): Promise<number> {
  const res = await client.query(`UPDATE ${table} SET search = ${JOB_WORDS_SQL} WHERE search IS NULL`);
  // Each of the job's lexemes looked up by the vocabulary's key, not the vocabulary scanned per job;
  // each numbered phrase (a pair's key is its two lexemes, a chain's its tsquery text; their lexemes
  // free of quotes and backslashes) by the phrase's own tsquery.
  const held = (numbers: string) =>
    `FROM unnest(tsvector_to_array(t.search)) l(lexeme) JOIN common_words c ON c.snapshot_id = $1 AND c.lexeme = l.lexeme WHERE c.bit ${numbers}`;
  await client.query(
    `WITH phrases AS MATERIALIZED (
       SELECT bit, (CASE WHEN lexeme LIKE '''%' THEN lexeme
         ELSE quote_literal(split_part(lexeme, ' ', 1)) || ' <-> ' || quote_literal(split_part(lexeme, ' ', 2)) END)::tsquery AS q
       FROM common_words WHERE snapshot_id = $1 AND bit >= ${PHRASE_BASE})
     UPDATE ${table} t SET common_words = coalesce((
       SELECT bit_or(set_bit(repeat('0', ${COMMON_WORD_BITS})::varbit, c.bit, 1)) ${held(`< ${COMMON_WORD_BITS}`)}),
       repeat('0', ${COMMON_WORD_BITS})::varbit),
       more_words = coalesce((SELECT array_agg(n ORDER BY n) FROM (
         SELECT c.bit AS n ${held(`>= ${COMMON_WORD_BITS}`)}
         UNION ALL SELECT p.bit FROM phrases p WHERE t.search @@ p.q
       ) numbers), '{}')
     WHERE common_words IS NULL AND EXISTS (SELECT 1 FROM common_words c WHERE c.snapshot_id = $1)`,
    [snapshotId],
  );
  return res.rowCount ?? 0;
}

/** A text the words are built from: a record's string, or nothing when it cannot be valid. */
function wordsText(v: unknown, max: number): string | undefined {
  return typeof v === "string" && v.length <= max && !v.includes("\u0000") ? v : undefined;
}

/** Each valid-looking record's words, built here so that the COPY's backend only stores them. */
export async function addWords(
  words: JobWords,
  batch: BatchItem[],
  without: { count: number },
): Promise<BuiltWords> {
  const items: { words?: number }[] = [];
  const texts: JobTexts[] = [];
  for (const item of batch) {
    if (!("record" in item)) continue;
    const r = item.record;
    // Trimmed as the record's title and company are stored (a parser reads a text's start apart).
    const title = wordsText(r.title, 1_000)?.trim();
    const company = wordsText(r.company, 1_000)?.trim();
    const description = r.description == null ? "" : wordsText(r.description, 100_000);
    if (title === undefined || company === undefined || description === undefined) {
      without.count++;
      continue;
    }
    items.push(item);
    texts.push([title, company, description]);
  }
  const built = await words.build(texts);
  for (const [i, item] of items.entries()) item.words = i;
  return built;
}
