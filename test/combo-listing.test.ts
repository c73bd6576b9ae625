// A narrow combination's jobs (remote, employment type, seniority) read whole from their listing
// with the bits (jobs_combo_words_idx), index entries only, then sorted: walks that would pass
// more entries by date, counts, and pages a walk by date would not pay for. They give what the
// words give.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jobFacets } from "@/lib/catalog/facets";
import { FACET_SAMPLE } from "@/lib/catalog/facets-sql";
import { filterSql } from "@/lib/catalog/filter-sql";
import { filteredCountSql } from "@/lib/catalog/filtered-search";
import type { JobFilters } from "@/lib/catalog/filters";
import { comboListing, forWalkOrListing } from "@/lib/catalog/keywords/combo-listing";
import { forWalk } from "@/lib/catalog/keywords/walk-by-bits";
import { MIN_WANTED_PER_COUNTRY, newestFirstSql } from "@/lib/catalog/region-walk";
import { countMatches } from "@/lib/catalog/totals";
import { db } from "@/lib/core/db";
import { Prisma } from "@/lib/generated/prisma/client";
import { catalogLexemes, exactFilters, loadBitsCatalog } from "./support/bits-catalog";
import { loadCatalog } from "./support/fixtures";

const DE = { country: { kind: "country", code: "DE", countries: ["DE"] } } as JobFilters;

let snapshotId = 0;
beforeAll(async () => {
  ({ snapshotId } = await loadBitsCatalog("combination listing"));
}, 120_000);
afterAll(async () => {
  await loadCatalog();
});

const lexemes = () => catalogLexemes(snapshotId);
const filtersFor = (q: string, extra: JobFilters = {}) => exactFilters(snapshotId, q, extra);

describe("a narrow combination's listing with the bits", () => {
  it("reads a narrow combination's jobs whole from their listing with the bits when a walk by date would pass more", async () => {
    const { common } = await lexemes();
    const q = `${common[0]?.lexeme} -${common[40]?.lexeme}`;
    const MANY = MIN_WANTED_PER_COUNTRY; // a region's walk would merge its countries' listings
    // A few matches of a word most jobs hold are found among the first entries by date.
    const held = await filtersFor(`${common[0]?.lexeme}`, { remote: ["remote"] } as JobFilters);
    const page = await forWalk(snapshotId, held, 5);
    expect(page).toMatchObject({ wordsByBits: true });
    expect(page.bitsByCombo).toBeFalsy();
    const everywhere = await filtersFor(q, { remote: ["remote"] } as JobFilters);
    for (const country of [null, ["DE"], ["DE", "FR", "US"]]) {
      const f = country
        ? await filtersFor(q, {
            country: {
              kind: country.length > 1 ? "region" : "country",
              code: country.join(","),
              countries: country,
            },
            remote: ["remote"],
          } as JobFilters)
        : everywhere;
      const walk = await forWalk(snapshotId, f, MANY);
      expect({ country, byCombo: walk.bitsByCombo }).toEqual({ country, byCombo: true });
      const sql = (g: JobFilters) =>
        newestFirstSql(
          Prisma.sql`id, posted_at`,
          Prisma.sql`snapshot_id = ${snapshotId} ${filterSql(g)}`,
          g,
          MANY,
        );
      const plan = (await db().$queryRaw<{ "QUERY PLAN": string }[]>(Prisma.sql`EXPLAIN ${sql(walk)}`))
        .map((r) => r["QUERY PLAN"])
        .join("\n");
      // Index entries only, read whole and sorted; on this small catalog the planner may read a
      // single country's listing rather than the combinations' (fewer descents).
      expect({ country, plan }).toEqual({
        country,
        plan: expect.stringMatching(
          country
            ? /Index Only Scan using jobs_s\d+_(combo|country)_words_idx/
            : /Index Only Scan using jobs_s\d+_combo_words_idx/,
        ),
      });
      expect(plan).toContain("Sort Key: m.posted_at DESC, m.id");
      expect(plan).not.toMatch(/words_rule_out|@@|Merge Append|Index Scan using/);
      const ids = async (g: JobFilters) => (await db().$queryRaw<{ id: string }[]>(sql(g))).map((r) => r.id);
      const byWords = await ids(f);
      expect(byWords.length).toBeGreaterThan(0);
      expect({ country, ids: await ids(walk) }).toEqual({ country, ids: byWords });
    }
    // A facets' sample read the same way (its statement holds the walk's as a CTE of its own).
    expect((await forWalk(snapshotId, everywhere, FACET_SAMPLE)).bitsByCombo).toBe(true);
    const facets = (wordBits: JobFilters["wordBits"]) => jobFacets({ filters: { ...everywhere, wordBits } });
    const [byBits, byWordsFacets] = [await facets(everywhere.wordBits), await facets(null)];
    expect(byBits.meta.counted).toBeGreaterThan(0);
    expect(byBits).toEqual(byWordsFacets);
  });

  it("counts a narrow combination's matches from its listing with the bits, marked as not telling what reading them costs", async () => {
    const { common } = await lexemes();
    const q = `${common[1]?.lexeme} -${common[30]?.lexeme}`;
    const f = await filtersFor(q, { ...DE, remote: ["remote"] } as JobFilters);
    const counted = await comboListing(snapshotId, f);
    expect(counted).toMatchObject({ wordsByBits: true, bitsByCombo: true });
    const count = (g: JobFilters) =>
      filteredCountSql(
        { tsquery: null, filters: g, sort: "date", limit: 1, offset: 0, lead: "filter" },
        snapshotId,
      );
    const plan = (await db().$queryRaw<{ "QUERY PLAN": string }[]>(Prisma.sql`EXPLAIN ${count(counted)}`))
      .map((r) => r["QUERY PLAN"])
      .join("\n");
    expect(plan).toMatch(/Index Only Scan/);
    expect(plan).not.toMatch(/words_rule_out|@@|Index Scan using|Bitmap Heap Scan/);
    const n = async (g: JobFilters) => (await db().$queryRaw<{ n: number }[]>(count(g)))[0]?.n;
    const byWords = await n(f);
    expect(byWords).toBeGreaterThan(0);
    expect(await n(counted)).toBe(byWords);
    // The search's total: exact, but no sign that its matches are few to read by their words.
    const total = await countMatches(
      { filter: DE.country },
      { id: snapshotId, countryCounts: {} },
      f,
      null,
      "filter",
      5_000,
    );
    expect(total).toEqual({ total: byWords, totalExact: true, sampled: true });
  });

  it("reads a page of a word few jobs hold among a narrow combination's jobs by their bits, where a walk by date would not pay", async () => {
    const { common } = await lexemes();
    const ids = async (g: JobFilters) =>
      (
        await db().$queryRaw<{ id: string }[]>(
          newestFirstSql(
            Prisma.sql`id, posted_at`,
            Prisma.sql`snapshot_id = ${snapshotId} ${filterSql(g)}`,
            g,
            21,
          ),
        )
      ).map((r) => r.id);
    let checked = 0;
    // The least held numbered words: a walk by date would pass many entries for each match.
    for (const word of common.slice(-40)) {
      const f = await filtersFor(word.lexeme, { remote: ["remote"] } as JobFilters);
      if ((await forWalk(snapshotId, f, 21)).wordsByBits) continue;
      const byWords = await ids(f);
      if (byWords.length === 0) continue;
      const read = await forWalkOrListing(snapshotId, f, 21);
      expect({ word: word.lexeme, read }).toMatchObject({ read: { wordsByBits: true, bitsByCombo: true } });
      expect({ word: word.lexeme, ids: await ids(read) }).toEqual({ word: word.lexeme, ids: byWords });
      checked++;
    }
    expect(checked).toBeGreaterThanOrEqual(3);
  });
});
