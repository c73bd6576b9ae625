// The site's pages and /api/jobs* run the API's own validation and queries, keyless.
import { ApiError } from "../api/errors";
import { parseQuery } from "../api/query";
import { siteLimiter } from "../api/with-site";
import { resolveCountryFilter } from "../catalog/countries";
import { findJob } from "../catalog/jobs";
import { assertPageReachable, pageMeta } from "../catalog/paging";
import { lookupSalary } from "../catalog/salary";
import { JobSearchQuerySchema, SalaryQuerySchema } from "../catalog/schemas";
import { searchJobs } from "../catalog/search";
import { clientIp } from "./client-ip";

/**
 * The pages share /api/jobs*'s per-address budget, so they are no keyless way around it.
 * Pages cannot answer 429, so a refusal is shown as a message instead.
 */
export async function spendPageBudget(): Promise<void> {
  const { headers } = await import("next/headers");
  const r = await siteLimiter()(clientIp(new Request("http://page.invalid/", { headers: await headers() })));
  if (!r.ok)
    throw new ApiError(
      "rate_limited",
      "Too many searches from your address; wait a minute. For more, get an API key in the Studio.",
    );
}

export function toSearchParams(input: Record<string, string | string[] | undefined>): URLSearchParams {
  const out = new URLSearchParams();
  for (const [k, v] of Object.entries(input)) {
    const value = Array.isArray(v) ? v[0] : v;
    if (value !== undefined && value !== "") out.set(k, value);
  }
  return out;
}

export async function siteSearch(params: URLSearchParams) {
  const q = parseQuery(params, JobSearchQuerySchema);
  assertPageReachable(q.page, q.per_page);
  const filter = q.country ? (resolveCountryFilter(q.country) ?? undefined) : undefined;
  const { total, items } = await searchJobs({ title: q.title, filter, page: q.page, perPage: q.per_page });
  return { query: q, items, meta: pageMeta(total, q.page, q.per_page) };
}

export async function siteJob(id: string) {
  const job = await findJob(id);
  if (!job) throw new ApiError("not_found", "No job with this id in the current catalog.");
  return job;
}

export async function siteSalary(params: URLSearchParams) {
  const q = parseQuery(params, SalaryQuerySchema);
  if (!q.country && !q.title) return null;
  const salary = await lookupSalary(q);
  if (!salary) throw new ApiError("not_found", "No salary snapshot for this location.");
  return salary;
}

/** For pages: the error's message, or rethrow what is not the caller's fault. */
export function userError(err: unknown): string {
  if (err instanceof ApiError && err.status < 500) return err.message;
  throw err;
}
