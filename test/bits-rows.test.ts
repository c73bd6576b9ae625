// Statements that read jobs through a title's or the sort's listing, or by id (the changes feed),
// decide q by exact common-word bits without reading any job's words: they must keep exactly the
// jobs the words keep.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoJobs } from "@/lib/catalog/demo/generate";
import { COMMON_WORD_BITS, PHRASE_BASE } from "@/lib/catalog/keywords/common-words";
import { resolveKeywords } from "@/lib/catalog/keywords/resolve";
import { tsquerySql } from "@/lib/catalog/keywords/tsquery-sql";
import { titledWalkByBits } from "@/lib/catalog/keywords/walk-by-bits";
import { leadOf, titleStats } from "@/lib/catalog/lead";
import { liveSnapshot } from "@/lib/catalog/live";
import { nearLeadSql } from "@/lib/catalog/near-lead";
import { nearPageSql } from "@/lib/catalog/near-search";
import { changesCatalog } from "@/lib/catalog/queries";
import { searchJobs } from "@/lib/catalog/search";
import { titleToTsQuery } from "@/lib/catalog/tsquery";
import { db } from "@/lib/core/db";
import { Prisma } from "@/lib/generated/prisma/client";
import { loadCatalog, type Rec } from "./support/fixtures";

let snapshotId = 0;
let cursor = "";
let common: string[] = [];
/** A word numbered past the bits (in jobs' list of more words). */
let listed = "";
beforeAll(async () => {
  // A catalog before the demo's, so that the feed records the demo's jobs as added.
  await loadCatalog();
  const before = await changesCatalog(new URLSearchParams());
  if (!before.ok) throw new Error(JSON.stringify(before));
  cursor = before.value.page.meta.next;
  const demo = [...demoJobs({ jobs: 1_200, seed: 31, asOf: new Date("2026-11-22T00:00:00Z") })] as Rec[];
  snapshotId = (await loadCatalog(demo, null, "bits rows")).snapshotId;
  const rows = await db().$queryRaw<{ lexeme: string; bit: number }[]>(
    Prisma.sql`SELECT lexeme, bit FROM common_words WHERE snapshot_id = ${snapshotId} AND lexeme ~ '^[a-z]{4,}$'
      ORDER BY share DESC, lexeme`,
  );
  common = rows.map((r) => r.lexeme);
  listed = rows.find((r) => r.bit >= COMMON_WORD_BITS && r.bit < PHRASE_BASE)?.lexeme ?? "";
}, 120_000);
afterAll(async () => {
  await loadCatalog();
});

async function keywords(q: string, exact = true) {
  const k = await resolveKeywords(q, snapshotId, false);
  if (!k.ok) throw new Error(JSON.stringify(k));
  expect({ q, exact: k.value.bits?.exact }).toEqual({ q, exact });
  return { keywords: k.value.clauses, wordBits: k.value.bits };
}

/** Jobs whose title matches and whose words match q, newest first: what the words keep. */
async function byWords(title: string, q: Awaited<ReturnType<typeof keywords>>) {
  const rows = await db().$queryRaw<{ id: string }[]>(
    Prisma.sql`SELECT j.id FROM jobs j JOIN job_titles t ON t.snapshot_id = j.snapshot_id AND t.id = j.title_id
      WHERE j.snapshot_id = ${snapshotId} AND t.search @@ to_tsquery('simple', ${titleToTsQuery(title)})
        AND j.search @@ ${tsquerySql(q.keywords)}
      ORDER BY j.posted_at DESC, j.id`,
  );
  return rows.map((r) => r.id);
}

// A word, an exclusion, a set, a word of the list, a numbered phrase.
const queries = () => [
  common[3] as string,
  `${common[2]} -${common[12]}`,
  `${common[40]} OR ${common[60]} -${common[7]}`,
  `${common[5]} ${listed}`,
  `"data engineer" -${common[9]}`,
];

describe("q decided by the bits on a listing's rows", () => {
  it("gives a titled search's page and total as the words do", async () => {
    // "nurse" has few titles (each title's listing leads); "engineer" many (the date listing
    // leads, its walk expected short: the bits decide both).
    const live = await liveSnapshot();
    if (!live) throw new Error("no live catalog");
    expect(await leadOf(live, {}, titleToTsQuery("nurse"), "date")).toBe("title");
    expect(await leadOf(live, {}, titleToTsQuery("engineer"), "date")).toBe("order");
    expect(listed).not.toBe("");
    const broad = await titleStats(live.id, titleToTsQuery("engineer") as string, "*");
    expect(await titledWalkByBits(live.id, await keywords(common[3] as string), broad.jobs, 51)).toBe(true);
    const phrase = await keywords('"data engineer"');
    expect(phrase.wordBits?.listed.length).toBe(1);
    const matches: Record<string, number[]> = {};
    for (const title of ["nurse", "engineer"]) {
      for (const q of queries()) {
        const k = await keywords(q);
        const expected = await byWords(title, k);
        const found = await searchJobs({ title, page: 1, perPage: 50, filters: k, sort: "date" });
        expect({ title, q, ids: found.items.map((j) => j.id) }).toEqual({
          title,
          q,
          ids: expected.slice(0, 50),
        });
        if (found.totalExact)
          expect({ title, q, total: found.total }).toEqual({ title, q, total: expected.length });
        matches[title] = [...(matches[title] ?? []), expected.length];
      }
    }
    // Matches for each title, and more than a page for the broad one.
    expect(Math.max(...(matches.nurse ?? []))).toBeGreaterThan(0);
    expect(Math.max(...(matches.engineer ?? []))).toBeGreaterThan(50);
  });

  it("gives a titled search near a place as the words do, walking the titles or the places", async () => {
    // The places' walk reads the words; the titles' walk (a bounded number of each title's
    // rows) lets the bits decide.
    const [place] = await db().$queryRaw<{ lat: number; lng: number }[]>(
      Prisma.sql`SELECT latitude AS lat, longitude AS lng FROM job_places
        WHERE snapshot_id = ${snapshotId} AND spread_km = 0 AND complete ORDER BY jobs DESC, city_key LIMIT 1`,
    );
    if (!place) throw new Error("no place");
    const near = { lat: place.lat, lng: place.lng, radiusKm: 500, label: "the busiest place" };
    // The titles' walk gives each row its place's distance: only taken when every place is fast.
    const [reach] = await db().$queryRaw<{ fast: boolean }[]>(
      nearLeadSql({ near }, titleToTsQuery("engineer") as string, snapshotId),
    );
    expect(reach?.fast).toBe(true);
    let found = 0;
    for (const q of queries()) {
      const filters = { ...(await keywords(q)), near };
      const ids: Record<string, string[]> = {};
      for (const lead of ["title", "filter"] as const) {
        const input = {
          tsquery: titleToTsQuery("engineer"),
          filters,
          sort: "date" as const,
          limit: 500,
          offset: 0,
          lead,
        };
        const sql = nearPageSql(input, snapshotId);
        // A common word alone: the bits decide it (a rare word in a set would need its jobs read).
        if (lead === "title" && q === common[3]) expect(wordReads(sql)).toBe(0);
        ids[lead] = (await db().$queryRaw<{ id: string }[]>(sql)).map((r) => r.id);
      }
      expect({ q, ids: ids.title }).toEqual({ q, ids: ids.filter });
      found += ids.title?.length ?? 0;
    }
    expect(found).toBeGreaterThan(0);
  });

  it("gives a keyword search by relevance (q alone) the jobs the words give", async () => {
    // Titles holding every word come first, read through their listings: only the exclusions
    // are checked there, by the bits where they can decide, also when the rest of q (a word
    // without a number) cannot be.
    // A title word without a number (the stemmer leaves it as it is), and a common word some of
    // its jobs lack: the titled tier has q's words from the title and the exclusion by bits.
    const [rare] = await db().$queryRaw<{ word: string; without: string }[]>(
      Prisma.sql`SELECT s.word, w.lexeme AS without
        FROM ts_stat(${`SELECT words FROM job_titles WHERE snapshot_id = ${snapshotId}`}) s
        CROSS JOIN LATERAL (
          SELECT cw.lexeme FROM common_words cw WHERE cw.snapshot_id = ${snapshotId} AND cw.lexeme ~ '^[a-z]{4,}$'
            AND EXISTS (SELECT 1 FROM jobs j WHERE j.snapshot_id = ${snapshotId}
              AND j.search @@ to_tsquery('simple', s.word) AND NOT j.search @@ to_tsquery('simple', cw.lexeme))
          ORDER BY cw.share DESC, cw.lexeme LIMIT 1
        ) w
        WHERE s.word ~ '^[a-z]{5,}$' AND to_tsvector('jobs_english'::regconfig, s.word) = to_tsvector('simple', s.word)
          AND s.word NOT IN (SELECT lexeme FROM common_words WHERE snapshot_id = ${snapshotId})
        ORDER BY s.ndoc DESC, s.word LIMIT 1`,
    );
    if (!rare) throw new Error("no title word without a number");
    const mixed = `${rare.word} -${rare.without}`;
    const k = await keywords(mixed, false);
    expect(k.wordBits?.exclusionsExact).toBe(true);
    for (const q of [...queries(), mixed]) {
      const k = await keywords(q, q !== mixed);
      const rows = await db().$queryRaw<{ id: string }[]>(
        Prisma.sql`SELECT id FROM jobs WHERE snapshot_id = ${snapshotId} AND search @@ ${tsquerySql(k.keywords)}`,
      );
      const expected = rows.map((r) => r.id).sort();
      if (q === mixed) expect(expected.length).toBeGreaterThan(0);
      const ids: string[] = [];
      for (let page = 1; page <= 10; page++) {
        const found = await searchJobs({ page, perPage: 100, filters: k, sort: "relevance" });
        ids.push(...found.items.map((j) => j.id));
        if (found.items.length < 100) break;
      }
      expect({ q, unique: new Set(ids).size }).toEqual({ q, unique: ids.length });
      if (expected.length <= 1_000) expect({ q, ids: ids.sort() }).toEqual({ q, ids: expected });
      else
        expect({ q, outside: ids.filter((id) => !expected.includes(id)), n: ids.length }).toEqual({
          q,
          outside: [],
          n: 1_000,
        });
    }
  });

  it("gives the changes feed's matches as the words do", async () => {
    const all = await feed("");
    expect(all.size).toBeGreaterThan(1_000);
    for (const q of queries()) {
      const k = await keywords(q);
      const rows = await db().$queryRaw<{ id: string }[]>(
        Prisma.sql`SELECT id FROM jobs WHERE snapshot_id = ${snapshotId} AND search @@ ${tsquerySql(k.keywords)}`,
      );
      const matching = new Set(rows.map((r) => r.id).filter((id) => all.has(id)));
      expect({ q, ids: [...(await feed(q))].sort() }).toEqual({ q, ids: [...matching].sort() });
    }
  });
});

/** How many times a statement reads jobs' words: every `search @@` but the titles' own. */
const wordReads = (sql: { sql: string }) =>
  (sql.sql.match(/search @@/g) ?? []).length - (sql.sql.match(/t\.search @@/g) ?? []).length;

/** The ids of the jobs the feed added or changed since the cursor taken before the import. */
async function feed(q: string): Promise<Set<string>> {
  const ids = new Set<string>();
  let since = cursor;
  for (let i = 0; i < 20; i++) {
    const params = new URLSearchParams({ since, per_page: "1000" });
    if (q) params.set("q", q);
    const page = await changesCatalog(params);
    if (!page.ok) throw new Error(JSON.stringify(page));
    const { items, meta } = page.value.page;
    for (const c of items) if (c.change === "added" || c.change === "changed") ids.add(c.id);
    if (!meta.has_more) return ids;
    since = meta.next;
  }
  throw new Error("the feed did not end");
}
