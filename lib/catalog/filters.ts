// The search filters beyond title and country: their combination rules (each refusal names the
// parameter). The SQL conditions they become are in filter-sql.ts.

import { invalidParam, ok, type Result } from "../core/result";
import { type CountryFilter, resolveCountryFilter, toAlpha2 } from "./countries";
import { currencyOf } from "./currencies";
import type { SearchClause } from "./keywords/tsquery-sql";
import type { WordBits } from "./keywords/word-bits";
import { type NearFilter, nearFilter } from "./near";
import type { JobSearchQuery } from "./schemas";
import { cityHash, companyHash, composed } from "./text-hash";

export type SortOrder = "relevance" | "date" | "salary_desc" | "salary_asc" | "distance" | "first_seen";

export type JobFilters = {
  country?: CountryFilter;
  /** `shared`: another city name of the country has this key (shared-keys.ts). */
  city?: { name: string; key: number; shared?: true };
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
  /**
   * With wordsByBits: the combination filters' jobs are fewer than the entries a walk by date
   * would read, so they are read whole from their own listing with the bits
   * (jobs_combo_words_idx), then sorted.
   */
  bitsByCombo?: boolean;
  /** exclude_company: the names composed (NFC) and trimmed, each once, and their hashes (text-hash.ts). */
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
    // Composed, as the import stores cities: the name is also compared to theirs as text.
    const name = composed(city.name);
    filters.city = { name, key: cityHash(name, code) };
  }
  if (country) filters.country = country;
  // Composed, as the import stores companies: their names are compared as text too.
  if (q.company) {
    const name = composed(q.company);
    filters.company = { name, key: companyHash(name) };
  }
  if (q.exclude_company?.length) {
    const names = [...new Set(q.exclude_company.map(composed))];
    filters.excludeCompanies = { names, keys: names.map(companyHash) };
  }
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
