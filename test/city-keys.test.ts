// A city filter reads a four-byte key of the city's name and country. Two names of one country
// can share a key: the import records such keys, and a filter on one of them rechecks the name
// on every row it reads, so totals, facets and keyword pages count that city's jobs alone.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withSharedCity } from "@/lib/catalog/shared-keys";
import { cityHash } from "@/lib/catalog/text-hash";
import { countsFinished } from "@/lib/catalog/totals";
import { whileCatalogLocked } from "./support/catalog-lock";
import { job, loadCatalog, type Rec } from "./support/fixtures";
import { getJson } from "./support/http";
import { search, settled } from "./support/search";

// Found by search: two names of Nigeria with one key.
const ONE = "Twin 16pwu";
const OTHER = "Twin 1d5fa";
const SHARED = cityHash(ONE, "NG");

const at = (city: string, n: number, title: string): Rec[] =>
  Array.from({ length: n }, (_, i) =>
    job(`${city.replace(/\s/g, "-")}-${title}-${i}`, title, "NG", 1 + i, {
      city,
      // Each its own opening, so none is a copy of another.
      description: `Opening ${city} ${title} ${i}: roses and hedges.`,
    }),
  );

const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
let snapshotId: number;

beforeAll(async () => {
  const jobs = [
    ...at(ONE, 2, "Gardener"),
    ...at(ONE, 1, "Plumber"),
    ...at(OTHER, 2, "Gardener"),
    ...at("Lagos", 2, "Gardener"),
    // One city written two ways: a key whose names differ only in case is not shared.
    job("lagos-caps", "Gardener", "NG", 4, { city: "LAGOS" }),
    // Written decomposed (u + combining diaeresis), as some feeds write it.
    job("munich-nfd", "Gardener", "DE", 3, { city: "Mu\u0308nchen" }),
  ];
  snapshotId = (await loadCatalog(jobs, null, "city-keys")).snapshotId;
  await client.connect();
}, 60_000);

afterAll(() => client.end());

describe("a city whose key another city's name shares", () => {
  it("is recorded by the import, and no other key is", async () => {
    expect(cityHash(OTHER, "NG")).toBe(SHARED);
    const { rows } = await client.query(
      "SELECT shared_city_keys AS keys FROM catalog_snapshots WHERE id = $1",
      [snapshotId],
    );
    expect(rows[0].keys).toEqual([SHARED]);
  });

  it("counts only its own jobs, one page at a time, with a title, and by keyword", async () => {
    const city = encodeURIComponent(`${ONE}, NG`);
    const paged = await settled(`city=${city}&per_page=1`);
    expect(paged.meta).toMatchObject({ total: 3, total_exact: true, total_pages: 3 });
    expect(paged.items.map((j) => j.city)).toEqual([ONE]);
    expect(
      (await settled(`city=${encodeURIComponent(`${OTHER}, NG`)}&title=gardener&per_page=1`)).meta,
    ).toMatchObject({
      total: 2,
      total_exact: true,
    });
    // By relevance, a keyword page reads its matches by their words: never the other city's.
    const words = await settled(`q=roses&city=${city}`);
    expect(words.meta).toMatchObject({ total: 3, total_exact: true });
    expect(words.items.map((j) => j.city)).toEqual([ONE, ONE, ONE]);
  });

  it("gives facets of its own jobs", async () => {
    const { status, body } = await getJson(`/v1/jobs/facets?city=${encodeURIComponent(`${ONE}, NG`)}`);
    expect(status).toBe(200);
    expect(body.meta).toEqual({ total: 3, total_exact: true, counted: 3, exact: true });
    expect(body.countries).toEqual([{ value: "NG", count: 3 }]);
  });

  it("leaves a city whose key no other name shares to its key alone", async () => {
    const lagos = { name: "Lagos", key: cityHash("Lagos", "NG") };
    expect((await withSharedCity({ city: lagos }, snapshotId)).city).toEqual(lagos);
    expect((await withSharedCity({ city: { name: ONE, key: SHARED } }, snapshotId)).city).toEqual({
      name: ONE,
      key: SHARED,
      shared: true,
    });
    expect((await search("city=Lagos,%20NG&per_page=1")).meta).toMatchObject({ total: 3, total_exact: true });
  });

  it("finds a city stored decomposed by its usual composed spelling, counted as its pages show it", async () => {
    const found = await settled(`city=${encodeURIComponent("M\u00fcnchen, DE")}`);
    expect(found.meta).toMatchObject({ total: 1, total_exact: true });
    expect(found.items.map((j) => [j.id, j.city])).toEqual([["munich-nfd", "M\u00fcnchen"]]);
    // Asked decomposed too: the filter's name is composed like the stored one.
    expect((await settled(`city=${encodeURIComponent("Mu\u0308nchen, DE")}`)).meta).toMatchObject({
      total: 1,
      total_exact: true,
    });
  });

  it("knows its total from a page's rows when its count runs out of time: the name is checked before the LIMIT", async () => {
    const query = `title=gardener&city=${encodeURIComponent(`${ONE}, NG`)}&per_page=10`;
    const page = await whileCatalogLocked(() => search(query), 800);
    expect(page.items.map((j) => j.city)).toEqual([ONE, ONE]);
    expect(page.meta).toMatchObject({ total: 2, total_exact: true });
    await countsFinished();
  });
});

describe("a city no job names, whose key another city's jobs hold", () => {
  beforeAll(async () => {
    // Only OTHER's jobs: the import records no shared key, since its names share none.
    snapshotId = (await loadCatalog(at(OTHER, 2, "Gardener"), null, "city-keys alone")).snapshotId;
  }, 60_000);

  it("matches no job, by date, by keyword relevance, in totals and in facets", async () => {
    const city = encodeURIComponent(`${ONE}, NG`);
    for (const query of [`city=${city}`, `q=roses&city=${city}`, `q=roses&city=${city}&sort=date`]) {
      const page = await settled(query);
      expect({ query, items: page.items.length, total: page.meta.total }).toEqual({
        query,
        items: 0,
        total: 0,
      });
    }
    const facets = (await getJson(`/v1/jobs/facets?city=${city}`)).body;
    expect(facets.meta).toMatchObject({ total: 0, counted: 0 });
    // The city those jobs do name still finds them.
    expect((await settled(`q=roses&city=${encodeURIComponent(`${OTHER}, NG`)}`)).meta.total).toBe(2);
  });
});
