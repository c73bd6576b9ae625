// The search filters beyond title and country: their combination rules (each refusal names
// the parameter) and the SQL conditions they become. Every column a condition reads trails the
// listing indexes' keys, so filters are checked on index entries; company and city lead their
// own indexes through four-byte keys, rechecked against the text.

import { invalidParam, ok, type Result } from "../core/result";
import { Prisma } from "../generated/prisma/client";
import { comboCodes } from "./combos";
import { type CountryFilter, resolveCountryFilter, toAlpha2 } from "./countries";
import { currencyOf } from "./currencies";
import type { SearchClause } from "./keywords/tsquery-sql";
import type { WordBits } from "./keywords/word-bits";
import { bitsKeepSql, rareExclusionSql, wordsMatchSql } from "./keywords/word-bits-sql";
import { type NearFilter, nearFilter } from "./near";
import type { JobSearchQuery } from "./schemas";
import { cityHash, companyHash } from "./text-hash";

export type SortOrder = "relevance" | "date" | "salary_desc" | "salary_asc" | "distance" | "first_seen";

export type JobFilters = {
  country?: CountryFilter;
  city?: { name: string; key: number };
  company?: { name: string; key: number };
  remote?: string[];
  employmentType?: string[];
  seniority?: string[];
  /** Annualised, in `currency`; `includeUnsalaried` keeps jobs with no advertised salary. */
  salary?: { currency: string; min?: number; max?: number; includeUnsalaried: boolean };
  /** Only jobs whose pay has this source (so only salaried jobs). */
  salarySource?: "stated" | "parsed";
  postedAfter?: Date;
  /** first_seen_at from `from`, up to `until` when given (one import's new jobs: lib/saved-searches). */
  firstSeen?: { from: Date; until?: Date };
  /** Words of `q`, after synonyms and corrections (lib/catalog/keywords/resolve.ts). */
  keywords?: SearchClause[];
  /** What the jobs' common-word bits rule out for these keywords (keywords/word-bits.ts). */
  wordBits?: WordBits | null;
  /**
   * On a walk's statement only, when wordBits are exact: the bits stand for q's condition and no
   * job's words are read (no index of the words can then serve the statement).
   */
  wordsByBits?: boolean;
  /** With wordsByBits: how long the walk may run (walk-by-bits.ts's bitsWalkDeadlineMs). */
  bitsWalkMs?: number;
  /** exclude_company: names as given, and their hashes (text-hash.ts). */
  excludeCompanies?: { names: string[]; keys: number[] };
  /** Within a radius of a point: searched place by place (near-search.ts), not by filterSql. */
  near?: NearFilter;
};

const DAY_MS = 86_400_000;

/** "Berlin, DE" → the city and its country; "Berlin" → the city alone. */
function splitCity(raw: string): { name: string; country?: string } {
  const m = /^(.*\S)\s*,\s*([A-Za-z]{2,3})$/.exec(raw);
  const country = m?.[2] ? toAlpha2(m[2]) : null;
  return m?.[1] && country ? { name: m[1], country } : { name: raw };
}

/** Filters and sort order from a validated query, or the first combination rule it breaks. */
export function toFilters(
  q: JobSearchQuery,
  now: Date,
): Result<{ filters: JobFilters; sort: SortOrder }, "invalid_parameter"> {
  const filters: JobFilters = {};
  let country = q.country ? (resolveCountryFilter(q.country) ?? undefined) : undefined;
  if (q.city) {
    const city = splitCity(q.city);
    if (city.country && country && (country.kind !== "country" || country.code !== city.country))
      return invalidParam("city", "city: names another country than the country parameter.");
    const code = city.country ?? (country?.kind === "country" ? country.code : undefined);
    if (!code)
      return invalidParam(
        "city",
        'city: needs a single country: add country=DE, or write the city as "Berlin, DE".',
      );
    country ??= resolveCountryFilter(code) ?? undefined;
    filters.city = { name: city.name, key: cityHash(city.name, code) };
  }
  if (country) filters.country = country;
  if (q.company) filters.company = { name: q.company, key: companyHash(q.company) };
  if (q.exclude_company?.length)
    filters.excludeCompanies = {
      names: q.exclude_company,
      keys: q.exclude_company.map(companyHash),
    };
  if (q.remote) filters.remote = q.remote;
  if (q.employment_type) filters.employmentType = q.employment_type;
  if (q.seniority) filters.seniority = q.seniority;
  if (q.salary_source) {
    if (q.include_unsalaried)
      return invalidParam(
        "include_unsalaried",
        "include_unsalaried: salary_source keeps only jobs with a salary of that source; leave one of them out.",
      );
    filters.salarySource = q.salary_source;
  }

  if (q.posted_within_days !== undefined && q.posted_after !== undefined)
    return invalidParam("posted_after", "posted_after: give posted_within_days or posted_after, not both.");
  if (q.posted_within_days !== undefined)
    filters.postedAfter = new Date(now.getTime() - q.posted_within_days * DAY_MS);
  if (q.posted_after !== undefined) filters.postedAfter = q.posted_after;
  if (q.seen_within_days !== undefined)
    filters.firstSeen = { from: new Date(now.getTime() - q.seen_within_days * DAY_MS) };

  const near = nearFilter(q, country);
  if (!near.ok) return near;
  if (near.value) filters.near = near.value;

  const sort: SortOrder = q.sort ?? (q.title || q.q ? "relevance" : "date");
  if (sort === "relevance" && !q.title && !q.q)
    return invalidParam(
      "sort",
      "sort: relevance needs q or a title; use date, first_seen, salary_desc or salary_asc.",
    );
  const salaryParam =
    q.salary_min !== undefined
      ? "salary_min"
      : q.salary_max !== undefined
        ? "salary_max"
        : sort.startsWith("salary")
          ? "sort"
          : null;
  if (salaryParam) {
    const single = singleCountry(salaryParam, country);
    if (!single.ok) return single;
    if (q.salary_min !== undefined && q.salary_max !== undefined && q.salary_min > q.salary_max)
      return invalidParam("salary_min", "salary_min: must not exceed salary_max.");
    filters.salary = {
      currency: single.value,
      min: q.salary_min,
      max: q.salary_max,
      includeUnsalaried: q.include_unsalaried ?? false,
    };
  }
  return ok({ filters, sort });
}

function singleCountry(param: string, country?: CountryFilter): Result<string, "invalid_parameter"> {
  const why = `${param}: salaries are compared in one currency, so this needs a single-country filter (country=DE, not a region or none).`;
  if (country?.kind !== "country") return invalidParam(param, why);
  const currency = currencyOf(country.code);
  return currency ? ok(currency) : invalidParam(param, `${param}: no currency is known for ${country.code}.`);
}

/** Filters that remove rows beyond title and country (the totals of those two are kept exactly). */
export function hasRowFilters(f: JobFilters): boolean {
  return Boolean(
    f.city ||
      f.company ||
      f.remote ||
      f.employmentType ||
      f.seniority ||
      f.salarySource ||
      f.postedAfter ||
      f.firstSeen ||
      f.keywords ||
      f.excludeCompanies ||
      f.near ||
      // Even with include_unsalaried: salaries in another currency than the country's drop out.
      f.salary,
  );
}

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
    snapshotId !== undefined &&
    bits?.exact === true &&
    bits.snapshotId === snapshotId &&
    bits.rare.length === 0 &&
    bits.anyOfRare.every((r) => r.length === 0)
  );
}

/** `AND` q's condition: the common-word bits first (cheap), then the words themselves. */
function keywordsSql(
  keywords: SearchClause[],
  bits: WordBits | null | undefined,
  byBits?: boolean,
): Prisma.Sql {
  // Every job of a snapshot with common words has bits (the importer's fillWords gives them to
  // jobs whose words the database made); forWalk hands over bits of the very snapshot searched.
  if (byBits && bits?.exact) return Prisma.sql`AND ${bitsKeepSql(bits)} ${rareExclusionSql(keywords, bits)}`;
  return Prisma.sql`AND ${wordsMatchSql(keywords, bits)}`;
}

/**
 * The conditions of every filter but title, as `AND …` on unqualified columns of jobs.
 * `keywords: false` leaves q's condition out, for rows already known to match it. `rowsOf`: the
 * statement reads this snapshot's jobs through a title's listing or by id, a bounded number,
 * where the words' index would not lead anyway, so exact bits decide q there without reading
 * any job's words (a read of their own, from disk on a catalog larger than memory).
 * `onEntries`: only the conditions a filter's index (company, city, combination) holds, leaving
 * out those on the row (q, excluded companies, the company's name, first seen).
 */
export function filterSql(
  f: JobFilters,
  opts: { keywords?: boolean; rowsOf?: number; onEntries?: boolean } = {},
): Prisma.Sql {
  const parts: Prisma.Sql[] = [countrySql(f.country)];
  const rows = !opts.onEntries;
  // Unlike the others, read from the row: the words are not in any listing index.
  if (rows && f.keywords && opts.keywords !== false)
    parts.push(keywordsSql(f.keywords, f.wordBits, f.wordsByBits || bitsDecideRows(f, opts.rowsOf)));
  if (rows && f.excludeCompanies) {
    const { keys, names } = f.excludeCompanies;
    parts.push(
      Prisma.sql`AND NOT (company_key = ANY(${keys}::int[]) AND lower(company) IN (SELECT lower(n) FROM unnest(${names}::text[]) n))`,
    );
  }
  // The city's text is rechecked on the page's rows (cityRecheck), not here: a text condition
  // in this WHERE makes the planner expect a handful of rows and sort a whole country's.
  if (f.city) parts.push(Prisma.sql`AND city_key = ${f.city.key}`);
  if (f.company)
    parts.push(
      rows
        ? Prisma.sql`AND company_key = ${f.company.key} AND lower(company) = lower(${f.company.name})`
        : Prisma.sql`AND company_key = ${f.company.key}`,
    );
  const combos = comboCodes(f);
  if (combos) parts.push(Prisma.sql`AND combo = ANY(${combos}::smallint[])`);
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
  // (jobs_country_words_idx).
  if (rows && f.wordsByBits && f.wordBits?.exact && f.keywords && opts.keywords !== false) {
    const one = oneCountry(f);
    const hidden = one ? parts.slice(1) : parts;
    return Prisma.sql`${one ? parts[0] : Prisma.empty} AND (true ${Prisma.join(hidden, " ")}) IS TRUE`;
  }
  return Prisma.join(parts, " ");
}
