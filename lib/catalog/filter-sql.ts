// The SQL conditions the search filters become (filters.ts parses them). Every column a condition
// reads trails the listing indexes' keys, so filters are checked on index entries; company and
// city lead their own indexes through four-byte keys, rechecked against the text.
import { Prisma } from "../generated/prisma/client";
import { comboCodes } from "./combos";
import type { CountryFilter } from "./countries";
import type { JobFilters } from "./filters";
import type { SearchClause } from "./keywords/tsquery-sql";
import { readsRareJobs, type WordBits } from "./keywords/word-bits";
import { bitsKeepSql, rareExclusionSql, wordsMatchSql } from "./keywords/word-bits-sql";

export function countrySql(country: CountryFilter | undefined): Prisma.Sql {
  if (!country) return Prisma.empty;
  const { countries } = country;
  // bpchar[] keeps the comparison on the column's own type, so its indexes stay usable.
  return countries.length === 1
    ? Prisma.sql`AND country_code = ${countries[0]}`
    : Prisma.sql`AND country_code = ANY(${countries}::bpchar[])`;
}

/** Whether the filters keep one country: a walk by bits then reads that country's listing alone. */
export function oneCountry(f: JobFilters): boolean {
  return f.country?.countries.length === 1;
}

/** On the rows of a page: a job of another city whose key collides is never returned. */
export function cityRecheck(f: JobFilters, alias: string): Prisma.Sql {
  return f.city ? Prisma.sql`AND lower(${Prisma.raw(alias)}.city) = lower(${f.city.name})` : Prisma.empty;
}

/**
 * Whether the bits alone decide q on the rows a statement reads from snapshot `snapshotId`: they
 * are exact, that snapshot's own (every job of it has bits), and need no rare word's jobs read
 * first (a word without a number may still be held by many: a walk bounds them, a row does not).
 */
function bitsDecideRows(f: JobFilters, snapshotId: number | undefined): boolean {
  const bits = f.wordBits;
  return (
    snapshotId !== undefined && bits?.exact === true && bits.snapshotId === snapshotId && !readsRareJobs(bits)
  );
}

/** `AND` q's condition: the common-word bits first (cheap), then the words themselves. */
function keywordsSql(
  keywords: SearchClause[],
  bits: WordBits | null | undefined,
  byBits: boolean,
  boundedRows: boolean,
  snapshotId: number | undefined,
): Prisma.Sql {
  // Every job of a snapshot with common words has bits (the importer's fillWords gives them to
  // jobs whose words the database made); forWalk hands over bits of the very snapshot searched.
  if (byBits && bits?.exact) return Prisma.sql`AND ${bitsKeepSql(bits)} ${rareExclusionSql(keywords, bits)}`;
  return Prisma.sql`AND ${wordsMatchSql(keywords, bits, { rareJobs: !boundedRows, snapshotId })}`;
}

/**
 * The conditions of every filter but title, as `AND …` on unqualified columns of jobs.
 * `keywords: false` leaves q's condition out, for rows already known to match it. `rowsOf`: the
 * statement reads this snapshot's jobs through a title's listing or by id, a bounded number,
 * where the words' index would not lead anyway, so exact bits decide q there without reading
 * any job's words (a read of their own, from disk on a catalog larger than memory).
 * `onEntries`: only the conditions a filter's index (company, city, combination) holds, leaving
 * out those on the row (q, excluded companies, the company's name, first seen). `of`: the
 * snapshot a statement reading the words' index reads, which lets q's numbered phrases lead by
 * their list's index when the bits are that snapshot's.
 */
export function filterSql(
  f: JobFilters,
  opts: { keywords?: boolean; rowsOf?: number; onEntries?: boolean; of?: number } = {},
): Prisma.Sql {
  const parts: Prisma.Sql[] = [countrySql(f.country)];
  const rows = !opts.onEntries;
  // Unlike the others, read from the row: the words are not in any listing index.
  if (rows && f.keywords && opts.keywords !== false)
    parts.push(
      keywordsSql(
        f.keywords,
        f.wordBits,
        Boolean(f.wordsByBits) || bitsDecideRows(f, opts.rowsOf),
        opts.rowsOf !== undefined,
        opts.of,
      ),
    );
  if (rows && f.excludeCompanies) {
    const { keys, names } = f.excludeCompanies;
    parts.push(
      Prisma.sql`AND NOT (company_key = ANY(${keys}::int[]) AND lower(company) IN (SELECT lower(n) FROM unnest(${names}::text[]) n))`,
    );
  }
  // The city's text is rechecked on the page's rows (cityRecheck), not here: a text condition
  // in this WHERE makes the planner expect a handful of rows and sort a whole country's. Unless
  // another city's name has the same key: then the key alone would count that city's jobs too.
  if (f.city) parts.push(Prisma.sql`AND city_key = ${f.city.key}`);
  if (rows && f.city?.shared) parts.push(Prisma.sql`AND lower(city) = lower(${f.city.name})`);
  if (f.company)
    parts.push(
      rows
        ? Prisma.sql`AND company_key = ${f.company.key} AND lower(company) = lower(${f.company.name})`
        : Prisma.sql`AND company_key = ${f.company.key}`,
    );
  const combos = comboCodes(f);
  const combo = combos ? Prisma.sql`AND combo = ANY(${combos}::smallint[])` : null;
  if (combo) parts.push(combo);
  // Stated pay shares its codes with no pay; a salary filter already asks for a salary.
  if (f.salarySource && !f.salary) parts.push(Prisma.sql`AND salary_year_min IS NOT NULL`);
  if (f.postedAfter) parts.push(Prisma.sql`AND posted_at >= ${f.postedAfter.toISOString()}::timestamptz`);
  if (rows && f.firstSeen) {
    const { from, until } = f.firstSeen;
    parts.push(Prisma.sql`AND first_seen_at >= ${from.toISOString()}::timestamptz`);
    if (until) parts.push(Prisma.sql`AND first_seen_at <= ${until.toISOString()}::timestamptz`);
  }
  if (f.salary) {
    const s = f.salary;
    const match = Prisma.sql`(salary_currency = ${s.currency}
      ${s.min !== undefined ? Prisma.sql`AND salary_year_max >= ${s.min}` : Prisma.empty}
      ${s.max !== undefined ? Prisma.sql`AND salary_year_min <= ${s.max}` : Prisma.empty})`;
    parts.push(
      s.includeUnsalaried
        ? Prisma.sql`AND (salary_year_min IS NULL OR ${match})`
        : Prisma.sql`AND salary_year_min IS NOT NULL AND ${match}`,
    );
  }
  // A walk the bits decide (forWalk judged it short from the bits' shares) keeps its conditions
  // out of the planner's reach: it would read the few matches it expects through a filter's
  // index, a row each, then sort. Behind IS TRUE the statement can only walk jobs by date, and
  // the date listing with the bits (jobs_words_posted_idx) answers it from index entries alone;
  // a single country stays in reach, for that country's listing with the bits
  // (jobs_country_words_idx). A walk reading the combination filters' jobs whole (bitsByCombo)
  // keeps them and the countries in reach instead, for the combinations' listing with the bits
  // (jobs_combo_words_idx).
  if (rows && f.wordsByBits && f.wordBits?.exact && f.keywords && opts.keywords !== false) {
    const shown = f.bitsByCombo && combo ? [parts[0], combo] : oneCountry(f) ? [parts[0]] : [];
    const hidden = parts.filter((p) => !shown.includes(p));
    return Prisma.sql`${Prisma.join([...shown, Prisma.empty], " ")} AND (true ${Prisma.join(hidden, " ")}) IS TRUE`;
  }
  return Prisma.join(parts, " ");
}
