// The catalog's three questions, validated and answered the same way for /v1, the site's
// /api/jobs* routes and its pages: each returns a result, never an HTTP error.
import { parseQueryParams } from "../query-params";
import { fail, invalidParam, ok } from "../result";
import { FacetsQuerySchema } from "./facet-schemas";
import { jobFacets } from "./facets";
import { toFilters } from "./filters";
import { findJob } from "./jobs";
import { pageBeyondCap, pageMeta } from "./paging";
import { lookupSalary } from "./salary";
import { JOB_ID_PATTERN, JobQuerySchema, JobSearchQuerySchema, SalaryQuerySchema } from "./schemas";
import { searchJobs } from "./search";

export async function searchCatalog(params: URLSearchParams, now = new Date()) {
  const parsed = parseQueryParams(params, JobSearchQuerySchema);
  if (!parsed.ok) return parsed;
  const query = parsed.value;
  const tooDeep = pageBeyondCap(query.page, query.per_page);
  if (tooDeep) return tooDeep;
  const rules = toFilters(query, startOfMinute(now));
  if (!rules.ok) return rules;
  const { filters, sort } = rules.value;
  const { total, totalExact, items } = await searchJobs({
    title: query.title,
    filter: filters.country,
    page: query.page,
    perPage: query.per_page,
    filters,
    sort,
  });
  return ok({
    query,
    items,
    meta: { ...pageMeta(total, query.page, query.per_page), total_exact: totalExact },
  });
}

/** The same filters as a search, without paging or order. */
export async function facetsCatalog(params: URLSearchParams, now = new Date()) {
  const parsed = parseQueryParams(params, FacetsQuerySchema);
  if (!parsed.ok) return parsed;
  const query = parsed.value;
  const rules = toFilters({ ...query, page: 1, per_page: 1 }, startOfMinute(now));
  if (!rules.ok) return rules;
  const facets = await jobFacets({
    title: query.title,
    filter: rules.value.filters.country,
    filters: rules.value.filters,
  });
  return ok({ query, facets });
}

/** posted_within_days counts from the minute: requests within one share cache entries and ETags. */
function startOfMinute(now: Date): Date {
  return new Date(Math.floor(now.getTime() / 60_000) * 60_000);
}

/** One job; its query string may only hold `tz`. An id that cannot exist is a bad parameter. */
export async function jobById(id: string, params = new URLSearchParams()) {
  const parsed = parseQueryParams(params, JobQuerySchema);
  if (!parsed.ok) return parsed;
  if (!JOB_ID_PATTERN.test(id)) return invalidParam("id", "id: must be 1–64 of A–Z a–z 0–9 . _ -");
  const job = await findJob(id);
  return job
    ? ok({ query: parsed.value, job })
    : fail("not_found", "No job with this id in the current catalog.");
}

export async function salaryForLocation(params: URLSearchParams) {
  const parsed = parseQueryParams(params, SalaryQuerySchema);
  if (!parsed.ok) return parsed;
  const query = parsed.value;
  if (!query.country && !query.title) {
    return invalidParam("country", "Give country (an ISO code) or title (a country or city name).");
  }
  const salary = await lookupSalary(query);
  return salary ? ok({ query, salary }) : fail("not_found", "No salary snapshot for this location.");
}
