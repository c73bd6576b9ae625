// The catalog's three questions, validated and answered the same way for /v1, the site's
// /api/jobs* routes and its pages: each returns a result, never an HTTP error.
import type { z } from "zod";
import { deepFreeze } from "../core/freeze";
import { parseQueryParams } from "../core/query-params";
import { fail, invalidParam, ok, type Result } from "../core/result";
import { type ChangesPage, ChangesQuerySchema } from "./change-schemas";
import { changesPage } from "./changes";
import { encodeCursor } from "./cursor";
import { JobDuplicatesQuerySchema } from "./duplicate-schemas";
import { duplicatesOf, withCopies } from "./duplicates";
import { FacetsQuerySchema } from "./facet-schemas";
import { jobFacets } from "./facets";
import { type JobFilters, toFilters } from "./filters";
import { findJob } from "./jobs";
import { type QueryMeta, resolveKeywords } from "./keywords/resolve";
import { PAY_SAMPLE_MIN } from "./limits";
import { liveSince, liveSnapshot } from "./live";
import { pageBeyondCap, pageMeta } from "./paging";
import { jobPay } from "./pay";
import { lookupSalary, lookupSalaryHistory } from "./salary";
import { SalaryQuerySchema } from "./salary-schemas";
import { JOB_ID_PATTERN, JobQuerySchema, type JobSearchQuery, JobSearchQuerySchema } from "./schemas";
import { type SearchOutput, searchJobs } from "./search";

export async function searchCatalog(params: URLSearchParams, now = new Date()) {
  const parsed = parseQueryParams(params, JobSearchQuerySchema);
  if (!parsed.ok) return parsed;
  const query = parsed.value;
  const tooDeep = pageBeyondCap(query.page, query.per_page);
  if (tooDeep) return tooDeep;
  const rules = toFilters(query, startOfMinute(now));
  if (!rules.ok) return rules;
  const { sort } = rules.value;
  const words = await withKeywords(rules.value.filters, query);
  if (!words.ok) return words;
  const { filters, meta } = words.value;
  // One snapshot for the page and, with collapse=false, its copies.
  const live = await liveSnapshot();
  const found = await searchJobs({
    title: query.title,
    filter: filters.country,
    page: query.page,
    perPage: query.per_page,
    filters,
    sort,
    highlight: query.highlight,
    live,
  });
  const paged = pageOf(found, query.page, query.per_page);
  const page =
    query.collapse === false && live ? { ...paged, items: await withCopies(paged.items, live.id) } : paged;
  return ok({ query, page: meta ? { ...page, meta: { ...page.meta, query: meta } } : page });
}

/** q resolved against the live snapshot's words: the filters with them, and what was searched. */
async function withKeywords(filters: JobFilters, query: { q?: string; spellcheck?: boolean }) {
  if (!query.q) return ok({ filters, meta: undefined as QueryMeta | undefined });
  const live = await liveSnapshot();
  if (!live) return ok({ filters, meta: undefined as QueryMeta | undefined });
  const k = await resolveKeywords(query.q, live.id, query.spellcheck ?? true);
  if (!k.ok) return k;
  return ok({
    filters: { ...filters, keywords: k.value.clauses, wordBits: k.value.bits },
    meta: k.value.meta as QueryMeta | undefined,
  });
}

type Page = { items: SearchOutput["items"]; meta: ReturnType<typeof pageMeta> & { total_exact: boolean } };

/**
 * A cached search result gives the same page object to every request that hits it: frozen
 * like the result, so its JSON text and ETag are made once (lib/api/respond.ts).
 */
const pages = new WeakMap<SearchOutput, Page>();

function pageOf(found: SearchOutput, page: number, perPage: number): Page {
  const known = pages.get(found);
  if (known && known.meta.page === page && known.meta.per_page === perPage) return known;
  const made: Page = {
    items: found.items,
    meta: { ...pageMeta(found.total, page, perPage, found.totalExact), total_exact: found.totalExact },
  };
  if (Object.isFrozen(found)) pages.set(found, deepFreeze(made));
  return made;
}

/** A query without paging or order (facets, pay, saved searches, the changes feed). */
type FilterQuery = Omit<JobSearchQuery, "page" | "per_page">;

/**
 * A search's parameters, without paging or order, checked by `schema`: the query, its filters
 * and, with q, its keywords resolved against the live snapshot.
 */
async function filtersOf<S extends z.ZodObject>(params: URLSearchParams, schema: S, now: Date) {
  const parsed = parseQueryParams(params, schema);
  if (!parsed.ok) return parsed;
  const query: z.output<S> & FilterQuery = parsed.value;
  const rules = toFilters({ ...query, page: 1, per_page: 1 }, startOfMinute(now));
  if (!rules.ok) return rules;
  const words = await withKeywords(rules.value.filters, query);
  if (!words.ok) return words;
  return ok({ query, ...words.value });
}

/** The facets' parameters (also /v1/jobs/pay's). */
const facetInput = (params: URLSearchParams, now: Date) => filtersOf(params, FacetsQuerySchema, now);

export async function facetsCatalog(params: URLSearchParams, now = new Date()) {
  const input = await facetInput(params, now);
  if (!input.ok) return input;
  const { query, filters, meta } = input.value;
  const facets = await jobFacets({ title: query.title, filter: filters.country, filters });
  return ok({ query, facets: meta ? { ...facets, meta: { ...facets.meta, query: meta } } : facets });
}

/**
 * What a search's matches advertise: its facets' parameters, and percentiles per currency; a
 * 404 insufficient_data when no currency has PAY_SAMPLE_MIN salaries among them.
 */
export async function payCatalog(params: URLSearchParams, now = new Date()) {
  const input = await facetInput(params, now);
  if (!input.ok) return input;
  const { query, filters, meta } = input.value;
  const pay = await jobPay({ title: query.title, filter: filters.country, filters });
  if (pay.pay.length === 0) {
    return fail(
      "insufficient_data",
      `Too few advertised salaries for percentiles: ${pay.meta.salaried} of the ${pay.meta.counted} matches read advertise one, and no currency has ${PAY_SAMPLE_MIN}. Widen the search.`,
    );
  }
  return ok({ query, pay: meta ? { ...pay, meta: { ...pay.meta, query: meta } } : pay });
}

/** posted_within_days counts from the minute: requests within one share cache entries and ETags. */
function startOfMinute(now: Date): Date {
  return new Date(Math.floor(now.getTime() / 60_000) * 60_000);
}

/** What a saved search may hold: a search's parameters, without paging, order or display. */
export const SavedQuerySchema = FacetsQuerySchema.omit({ tz: true });

/** A saved search's query checked as a search would be, in one canonical order; or why not. */
export async function canonicalSavedQuery(raw: string) {
  // A URL's (or a path's) query is what follows its first "?"; a "?" after a parameter's "="
  // or "&" is the bare query's own.
  const given = new URLSearchParams(raw.replace(/^[^?=&#]*\?/, "").replace(/#.*$/, ""));
  // One text, one spelling: composed (NFC), as cities are stored, however it was typed.
  const params = new URLSearchParams([...given].map(([k, v]) => [k, v.normalize("NFC")]));
  params.sort();
  const checked = await filtersOf(params, SavedQuerySchema, new Date());
  if (!checked.ok) return checked;
  const canonical = params.toString();
  // Percent-encoding can make a query that fitted as typed too long to keep.
  if (canonical.length > SAVED_QUERY_MAX)
    return invalidParam("query", `must be at most ${SAVED_QUERY_MAX} characters once URL-encoded`);
  return ok(canonical);
}

/** The longest saved query, as stored (URL-encoded). */
export const SAVED_QUERY_MAX = 2_000;

/**
 * The jobs a saved search's query matches among those an import first held (first_seen_at is
 * that import's time): the newest `limit`, and how many there are.
 */
export async function newJobsFor(query: string, seenAt: Date, limit: number, snapshotId: number) {
  // Searched in the import's snapshot (or a later one), its words too: a pointer from before its
  // swap would find none of its new jobs, and the import would be planned as delivering nothing.
  const live = await liveSince(snapshotId);
  if (!live) throw new Error(`snapshot ${snapshotId} is not live yet`);
  const checked = await filtersOf(new URLSearchParams(query), SavedQuerySchema, new Date());
  if (!checked.ok) return checked;
  const filters = { ...checked.value.filters, firstSeen: { from: seenAt, until: seenAt } };
  const found = await searchJobs({
    title: checked.value.query.title,
    filter: filters.country,
    page: 1,
    perPage: limit,
    filters,
    sort: filters.near ? "distance" : "date",
    live,
  });
  return ok(found);
}

/** A page of the changes feed: the search's filters, a cursor and a page size. */
export async function changesCatalog(params: URLSearchParams, now = new Date()) {
  const checked = await filtersOf(params, ChangesQuerySchema, now);
  if (!checked.ok) return checked;
  const { query, filters, meta } = checked.value;
  const live = await liveSnapshot();
  const page: Result<ChangesPage, "invalid_parameter" | "cursor_expired"> = live
    ? await changesPage({ query, filters, snapshotId: live.id })
    : ok({ items: [], meta: { since: query.since ?? null, next: encodeCursor(0n), has_more: false } });
  if (!page.ok) return page;
  return ok({
    query,
    page: meta ? { ...page.value, meta: { ...page.value.meta, query: meta } } : page.value,
  });
}

/** A job's id from its path: one that cannot exist is a bad parameter, not a lookup. */
const badJobId = (id: string) =>
  JOB_ID_PATTERN.test(id) ? null : invalidParam("id", "id: must be 1–64 of A–Z a–z 0–9 . _ -");
const noSuchJob = () => fail("not_found", "No job with this id in the current catalog.");

/** One job; its query string may only hold `tz`. */
export async function jobById(id: string, params = new URLSearchParams()) {
  const parsed = parseQueryParams(params, JobQuerySchema);
  if (!parsed.ok) return parsed;
  const bad = badJobId(id);
  if (bad) return bad;
  const job = await findJob(id);
  return job ? ok({ query: parsed.value, job }) : noSuchJob();
}

/** The other postings of a job's group; its query string may hold nothing. */
export async function jobDuplicates(id: string, params = new URLSearchParams()) {
  const parsed = parseQueryParams(params, JobDuplicatesQuerySchema);
  if (!parsed.ok) return parsed;
  const bad = badJobId(id);
  if (bad) return bad;
  const group = await duplicatesOf(id);
  return group ? ok(group) : noSuchJob();
}

function salaryQuery(params: URLSearchParams) {
  const parsed = parseQueryParams(params, SalaryQuerySchema);
  if (!parsed.ok) return parsed;
  if (!parsed.value.country && !parsed.value.title) {
    return invalidParam("country", "Give country (an ISO code) or title (a country or city name).");
  }
  return parsed;
}

export async function salaryForLocation(params: URLSearchParams) {
  const parsed = salaryQuery(params);
  if (!parsed.ok) return parsed;
  const salary = await lookupSalary(parsed.value);
  return salary
    ? ok({ query: parsed.value, salary })
    : fail("not_found", "No salary snapshot for this location.");
}

export async function salaryHistoryForLocation(params: URLSearchParams) {
  const parsed = salaryQuery(params);
  if (!parsed.ok) return parsed;
  const history = await lookupSalaryHistory(parsed.value);
  return history
    ? ok({ query: parsed.value, history })
    : fail("not_found", "No salary history for this location.");
}
