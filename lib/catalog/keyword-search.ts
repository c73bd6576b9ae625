// Keyword relevance (q without a title): jobs whose title holds every word searched for come
// first, the titles that hold them closest together and most often first (ts_rank_cd over the
// distinct titles), newer first within a title; then every other match, newest first. Ranking
// titles rather than every matching description keeps a page's cost to the rows it shows.
import { Prisma } from "../generated/prisma/client";
import { filterSql } from "./filter-sql";
import type { JobFilters } from "./filters";
import { titledKeywordsSql } from "./keyword-tiers";
import { tsquerySql } from "./keywords/tsquery-sql";
import { SNIPPET_MAX } from "./limits";
import { SUMMARY_COLUMNS } from "./rows";

/** One page of a keyword search by relevance: ids in order as `n`. */
export function keywordMatchesSql(
  filters: JobFilters & { keywords: NonNullable<JobFilters["keywords"]> },
  snapshotId: number,
  limit: number,
  offset: number,
  fewMatches = false,
): Prisma.Sql {
  const window = offset + limit;
  // Few matches: read them all from the words' index; many: walk jobs newest first.
  const rest = fewMatches
    ? Prisma.sql`b0 AS MATERIALIZED (SELECT id, posted_at, title_id FROM jobs WHERE snapshot_id = ${snapshotId} ${filterSql(filters, { of: snapshotId })}),
    b AS (
      SELECT -1::real AS rank, id, posted_at FROM b0
      WHERE NOT EXISTS (SELECT 1 FROM c WHERE c.title_id = b0.title_id)
      ORDER BY posted_at DESC, id LIMIT ${window}
    )`
    : Prisma.sql`b AS (
      SELECT -1::real AS rank, id, posted_at FROM jobs
      WHERE snapshot_id = ${snapshotId} ${filterSql(filters, { of: snapshotId })}
        AND NOT EXISTS (SELECT 1 FROM c WHERE c.title_id = jobs.title_id)
      ORDER BY posted_at DESC, id LIMIT ${window}
    )`;
  const wanted = tsquerySql(filters.keywords, true);
  // A title holding every searched word means the job's words do too (the title is part of
  // them); only an exclusion needs checking.
  const titled = titledKeywordsSql(filters, snapshotId);
  return Prisma.sql`WITH c AS MATERIALIZED (
      SELECT t.id AS title_id, ts_rank_cd(t.words, ${wanted}) AS rank FROM job_titles t
      WHERE t.snapshot_id = ${snapshotId} AND t.words @@ ${wanted}
    ),
    a AS (
      SELECT c.rank, j.id, j.posted_at FROM c CROSS JOIN LATERAL (
        SELECT id, posted_at FROM jobs WHERE snapshot_id = ${snapshotId} AND title_id = c.title_id ${titled}
        ORDER BY posted_at DESC, id LIMIT ${window}
      ) j
      ORDER BY c.rank DESC, j.posted_at DESC, j.id LIMIT ${window}
    ),
    ${rest}
    SELECT p.id, p.posted_at, row_number() OVER () AS n FROM (
      SELECT * FROM a UNION ALL SELECT * FROM b
      ORDER BY rank DESC, posted_at DESC, id LIMIT ${limit} OFFSET ${offset}
    ) p`;
}

/** The rows of keywordMatchesSql's page, in order. */
export function keywordPageSql(
  filters: JobFilters & { keywords: NonNullable<JobFilters["keywords"]> },
  snapshotId: number,
  limit: number,
  offset: number,
  fewMatches = false,
): Prisma.Sql {
  return Prisma.sql`SELECT ${SUMMARY_COLUMNS} FROM (${keywordMatchesSql(filters, snapshotId, limit, offset, fewMatches)}) p
    JOIN jobs USING (id, posted_at) WHERE jobs.snapshot_id = ${snapshotId}
    ORDER BY p.n`;
}

// Marks around matched words in ts_headline's output: characters no description holds (the
// importer drops control characters), so no HTML is ever made or parsed.
const START = "\u0002";
const STOP = "\u0003";
const OPTIONS = `StartSel=${START}, StopSel=${STOP}, MaxWords=30, MinWords=12, ShortWord=2, MaxFragments=1, FragmentDelimiter=" … "`;

/** Per job id of a page, its description's extract around the first match, marked. */
export function highlightSql(
  keywords: NonNullable<JobFilters["keywords"]>,
  snapshotId: number,
  ids: string[],
): Prisma.Sql {
  return Prisma.sql`SELECT id, ts_headline('jobs_english'::regconfig, description, ${tsquerySql(keywords, true)}, ${OPTIONS}) AS marked
    FROM jobs WHERE snapshot_id = ${snapshotId} AND id = ANY(${ids}::text[])`;
}

export type Highlight = { snippet: string; matches: { start: number; end: number }[] };

/** A marked extract as plain text and [start, end) ranges in code points. */
export function parseMarked(marked: string): Highlight {
  const matches: { start: number; end: number }[] = [];
  let snippet = "";
  let length = 0;
  let open: number | null = null;
  for (const ch of marked) {
    if (ch === START) open = length;
    else if (ch === STOP) {
      if (open !== null && length > open) matches.push({ start: open, end: length });
      open = null;
    } else {
      snippet += ch;
      length++;
    }
  }
  const text = squeeze(snippet, matches);
  const chars = [...text];
  if (chars.length <= SNIPPET_MAX) return { snippet: text, matches };
  // Thirty words are short unless one is a very long token: cut, keeping whole ranges only.
  return {
    snippet: chars.slice(0, SNIPPET_MAX).join(""),
    matches: matches.filter((m) => m.end <= SNIPPET_MAX),
  };
}

/** Collapses runs of white space (the description's paragraphs) and moves the ranges along. */
function squeeze(text: string, matches: { start: number; end: number }[]): string {
  const chars = [...text];
  const map: number[] = [];
  let out = "";
  let n = 0;
  let lastSpace = true;
  for (const ch of chars) {
    map.push(n);
    if (/\s/u.test(ch)) {
      if (lastSpace) continue;
      out += " ";
      lastSpace = true;
    } else {
      out += ch;
      lastSpace = false;
    }
    n++;
  }
  map.push(n);
  const trimmed = out.endsWith(" ") ? out.slice(0, -1) : out;
  for (const m of matches) {
    m.start = map[m.start] ?? m.start;
    m.end = map[m.end] ?? m.end;
  }
  return trimmed;
}
