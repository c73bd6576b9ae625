// A walk by date over a region's jobs. The all-jobs listing passes over every other country's
// entries too; each country's own listing (jobs_country_words_idx) holds the same columns, so a
// walk the common-word bits decide (index entries only) may be one walk per country, merged in
// date order. A merge first reads each country's listing up to its first match: a country the
// filters or words leave (nearly) empty is read whole. That is paid back only by a walk that
// wants many matches (a facets' sample, a deep page), where the walk over every job reads far
// more; a short page, found among the first entries of every country, keeps the single walk.
import { Prisma } from "../generated/prisma/client";
import type { JobFilters } from "./filters";
import { readsRareJobs } from "./keywords/word-bits";

/** Regions of more countries walk the all-jobs listing: each country is a branch to plan. */
export const MOST_WALKED_COUNTRIES = 32;
/** The matches a walk must want before it is one per country. */
export const MIN_WANTED_PER_COUNTRY = 1_000;

/**
 * Whether a walk by bits wanting `wanted` matches with these filters is one branch per country:
 * over a region, wanting many, unless its words include rare ones read from the words' index (an
 * excluded word, a set's rare alternative): each branch would read their jobs again.
 */
export function walksPerCountry(f: Pick<JobFilters, "country" | "wordBits">, wanted: number): boolean {
  const readsRare = f.wordBits ? readsRareJobs(f.wordBits) : false;
  const n = new Set(f.country?.countries).size;
  return !readsRare && wanted >= MIN_WANTED_PER_COUNTRY && n >= 2 && n <= MOST_WALKED_COUNTRIES;
}

/**
 * `SELECT select FROM jobs WHERE where`, newest first, `limit` rows after `offset`. `select` must
 * hold posted_at and id. Per country for a walk by bits when walksPerCountry; otherwise (one
 * country's condition already leads to its listing) the planner chooses.
 */
export function newestFirstSql(
  select: Prisma.Sql,
  where: Prisma.Sql,
  f: Pick<JobFilters, "country" | "wordsByBits" | "wordBits" | "bitsByCombo">,
  limit: number,
  offset = 0,
): Prisma.Sql {
  const order = Prisma.sql`ORDER BY posted_at DESC, id`;
  // The combinations' jobs read whole (in their listing's order, each country's among them), then
  // sorted: asked for them in date order, the planner may walk a listing by date instead.
  if (f.wordsByBits && f.bitsByCombo)
    return Prisma.sql`WITH m AS MATERIALIZED (SELECT ${select} FROM jobs WHERE ${where})
      SELECT * FROM m ${order} LIMIT ${limit} OFFSET ${offset}`;
  if (!f.wordsByBits || !walksPerCountry(f, limit + offset))
    return Prisma.sql`SELECT ${select} FROM jobs WHERE ${where} ${order} LIMIT ${limit} OFFSET ${offset}`;
  const branches = [...new Set(f.country?.countries)].map(
    (code) =>
      Prisma.sql`(SELECT ${select} FROM jobs WHERE ${where} AND country_code = ${code} ${order} LIMIT ${limit + offset})`,
  );
  return Prisma.sql`SELECT * FROM (${Prisma.join(branches, " UNION ALL ")}) r ${order} LIMIT ${limit} OFFSET ${offset}`;
}
