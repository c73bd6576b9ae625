// A walk the common-word bits decide (exact bits, a short walk by forWalk's estimate): it reads
// the date listing with the bits (jobs_words_posted_idx; a region's countries' own, merged) and
// nothing else, checks the bits with plain operators, and gives the pages the words give, for
// date pages and the other matches of relevance pages alike. A narrow combination's own
// listing: combo-listing.test.ts.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jobFacets } from "@/lib/catalog/facets";
import { FACET_SAMPLE } from "@/lib/catalog/facets-sql";
import { filterSql } from "@/lib/catalog/filter-sql";
import type { JobFilters } from "@/lib/catalog/filters";
import { relevanceRows } from "@/lib/catalog/keyword-tiers";
import { resolveKeywords } from "@/lib/catalog/keywords/resolve";
import { forWalk } from "@/lib/catalog/keywords/walk-by-bits";
import { MIN_WANTED_PER_COUNTRY, newestFirstSql } from "@/lib/catalog/region-walk";
import { db } from "@/lib/core/db";
import { Prisma } from "@/lib/generated/prisma/client";
import { catalogLexemes, exactFilters, loadBitsCatalog } from "./support/bits-catalog";
import { loadCatalog } from "./support/fixtures";

/** A region of three of the demo's countries. */
const REGION = { country: { kind: "region", code: "X3", countries: ["DE", "FR", "US"] } } as JobFilters;

let snapshotId = 0;
let jobs = 0;
beforeAll(async () => {
  ({ snapshotId, jobs } = await loadBitsCatalog("bits walk"));
}, 120_000);
afterAll(async () => {
  await loadCatalog();
});

const lexemes = () => catalogLexemes(snapshotId);
const filtersFor = (q: string, extra: JobFilters = {}) => exactFilters(snapshotId, q, extra);

describe("a walk the common-word bits decide", () => {
  it("reads a listed word, and a set's rare alternatives once (a hashed subplan), from the listing's entries alone", async () => {
    const { common, rare } = await lexemes();
    const listed = common.find((l) => (l.bit as number) >= 1024)?.lexeme;
    const f = await filtersFor(`${listed} OR ${rare[0]?.lexeme} -${common[3]?.lexeme}`);
    const plan = (
      await db().$queryRaw<{ "QUERY PLAN": string }[]>(
        Prisma.sql`EXPLAIN SELECT id, posted_at FROM jobs WHERE snapshot_id = ${snapshotId}
          ${filterSql({ ...f, wordsByBits: true })} ORDER BY posted_at DESC, id LIMIT 50`,
      )
    )
      .map((r) => r["QUERY PLAN"])
      .join("\n");
    expect(plan).toMatch(/Index Only Scan using jobs_s\d+_words_posted_idx/);
    expect(plan).toContain("more_words &&");
    expect(plan).toContain("hashed SubPlan");
    expect(plan).not.toContain("Sort");
  });

  it("reads a date listing with the bits alone, checked by operators: one country's, else every country's", async () => {
    const { common } = await lexemes();
    const q = `${common[2]?.lexeme} -${common[9]?.lexeme}`;
    const plan = async (country: string[] | null, wordsByBits: boolean) => {
      const f = await filtersFor(q, {
        ...(country ? { country: { code: country.join(","), countries: country } } : {}),
        remote: ["remote", "hybrid"],
      } as JobFilters);
      return (
        await db().$queryRaw<{ "QUERY PLAN": string }[]>(
          Prisma.sql`EXPLAIN SELECT id, posted_at FROM jobs WHERE snapshot_id = ${snapshotId}
            ${filterSql({ ...f, wordsByBits })} ORDER BY posted_at DESC, id LIMIT 50`,
        )
      )
        .map((r) => r["QUERY PLAN"])
        .join("\n");
    };
    expect(await plan(["DE"], false)).toContain("words_rule_out");
    for (const [country, index] of [
      [["DE"], "country_words"],
      [["DE", "FR", "ES"], "words_posted"],
      [null, "words_posted"],
    ] as const) {
      const byBits = await plan(country ? [...country] : null, true);
      expect({ country, byBits }).toEqual({
        country,
        byBits: expect.stringMatching(new RegExp(`Index Only Scan using jobs_s\\d+_${index}_idx`)),
      });
      expect(byBits).not.toContain("words_rule_out");
      expect(byBits).not.toContain("@@");
      expect(byBits).not.toContain("Sort");
    }
  });

  it("walks a region by its countries' listings merged by date when it wants many, with the pages and facets the words give", async () => {
    const { common } = await lexemes();
    for (const q of [common[2]?.lexeme, `${common[4]?.lexeme} -${common[60]?.lexeme}`]) {
      const f = await filtersFor(q as string, REGION);
      const walk = await forWalk(snapshotId, f, FACET_SAMPLE);
      expect(walk.wordsByBits).toBe(true);
      const where = (g: JobFilters) => Prisma.sql`snapshot_id = ${snapshotId} ${filterSql(g)}`;
      const walkSql = (g: JobFilters, limit: number, offset: number) =>
        newestFirstSql(Prisma.sql`id, posted_at`, where(g), g, limit, offset);
      for (const [limit, offset] of [
        [FACET_SAMPLE, 0],
        [MIN_WANTED_PER_COUNTRY, 20],
      ] as const) {
        const plan = (
          await db().$queryRaw<{ "QUERY PLAN": string }[]>(
            Prisma.sql`EXPLAIN ${walkSql(walk, limit, offset)}`,
          )
        )
          .map((r) => r["QUERY PLAN"])
          .join("\n");
        expect(plan).toContain("Merge Append");
        expect(plan).toMatch(/Index Only Scan using jobs_s\d+_country_words_idx/);
        expect(plan).not.toMatch(/words_posted_idx|-> {2}Sort|@@/);
        const ids = async (g: JobFilters) =>
          (await db().$queryRaw<{ id: string }[]>(walkSql(g, limit, offset))).map((r) => r.id);
        const byWords = await ids(f);
        expect(byWords.length).toBeGreaterThan(0);
        expect({ q, offset, ids: await ids(walk) }).toEqual({ q, offset, ids: byWords });
      }
      const facets = (wordBits: JobFilters["wordBits"]) => jobFacets({ filters: { ...f, wordBits } });
      const [byBits, byWordsFacets] = [await facets(f.wordBits), await facets(null)];
      expect(byBits.meta.counted).toBeGreaterThan(0);
      expect({ q, ...byBits }).toEqual({ q, ...byWordsFacets });
    }
  });

  it("decides a hyphenated word alone: a job matches it exactly when it holds every one of its lexemes", async () => {
    const words = ["full-time", "on-site", "hands-on", "mid-level", "on-call", "part-time", "two-week"];
    let decided = 0;
    for (const q of words) {
      const k = await resolveKeywords(q, snapshotId, false);
      if (!k.ok) throw new Error(JSON.stringify(k));
      if (!k.value.bits?.exact) continue;
      expect(k.value.bits.need.length).toBeGreaterThan(1);
      decided++;
      const f = { keywords: k.value.clauses, wordBits: k.value.bits };
      const ids = async (wordsByBits: boolean) =>
        (
          await db().$queryRaw<{ id: string }[]>(
            Prisma.sql`SELECT id FROM jobs WHERE snapshot_id = ${snapshotId} ${filterSql({ ...f, wordsByBits })} ORDER BY id`,
          )
        ).map((r) => r.id);
      const byWords = await ids(false);
      expect(byWords.length).toBeGreaterThan(0);
      expect({ q, ids: await ids(true) }).toEqual({ q, ids: byWords });
    }
    expect(decided).toBeGreaterThanOrEqual(3);
  });

  it("gives relevance pages whose other matches are those the words give, without reading words", async () => {
    const { common } = await lexemes();
    // Description words no title holds: a relevance page is then all "other matches".
    const titled = new Set(
      (
        await db().$queryRaw<{ word: string }[]>(
          Prisma.sql`SELECT word FROM ts_stat(${`SELECT words FROM job_titles WHERE snapshot_id = ${snapshotId}`})`,
        )
      ).map((r) => r.word),
    );
    const words = common.filter((l) => !titled.has(l.lexeme)).map((l) => l.lexeme);
    const cases: { q: string; f: JobFilters; offset: number; limit: number; ids: string[] }[] = [];
    for (const q of [words[0], `${words[3]} -${words[7]}`, `${words[5]} OR ${words[11]}`]) {
      // One country: its condition stays outside IS TRUE, for that country's listing.
      const country = { country: { code: "US", countries: ["US"] } } as JobFilters;
      for (const extra of [{}, { seniority: ["senior", "lead"] } as JobFilters, country, REGION]) {
        const f = await filtersFor(q as string, extra);
        for (const [offset, limit] of [
          [0, 21],
          [40, 11],
        ] as const) {
          expect((await forWalk(snapshotId, f, offset + limit)).wordsByBits).toBe(true);
          const ids = await relevanceIds({ ...f, wordBits: null }, offset, limit);
          cases.push({ q: q as string, f, offset, limit, ids });
        }
      }
    }
    expect(cases.filter((c) => c.ids.length > 0).length).toBeGreaterThanOrEqual(10);
    // With every job's words gone, only the bits can still find these pages.
    await db().$executeRaw`UPDATE jobs SET search = NULL WHERE snapshot_id = ${snapshotId}`;
    for (const c of cases)
      expect({ q: c.q, offset: c.offset, ids: await relevanceIds(c.f, c.offset, c.limit) }).toEqual({
        q: c.q,
        offset: c.offset,
        ids: c.ids,
      });
    expect(await relevanceIds({ ...cases[0]!.f, wordBits: null }, 0, 21)).toEqual([]);
  });
});

async function relevanceIds(f: JobFilters, offset: number, limit: number): Promise<string[]> {
  if (!f.keywords) throw new Error("no keywords");
  return (await relevanceRows(snapshotId, jobs, { ...f, keywords: f.keywords }, offset, limit)).map(
    (r) => r.id,
  );
}
