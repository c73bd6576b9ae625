// A walk by date over a region's jobs. The all-jobs listing passes over every other country's
// entries too; each country's own listing (jobs_country_words_idx) holds the same columns, so a
// walk the common-word bits decide (index entries only) reads one walk per country, merged in
// date order, and passes over the region's entries only. A merge reads each country's next
// match lazily: no more entries than the region holds up to the page's last job, and one match
// past it per country.
import { Prisma } from "../generated/prisma/client";
import type { JobFilters } from "./filters";

/** Regions of more countries walk the all-jobs listing: each country is a branch to plan. */
export const MOST_WALKED_COUNTRIES = 32;

/** Whether a walk by date reads its filter's countries' listings (one country, or a region). */
export function walksCountries(f: Pick<JobFilters, "country">): boolean {
  const n = f.country?.countries.length ?? 0;
  return n >= 1 && n <= MOST_WALKED_COUNTRIES;
}

/**
 * Whether a walk by date is one branch per country: a walk by bits over a region, unless its
 * words include rare ones read from the words' index (an excluded word, a set's rare
 * alternative): each branch would read their jobs again.
 */
export function walksPerCountry(f: Pick<JobFilters, "country" | "wordsByBits" | "wordBits">): boolean {
  const bits = f.wordBits;
  const readsRare = Boolean(bits?.rare.length || bits?.anyOfRare.some((r) => r.length));
  return Boolean(f.wordsByBits) && !readsRare && (f.country?.countries.length ?? 0) >= 2 && walksCountries(f);
}

/**
 * `SELECT select FROM jobs WHERE where`, newest first, `limit` rows after `offset`. `select` must
 * hold posted_at and id. Per country when walksPerCountry; otherwise (one country's condition
 * already leads to its listing) the planner chooses.
 */
export function newestFirstSql(
  select: Prisma.Sql,
  where: Prisma.Sql,
  f: Pick<JobFilters, "country" | "wordsByBits" | "wordBits">,
  limit: number,
  offset = 0,
): Prisma.Sql {
  const order = Prisma.sql`ORDER BY posted_at DESC, id`;
  const countries = f.country?.countries ?? [];
  if (!walksPerCountry(f))
    return Prisma.sql`SELECT ${select} FROM jobs WHERE ${where} ${order} LIMIT ${limit} OFFSET ${offset}`;
  const branches = countries.map(
    (code) =>
      Prisma.sql`(SELECT ${select} FROM jobs WHERE ${where} AND country_code = ${code} ${order} LIMIT ${limit + offset})`,
  );
  return Prisma.sql`SELECT * FROM (${Prisma.join(branches, " UNION ALL ")}) r ${order} LIMIT ${limit} OFFSET ${offset}`;
}
