// How a search's page of rows is read: the statement for each kind of search, a keyword page
// (its count first, which says how to read it), and the matches before a page past the end.
import { rowsWithin } from "../core/db";
import type { Prisma } from "../generated/prisma/client";
import type { CountryFilter } from "./countries";
import { type FilteredInput, filteredPageSql } from "./filtered-search";
import type { JobFilters } from "./filters";
import { keywordPageSql } from "./keyword-search";
import { relevancePage } from "./keyword-tiers";
import { forWalkOrListing } from "./keywords/combo-listing";
import { countDeadlineMs } from "./keywords/rare-words";
import { titledWalkByBits, WALK_DEADLINE_MS, walkDeadlineMs } from "./keywords/walk-by-bits";
import { titleStats } from "./lead";
import { catalogDb } from "./live";
import { isNear, nearPageSql } from "./near-search";
import type { JobDbRow } from "./rows";
import { countMatches, sumCounts } from "./totals";

/**
 * Past the last page while the count still runs: the matches before the page are every match,
 * so the total (and the last page with rows) is exact. They are read again only when reading
 * the page took little (its entries are in memory now, so reading them again should take no
 * longer), and for no longer than twice that. Null when they are not read, or not in time.
 */
export async function matchesBefore(
  snapshotId: number,
  page: FilteredInput,
  pageMs: number,
): Promise<number | null> {
  const deadlineMs = Math.round(2 * pageMs) + 20;
  if (deadlineMs > WALK_DEADLINE_MS) return null;
  const sql = pageSql({ ...page, offset: 0, limit: page.offset + 1 }, snapshotId);
  const rows = await rowsWithin<{ id: string }>(deadlineMs, sql);
  return rows && rows.length <= page.offset ? rows.length : null;
}

/**
 * Keywords: the count first. When it finishes within its deadline, the words' matches are few
 * enough to read them all from their index and sort them; when it does not, they are common and
 * walking jobs in the page's order finds a page quickly. The planner cannot tell a word no job
 * holds from a rare one, and would walk every job looking for it.
 */
export async function keywordPage(
  input: { filter?: CountryFilter },
  live: { id: number; countryCounts: Record<string, number> },
  filters: JobFilters,
  tsquery: string | null,
  page: FilteredInput,
) {
  const all = sumCounts(live.countryCounts);
  // Only a count the words' index leads reads no more rows than the rare word's jobs.
  const wordsLed = !tsquery && !isNear(filters);
  const deadlineMs = wordsLed ? countDeadlineMs(filters.wordBits, live.id, all) : undefined;
  const count = await countMatches(input, live, filters, tsquery, page.lead, deadlineMs);
  return { ...(await keywordRows(live, filters, tsquery, page, count)), count };
}

/**
 * A keyword page's rows and one more, read the way its count says pays. `matches`, on a page by
 * relevance (ids read first, then their rows): every match's number when reading them told it,
 * else null; undefined on the other pages (one statement reads their rows).
 */
async function keywordRows(
  live: { id: number; countryCounts: Record<string, number> },
  filters: JobFilters,
  tsquery: string | null,
  page: FilteredInput,
  count: Awaited<ReturnType<typeof countMatches>>,
): Promise<{ rows: JobDbRow[]; matches?: number | null }> {
  if (count.total === 0 && count.totalExact) return { rows: [], matches: 0 };
  const all = sumCounts(live.countryCounts);
  const fewMatches = count.total !== null && count.totalExact && !count.sampled;
  const orderByBits = await orderWalkByBits(live, page, tsquery);
  const read = (few: boolean, f = page.filters) =>
    pageSql({ ...page, filters: f, limit: page.limit + 1, fewMatches: few, orderByBits }, live.id);
  if (fewMatches) return { rows: await readRows(live.id, filters, read(true)) };
  const keywords = filters.keywords;
  if (byKeywordRelevance(page) && keywords)
    return relevancePage(live.id, all, { ...filters, keywords }, page.offset, page.limit + 1);
  // Common words the filters rarely keep ("hybrid" among remote jobs) make the walk long: past
  // its deadline, the words' matches are read whole after all.
  const walkFilters =
    page.tsquery || page.sort !== "date"
      ? page.filters
      : await forWalkOrListing(live.id, page.filters, page.offset + page.limit + 1);
  const walked = await rowsWithin<JobDbRow>(walkDeadlineMs(walkFilters), read(false, walkFilters));
  return { rows: walked ?? (await readRows(live.id, filters, read(true))) };
}

/** Whether a titled page walking its sort's listing ("order" lead) may decide q by the bits. */
async function orderWalkByBits(live: { id: number }, page: FilteredInput, tsquery: string | null) {
  if (page.lead !== "order" || !tsquery) return false;
  const { jobs } = await titleStats(live.id, tsquery, page.filters.country?.code ?? "*");
  return titledWalkByBits(live.id, page.filters, jobs, page.offset + page.limit + 1);
}

/** Whether a page is ordered by keyword relevance (q without a title, not near a place). */
function byKeywordRelevance(input: FilteredInput): boolean {
  return Boolean(
    input.filters.keywords && !input.tsquery && input.sort === "relevance" && !isNear(input.filters),
  );
}

/**
 * A search with keywords runs as an unnamed statement: its text changes with the shape of q
 * (how many words, phrases, alternatives), and such one-off texts would use up the named
 * statements the hot path keeps (lib/core/db.ts). Every statement is planned for its own values
 * either way (plan_cache_mode=force_custom_plan).
 */
export function readRows(snapshotId: number, filters: JobFilters, sql: Prisma.Sql): Promise<JobDbRow[]> {
  const db = catalogDb(snapshotId);
  return filters.keywords ? db.$queryRaw<JobDbRow[]>(sql) : db.query<JobDbRow>(sql);
}

/** A page's statement: near a point (near-search.ts), by keyword relevance (q without a title), or by filterSql alone. */
export function pageSql(input: FilteredInput, snapshotId: number): Prisma.Sql {
  const { filters } = input;
  if (isNear(filters)) return nearPageSql({ ...input, filters }, snapshotId);
  if (byKeywordRelevance(input) && filters.keywords)
    return keywordPageSql(
      { ...filters, keywords: filters.keywords },
      snapshotId,
      input.limit,
      input.offset,
      input.fewMatches,
    );
  return filteredPageSql(input, snapshotId);
}
