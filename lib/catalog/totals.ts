// Totals of a search: exact from the import's counts where they answer, else counted within a
// deadline and up to TOTAL_COUNT_CAP; a count that ran out of time leaves a lower bound.
import { rowsWithin } from "../core/db";
import { log } from "../core/log";
import { Prisma } from "../generated/prisma/client";
import { combosAnswer, comboTotal } from "./combos";
import type { CountryFilter } from "./countries";
import { filteredCountSql, TOTAL_COUNT_CAP } from "./filtered-search";
import { hasRowFilters, type JobFilters } from "./filters";
import { comboListing } from "./keywords/combo-listing";
import type { Lead } from "./lead";
import { catalogDb, snapshotCache } from "./live";
import { isNear, nearCountSql, nearExactTotal } from "./near-search";

/**
 * `sampled`: known from a facets' sample, a page's rows or a count by the bits, not a count of
 * the words' matches; what reading those matches costs is not known.
 */
export type Total = { total: number; totalExact: boolean; sampled?: true };

/** A statement a request runs; `deadlineMs`: given up after that long (harness/bench/bench-search.ts). */
export type Statement = { sql: Prisma.Sql; deadlineMs?: number };

/**
 * Totals by search alone (no page, per_page or sort), so a count one page size got serves every
 * other. Only known totals go in (counts that finished, facets' samples below the cap): a count
 * that ran out of time is tried again next time, never kept in place of an exact one.
 */
const totals = snapshotCache<Total>(5_000);
/** The statement a total costs: none when the import's counts give it. */
export function countStatements(
  input: { filter?: CountryFilter },
  snapshotId: number,
  filters: JobFilters,
  tsquery: string | null,
  lead: Lead = "title",
): Statement[] {
  if (isNear(filters)) {
    const near = { tsquery, filters, sort: "date" as const, limit: 1, offset: 0, lead };
    return [{ sql: nearCountSql(near, snapshotId, TOTAL_COUNT_CAP + 1), deadlineMs: COUNT_DEADLINE_MS }];
  }
  if (hasRowFilters(filters)) {
    if (!tsquery && combosAnswer(filters)) return [];
    const sql = filteredCountSql({ tsquery, filters, sort: "date", limit: 1, offset: 0, lead }, snapshotId);
    return [{ sql, deadlineMs: COUNT_DEADLINE_MS }];
  }
  return tsquery ? [{ sql: titleTotalSql(tsquery, input.filter?.code ?? "*", snapshotId) }] : [];
}

function titleTotalSql(tsquery: string, key: string, snapshotId: number): Prisma.Sql {
  return Prisma.sql`SELECT coalesce(sum((t.counts ->> ${key})::int), 0)::int AS n
    FROM job_titles t WHERE t.snapshot_id = ${snapshotId} AND t.search @@ to_tsquery('simple', ${tsquery})`;
}

/** A count that would take longer than this is given up: the total is then a lower bound. */
export const COUNT_DEADLINE_MS = 35;

/**
 * The total of a search, exact whenever the count deadline allows:
 * - title and country/region alone: the import's per-title and per-country counts;
 * - no title, and only country, remote, employment type, seniority: the import's combination counts;
 * - anything else: counted, but no further than TOTAL_COUNT_CAP matches and COUNT_DEADLINE_MS.
 * `total: null` means the count deadline passed; the caller knows a lower bound from its page.
 */
export async function countMatches(
  input: { filter?: CountryFilter },
  live: { id: number; countryCounts: Record<string, number> },
  filters: JobFilters,
  tsquery: string | null,
  lead: Lead = "title",
  /** Instead of the statement's COUNT_DEADLINE_MS (a keyword search's rare word: rare-words.ts). */
  deadlineMs?: number,
): Promise<Omit<Total, "total"> & { total: number | null }> {
  const statement = await totalOrCount(input, live, filters, tsquery, lead);
  if (!("sql" in statement)) return statement;
  const key = totalKey(input, filters, tsquery);
  const state = countState(live.id, key);
  if (state === "counting") return { total: null, totalExact: false };
  if (state) return state;
  const counted = await countWithin(statement.sql, deadlineMs ?? statement.deadlineMs);
  if (counted === null) {
    finishLater(live.id, key, statement);
    return { total: null, totalExact: false };
  }
  return keep(live.id, key, counted, statement.byBits);
}

/**
 * The total when the import's counts give it (per title and country, per combination, near a
 * place), exact however large; null when only a count can tell.
 */
export async function importedTotal(...args: Parameters<typeof totalOrCount>): Promise<Total | null> {
  const known = await totalOrCount(...args);
  return "sql" in known ? null : known;
}

/** The imported total, else the count statement that must tell it (with its deadline). */
async function totalOrCount(
  input: { filter?: CountryFilter },
  live: { id: number; countryCounts: Record<string, number> },
  filters: JobFilters,
  tsquery: string | null,
  lead: Lead = "title",
): Promise<Total | (Statement & { deadlineMs: number; byBits?: boolean })> {
  if (isNear(filters)) {
    const exact = await nearExactTotal(live.id, filters, tsquery);
    if (exact !== null) return { total: exact, totalExact: true };
  } else if (!tsquery && hasRowFilters(filters) && combosAnswer(filters))
    return { total: await comboTotal(live.id, filters), totalExact: true };
  // Keywords over a narrow combination: counted from its listing with the bits, no words read.
  // Such a total says nothing of what reading the matches by their words costs (`byBits`).
  const counted = !tsquery && !isNear(filters) ? await comboListing(live.id, filters) : filters;
  const [statement] = countStatements(input, live.id, counted, tsquery, lead);
  if (!statement) return { total: sumCounts(live.countryCounts, input.filter?.countries), totalExact: true };
  if (statement.deadlineMs)
    return { sql: statement.sql, deadlineMs: statement.deadlineMs, byBits: counted !== filters };
  const rows = await catalogDb(live.id).$queryRaw<{ n: number }[]>(statement.sql);
  return { total: rows[0]?.n ?? 0, totalExact: true };
}

/**
 * A search's total from `n`, the matches a read of at most TOTAL_COUNT_CAP found (a facets'
 * sample, or a search's pages read to their end). Below the cap it is every match, kept so the
 * search's pages need not count them (marked `sampled`: unlike a count that finished in time,
 * it says nothing of how cheap they are to read). At the cap it is a lower bound, kept nowhere:
 * a count reads one more match and may know the total is exactly the cap.
 */
export function totalOfSample(snapshotId: number, key: string, n: number): Total {
  if (n >= TOTAL_COUNT_CAP) return { total: TOTAL_COUNT_CAP, totalExact: false };
  const total = { total: n, totalExact: true, sampled: true } as const;
  if (!totals.get(snapshotId, key)) totals.set(snapshotId, key, total);
  return total;
}

/**
 * A count's total, kept; `byBits`: counted by the bits, so marked `sampled` (see Total).
 * `whole`: added up from counts kept at import (near a place, its titles'), exact however large.
 */
function keep(snapshotId: number, key: string, { n, whole }: Counted, byBits = false): Total {
  const total: Total =
    n > TOTAL_COUNT_CAP && !whole
      ? { total: TOTAL_COUNT_CAP, totalExact: false }
      : byBits
        ? { total: n, totalExact: true, sampled: true }
        : { total: n, totalExact: true };
  totals.set(snapshotId, key, total);
  return total;
}

/** What identifies a total: the search, without page, per_page or sort. */
export function totalKey(
  input: { filter?: CountryFilter },
  filters: JobFilters,
  tsquery: string | null,
): string {
  return JSON.stringify([tsquery, input.filter?.code ?? null, filters]);
}

/**
 * What is known of a total: the total, "counting" while a count that ran out of time is
 * finished off the request path (or after that one ran out too), or undefined: not tried yet.
 */
export function countState(
  snapshotId: number,
  key: string,
): { total: number; totalExact: boolean } | "counting" | undefined {
  const known = totals.get(snapshotId, key);
  if (known) return known;
  if (finishing.has(`${snapshotId}\u0000${key}`)) return "counting";
  const gaveUp = givenUp.get(snapshotId, key);
  // A count that ran out of the longer deadline on a busy moment is tried again a minute later.
  if (gaveUp !== undefined && Date.now() - gaveUp < RETRY_GIVEN_UP_MS) return "counting";
  return undefined;
}

/**
 * A count that ran out of its request's time is run again off the request path with a longer
 * deadline, so the same search asked again gets its exact total and the database is not asked
 * the same slow count by every request meanwhile. Few at once: a busy database gets no more
 * of them than that, and a search whose count was dropped tries again when next asked.
 */
export const FINISH_DEADLINE_MS = 2_000;
const FINISH_AT_ONCE = 2;
const finishing = new Set<string>();
/** Counts that ran out of the longer deadline too, and when: their searches keep a lower bound. */
const givenUp = snapshotCache<number>(5_000);
const RETRY_GIVEN_UP_MS = 60_000;

function finishLater(snapshotId: number, key: string, count: { sql: Prisma.Sql; byBits?: boolean }): void {
  const slot = `${snapshotId}\u0000${key}`;
  if (finishing.size >= FINISH_AT_ONCE || finishing.has(slot)) return;
  finishing.add(slot);
  countWithin(count.sql, FINISH_DEADLINE_MS)
    .then((counted) =>
      counted === null
        ? givenUp.set(snapshotId, key, Date.now())
        : keep(snapshotId, key, counted, count.byBits),
    )
    .catch((err: unknown) => log.warn("count off the request path failed", { error: String(err) }))
    .finally(() => finishing.delete(slot));
}

/**
 * Answers of a snapshot by key (search pages, facets), kept also when their count ran out of
 * time: such an answer is served with its lower bound while the count is finished off the
 * request path, then given the total (`withTotal`) once it is, and kept so.
 */
export function answerCache<V>(max: number, withTotal: (kept: V, total: Total) => V) {
  /** `countKey`: the total the answer waits for (totalKey), null once it has it. */
  const cache = snapshotCache<{ value: V; countKey: string | null }>(max);
  return {
    get(snapshotId: number, key: string): V | undefined {
      const hit = cache.get(snapshotId, key);
      if (!hit || hit.countKey === null) return hit?.value;
      const state = countState(snapshotId, hit.countKey);
      if (state === "counting") return hit.value;
      if (!state) return undefined; // nobody is counting it: the next request counts again
      const value = withTotal(hit.value, state);
      cache.set(snapshotId, key, { value, countKey: null });
      return value;
    },
    set(snapshotId: number, key: string, value: V, waitsFor: string | null): void {
      cache.set(snapshotId, key, { value, countKey: waitsFor });
    },
  };
}

/** A capped count is a lower bound too: an answer's own bound may be higher. */
export function atLeast(count: Total, bound: number): Total {
  return count.totalExact ? count : { total: Math.max(count.total, bound), totalExact: false };
}

/** Resolves when no count is being finished off the request path (tests). */
export async function countsFinished(): Promise<void> {
  while (finishing.size > 0) await new Promise((r) => setTimeout(r, 10));
}

/** What a count statement answers: `n`, and whether it is exact however large (`whole`). */
type Counted = { n: number; whole?: boolean };

/** Runs a count under a statement timeout; null when it ran out. */
async function countWithin(sql: Prisma.Sql, ms: number): Promise<Counted | null> {
  const rows = await rowsWithin<Counted>(ms, sql);
  return rows === null ? null : { n: rows[0]?.n ?? 0, whole: rows[0]?.whole === true };
}

/**
 * The total when the count ran out of time, from the rows of one page of `limit` read with one
 * more row (`read`): every job before this page, this page's and the one after it exist. A first
 * page with no rows is an exact zero, and a page with rows and none after it is the last, so its
 * total is exact: both when the rows are whole (`whole`: no row was dropped after the LIMIT).
 * Past the last page nothing is known but that the total is below the offset: the bound is 0,
 * not exact.
 */
export function lowerBound(
  page: number,
  offset: number,
  limit: number,
  read: number,
  whole = true,
): { total: number; totalExact: boolean } {
  if (read === 0) return { total: 0, totalExact: page === 1 && whole };
  return { total: offset + read, totalExact: whole && read <= limit };
}

export function sumCounts(counts: Record<string, number>, countries?: string[]): number {
  const keys = countries ?? Object.keys(counts);
  return keys.reduce((sum, c) => sum + (counts[c] ?? 0), 0);
}
