import { describe, expect, it } from "vitest";
import { type FilteredInput, filteredCountSql, matchesSql } from "./filtered-search";
import type { JobFilters } from "./filters";
import type { WordBits } from "./keywords/word-bits";

const SNAPSHOT = 7;

/** q = "python -java", both common words of snapshot `of` (bits 3 and 5). */
function filters(of: number, exact = true): JobFilters {
  const bits: WordBits = {
    snapshotId: of,
    need: [3],
    forbid: [5],
    anyOf: [],
    anyOfRare: [],
    exact,
    exclusionsExact: exact,
    share: 0.1,
    sureShare: 0.05,
    rare: [],
    rareShare: 0,
    listed: [],
  };
  return {
    country: { kind: "country", code: "DE", countries: ["DE"] },
    keywords: [
      { any: [{ kind: "term", text: "python", negated: false, position: 0 }] },
      { any: [{ kind: "term", text: "java", negated: true, position: 7 }] },
    ],
    wordBits: bits,
  };
}

const page = (f: JobFilters, lead: FilteredInput["lead"]): FilteredInput => ({
  tsquery: "nurse:*",
  filters: f,
  sort: "date",
  limit: 20,
  offset: 0,
  lead,
});

/** How many times a statement reads jobs' words: every `search @@` but the titles' own. */
const wordReads = (sql: { sql: string }) =>
  (sql.sql.match(/search @@/g) ?? []).length - (sql.sql.match(/t\.search @@/g) ?? []).length;

describe("statements that read each matching title's listing", () => {
  it("decide q by exact bits of their own snapshot, reading no job's words", () => {
    const sql = matchesSql(page(filters(SNAPSHOT), "title"), SNAPSHOT);
    expect(wordReads(sql)).toBe(0);
    expect(sql.sql).toContain("common_words &");
    expect(wordReads(filteredCountSql(page(filters(SNAPSHOT), "title"), SNAPSHOT))).toBe(0);
  });

  it("read the words when the bits are another snapshot's, not exact, or need a rare word's jobs", () => {
    const rare = filters(SNAPSHOT);
    const rareBits = { ...(rare.wordBits as WordBits), rare: [1], rareShare: 0.001 };
    for (const f of [filters(SNAPSHOT + 1), filters(SNAPSHOT, false), { ...rare, wordBits: rareBits }]) {
      expect(wordReads(matchesSql(page(f, "title"), SNAPSHOT))).toBeGreaterThan(0);
      expect(wordReads(filteredCountSql(page(f, "title"), SNAPSHOT))).toBeGreaterThan(0);
    }
  });

  it("decide q by the bits on a walk of the sort's listing only when it is expected short", () => {
    const order = page(filters(SNAPSHOT), "order");
    expect(wordReads(matchesSql({ ...order, orderByBits: true }, SNAPSHOT))).toBe(0);
    expect(wordReads(matchesSql({ ...order, orderByBits: false }, SNAPSHOT))).toBeGreaterThan(0);
  });

  it("leave the words' index to a walk of the sort's listing and to a narrow filter's statement", () => {
    for (const lead of ["order", "filter"] as const) {
      const reads = wordReads(matchesSql(page(filters(SNAPSHOT), lead), SNAPSHOT));
      expect({ lead, reads: reads > 0 }).toEqual({ lead, reads: true });
    }
    expect(wordReads(filteredCountSql(page(filters(SNAPSHOT), "filter"), SNAPSHOT))).toBeGreaterThan(0);
  });
});

describe("a narrow filter's statement", () => {
  const seen = { firstSeen: { from: new Date("2026-11-01T00:00:00Z") } };
  /** The CTE reading the filter's entries, and whether titles are matched before rows. */
  const shape = (sql: { sql: string }) => ({
    entries: /m AS MATERIALIZED \(([^)]*)\)/.exec(sql.sql)?.[1] ?? "",
    titlesFirst: sql.sql.includes("k AS MATERIALIZED"),
  });

  it("matches the filter's entries against the titles before reading rows for a condition on the row", () => {
    const f: JobFilters = { ...filters(SNAPSHOT), keywords: undefined, ...seen };
    for (const sort of ["date", "relevance", "first_seen", "salary_desc"] as const) {
      const sql = matchesSql({ ...page(f, "filter"), sort }, SNAPSHOT);
      expect(shape(sql).titlesFirst).toBe(true);
      expect(shape(sql).entries).not.toContain("first_seen_at");
      expect(sql.sql).toMatch(/LATERAL \(\s*SELECT [^)]* first_seen_at >= /);
    }
    const count = filteredCountSql(page(f, "filter"), SNAPSHOT);
    expect(shape(count)).toMatchObject({ titlesFirst: true });
    expect(shape(count).entries).not.toContain("first_seen_at");
  });

  it("keeps the words' index, combined with the filter's, when q is given", () => {
    const sql = matchesSql(page({ ...filters(SNAPSHOT), ...seen }, "filter"), SNAPSHOT);
    expect(shape(sql).titlesFirst).toBe(false);
    expect(wordReads(sql)).toBeGreaterThan(0);
  });

  it("reads entries alone when every condition is on them", () => {
    const f: JobFilters = { ...filters(SNAPSHOT), keywords: undefined };
    expect(shape(matchesSql(page(f, "filter"), SNAPSHOT)).titlesFirst).toBe(false);
  });
});
