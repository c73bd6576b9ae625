// The database's side of job-words.ts: the expression a job's words must equal, and the one
// statement that asks what the database makes of each piece of text.

/**
 * What the database makes of one piece of text: per position it takes, the lexemes there; null
 * when the piece alone reaches tsvector's last position (only the database can lay it out).
 */
export type Piece = readonly (readonly string[])[] | null;

/** The same words the database's expression gives, for rows the loader left without them. */
export const JOB_WORDS_SQL = `setweight(to_tsvector('jobs_english'::regconfig, title), 'A') ||
  setweight(to_tsvector('jobs_english'::regconfig, company), 'B') ||
  setweight(to_tsvector('jobs_english'::regconfig, description), 'D')`;

/** A word no piece holds alone: it marks where a piece's positions end (stop words take one). */
export const END_MARK = "zqxjkv";

/**
 * One statement that turns pieces into (piece number, lexeme, positions) rows, pieces as $1.
 * The mark follows each piece so that trailing stop words still count their positions; a space
 * leads it because the parser reads a piece after white space (a run of blanks swallows a
 * leading `.` or `~`, which alone would start a file name): the first piece of a text, read
 * without one, is left to the database when it starts with either.
 */
export const PIECES_SQL = `SELECT p.n::int AS n, w.lexeme, w.positions
  FROM unnest($1::text[]) WITH ORDINALITY AS p(piece, n)
  CROSS JOIN LATERAL unnest(to_tsvector('jobs_english'::regconfig, ' ' || p.piece || ' ${END_MARK}')) AS w`;

export type PieceRow = { n: number; lexeme: string; positions: number[] };

/** tsvector's last position: later ones are set to it, so a piece reaching it cannot be laid out. */
const MAX_POSITION = 16_383;

/** PIECES_SQL's rows as pieces, in the order they were asked for. */
export function piecesFromRows(count: number, rows: readonly PieceRow[]): Piece[] {
  const slots: string[][][] = Array.from({ length: count }, () => []);
  const ends = new Array<number>(count).fill(0);
  for (const row of rows)
    if (row.lexeme === END_MARK) ends[row.n - 1] = Math.max(...row.positions, ends[row.n - 1] ?? 0);
  for (const row of rows) {
    const end = ends[row.n - 1] ?? 0;
    const piece = slots[row.n - 1];
    if (!piece) continue;
    while (piece.length < end - 1) piece.push([]);
    for (const p of row.positions) if (p < end) piece[p - 1]?.push(row.lexeme);
  }
  return slots.map((piece, i) => ((ends[i] ?? 0) >= MAX_POSITION ? null : piece));
}
