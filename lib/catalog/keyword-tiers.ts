// A page of a keyword search by relevance when the words match many jobs. Titles holding every
// searched word come first, in tiers of equal rank (a common word gives thousands of titles of
// one rank), newest first within a tier; then every other match, newest first. Each tier is
// read by walking jobs newest first and checking the title against the tier's ids (a hashed
// array, so a walk never looks at a job's words unless its title is in the tier), or, for a tier
// with few jobs, through each of its titles' own entries. Reading every title's newest jobs for
// every tier at once would read thousands of titles' jobs to show one page.

import { rowsWithin } from "../core/db";
import { Prisma } from "../generated/prisma/client";
import { filterSql } from "./filter-sql";
import type { JobFilters } from "./filters";
import { forWalkOrListing } from "./keywords/combo-listing";
import { hasExclusions, tsquerySql } from "./keywords/tsquery-sql";
import { WALK_DEADLINE_MS, walkDeadlineMs } from "./keywords/walk-by-bits";
import { exclusionsByBitsSql, wordsMatchSql } from "./keywords/word-bits-sql";
import { catalogDb } from "./live";
import { newestFirstSql } from "./region-walk";
import { type JobDbRow, SUMMARY_COLUMNS } from "./rows";

type KeywordFilters = JobFilters & { keywords: NonNullable<JobFilters["keywords"]> };

export type Tier = { rank: number; ids: number[]; jobs: number };

/** The titles holding every searched word, grouped by rank, best first, with their jobs. */
export function titleTiersSql(filters: KeywordFilters, snapshotId: number): Prisma.Sql {
  const wanted = tsquerySql(filters.keywords, true);
  return Prisma.sql`SELECT rank, array_agg(id ORDER BY id) AS ids, sum(jobs)::float8 AS jobs FROM (
      SELECT t.id, ts_rank_cd(t.words, ${wanted}) AS rank, coalesce((t.counts->>'*')::int, 0) AS jobs
      FROM job_titles t WHERE t.snapshot_id = ${snapshotId} AND t.words @@ ${wanted}
    ) t GROUP BY rank ORDER BY rank DESC`;
}

/**
 * The conditions on a job read through a title that holds every searched word: its words hold
 * them too, so only exclusions remain, decided by the bits where they can (no words read), else
 * by the job's words.
 */
export function titledKeywordsSql(filters: KeywordFilters, snapshotId: number): Prisma.Sql {
  if (!hasExclusions(filters.keywords)) return filterSql(filters, { keywords: false });
  const byBits = exclusionsByBitsSql(filters.keywords, filters.wordBits, snapshotId);
  return byBits ? Prisma.sql`${filterSql(filters, { keywords: false })} AND ${byBits}` : filterSql(filters);
}

/** A tier's newest `limit` jobs, walking every job newest first. */
export function tierWalkSql(
  filters: KeywordFilters,
  snapshotId: number,
  ids: number[],
  limit: number,
): Prisma.Sql {
  // A title holding every searched word means the job's words do too; only an exclusion needs
  // them read, and only for a job of the tier: CASE keeps that order. Exclusions the common-word
  // bits decide need no words read at all.
  const words = !hasExclusions(filters.keywords)
    ? Prisma.sql`true`
    : (exclusionsByBitsSql(filters.keywords, filters.wordBits, snapshotId) ??
      wordsMatchSql(filters.keywords, filters.wordBits));
  return Prisma.sql`SELECT id, posted_at FROM jobs
    WHERE snapshot_id = ${snapshotId} ${filterSql(filters, { keywords: false })}
      AND CASE WHEN title_id = ANY(${ids}::int[]) THEN ${words} ELSE false END
    ORDER BY posted_at DESC, id LIMIT ${limit}`;
}

/**
 * The first `limit` jobs of one or more tiers (best rank first, then newest), from each of their
 * titles' own newest entries: one statement for a run of small tiers.
 */
export function tierTitlesSql(
  filters: KeywordFilters,
  snapshotId: number,
  tiers: Tier[],
  limit: number,
): Prisma.Sql {
  const titled = titledKeywordsSql(filters, snapshotId);
  const ids = tiers.flatMap((t) => t.ids);
  const ranks = tiers.flatMap((t) => t.ids.map(() => t.rank));
  return Prisma.sql`SELECT j.id, j.posted_at FROM unnest(${ids}::int[], ${ranks}::float8[]) AS t(title_id, rank)
    CROSS JOIN LATERAL (
      SELECT id, posted_at FROM jobs WHERE snapshot_id = ${snapshotId} AND title_id = t.title_id ${titled}
      ORDER BY posted_at DESC, id LIMIT ${limit}
    ) j
    ORDER BY t.rank DESC, j.posted_at DESC, j.id LIMIT ${limit}`;
}

/**
 * The newest `limit` matches whose title is in no tier (`ids`: every tier's titles). The planner
 * chooses between walking by date and reading the words' index (these matches may be rare),
 * unless forWalk let the bits decide, which walks by date.
 */
export function otherMatchesSql(
  filters: KeywordFilters,
  snapshotId: number,
  ids: number[],
  limit: number,
): Prisma.Sql {
  // A walk forWalk let the bits decide reads index entries only (filterSql checks the bits).
  const words = filters.wordsByBits
    ? Prisma.empty
    : Prisma.sql`AND ${wordsMatchSql(filters.keywords, filters.wordBits, { snapshotId })}`;
  const where = Prisma.sql`snapshot_id = ${snapshotId} ${filterSql(filters, { keywords: Boolean(filters.wordsByBits) })}
      AND NOT (title_id = ANY(${ids}::int[])) ${words}`;
  return newestFirstSql(Prisma.sql`id, posted_at`, where, filters, limit);
}

/**
 * The same, when walking found them too rare: every match read from the words' index, then
 * sorted (read through byBitmaps, so that the filters' index is ANDed with the words' rather
 * than walked).
 */
export function otherMatchesWholeSql(
  filters: KeywordFilters,
  snapshotId: number,
  ids: number[],
  limit: number,
): Prisma.Sql {
  return Prisma.sql`SELECT id, posted_at FROM (
      SELECT id, posted_at, title_id FROM jobs WHERE snapshot_id = ${snapshotId} ${filterSql(filters, { of: snapshotId })} OFFSET 0
    ) m WHERE NOT (title_id = ANY(${ids}::int[]))
    ORDER BY posted_at DESC, id LIMIT ${limit}`;
}

/** The rows of the given jobs, in the given order. */
export function rowsInOrderSql(snapshotId: number, ids: string[], posted: string[]): Prisma.Sql {
  return Prisma.sql`SELECT ${SUMMARY_COLUMNS} FROM unnest(${ids}::text[], ${posted}::timestamptz[]) WITH ORDINALITY
      AS p(id, posted_at, n)
    JOIN jobs USING (id, posted_at) WHERE jobs.snapshot_id = ${snapshotId}
    ORDER BY p.n`;
}

/** Walk a tier by date when it holds at least this share of what a walk would visit per job found. */
const WALK_WHEN_VISITS_PER_ROW = 50;

/** Whether walking every job newest first is the cheaper way to read `need` of a tier's jobs. */
function walkTier(tier: Tier, totalJobs: number, need: number): boolean {
  if (tier.jobs <= need) return false;
  return totalJobs / tier.jobs <= WALK_WHEN_VISITS_PER_ROW;
}

type Found = { id: string; posted_at: Date };

/**
 * Rows `offset` to `offset + limit` of a keyword search by relevance whose words match many
 * jobs: the tiers in turn until the page is filled, then the other matches. A walk past its
 * deadline (the filters keep few of a tier's jobs) reads the tier's titles' entries instead.
 */
export async function relevanceRows(...args: Parameters<typeof relevancePage>): Promise<JobDbRow[]> {
  return (await relevancePage(...args)).rows;
}

/**
 * relevanceRows, and `matches`: how many jobs match, when fewer than `offset + limit` do (every
 * statement then ran out of matches before it had what it was asked for); else null.
 */
export async function relevancePage(
  snapshotId: number,
  totalJobs: number,
  filters: KeywordFilters,
  offset: number,
  limit: number,
): Promise<{ rows: JobDbRow[]; matches: number | null }> {
  const db = catalogDb(snapshotId);
  const window = offset + limit;
  const tiers = await db.$queryRaw<Tier[]>(titleTiersSql(filters, snapshotId));
  const found: Found[] = [];
  // Small tiers in a row are read together; a tier worth walking, alone.
  let small: Tier[] = [];
  const readSmall = async () => {
    const need = window - found.length;
    if (small.length && need > 0)
      found.push(...(await db.$queryRaw<Found[]>(tierTitlesSql(filters, snapshotId, small, need))));
    small = [];
  };
  for (const tier of tiers) {
    if (window - found.length <= 0) break;
    if (!walkTier(tier, totalJobs, window - found.length)) {
      small.push(tier);
      continue;
    }
    await readSmall();
    const need = window - found.length;
    if (need <= 0) break;
    const walked = await rowsWithin<Found>(
      WALK_DEADLINE_MS,
      tierWalkSql(filters, snapshotId, tier.ids, need),
    );
    if (walked) found.push(...walked);
    else small.push(tier);
  }
  await readSmall();
  const need = window - found.length;
  if (need > 0) {
    const ids = tiers.flatMap((t) => t.ids);
    // The walk passes over the tiers' jobs: they match, but not as other matches.
    const tiered = tiers.reduce((sum, t) => sum + t.jobs, 0) / totalJobs;
    const walk = await forWalkOrListing(snapshotId, filters, need, tiered);
    const walked = await rowsWithin<Found>(
      walkDeadlineMs(walk),
      otherMatchesSql(walk, snapshotId, ids, need),
    );
    found.push(
      ...(walked ?? (await db.byBitmaps<Found>(otherMatchesWholeSql(filters, snapshotId, ids, need)))),
    );
  }
  // A city is matched by its key here, and its name too where another city shares the key;
  // otherwise another city's job of the same key would be counted.
  const matches = found.length < window && (!filters.city || filters.city.shared) ? found.length : null;
  const page = found.slice(offset, window);
  if (!page.length) return { rows: [], matches };
  const rows = await db.$queryRaw<JobDbRow[]>(
    rowsInOrderSql(
      snapshotId,
      page.map((r) => r.id),
      // As text with its zone: a Date is sent without one and read in the session's time zone.
      page.map((r) => r.posted_at.toISOString()),
    ),
  );
  return { rows, matches };
}
