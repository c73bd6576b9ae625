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

describe("statements that read a title's or the sort's listing", () => {
  it("decide q by exact bits of their own snapshot, reading no job's words", () => {
    for (const lead of ["title", "order"] as const) {
      const sql = matchesSql(page(filters(SNAPSHOT), lead), SNAPSHOT);
      expect({ lead, reads: wordReads(sql) }).toEqual({ lead, reads: 0 });
      expect(sql.sql).toContain("common_words &");
    }
    expect(wordReads(filteredCountSql(page(filters(SNAPSHOT), "title"), SNAPSHOT))).toBe(0);
  });

  it("read the words when the bits are another snapshot's or not exact", () => {
    for (const f of [filters(SNAPSHOT + 1), filters(SNAPSHOT, false)]) {
      expect(wordReads(matchesSql(page(f, "title"), SNAPSHOT))).toBeGreaterThan(0);
      expect(wordReads(filteredCountSql(page(f, "title"), SNAPSHOT))).toBeGreaterThan(0);
    }
  });

  it("leave the words' index to a narrow filter's statement, which the planner may combine with it", () => {
    expect(wordReads(matchesSql(page(filters(SNAPSHOT), "filter"), SNAPSHOT))).toBeGreaterThan(0);
    expect(wordReads(filteredCountSql(page(filters(SNAPSHOT), "filter"), SNAPSHOT))).toBeGreaterThan(0);
  });
});
