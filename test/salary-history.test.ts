// Percentiles beside the median, and the pay history kept across real imports
// (GET /v1/salary, GET /v1/salary/history), through the JSON Lines and CSV importers.
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importSnapshot } from "@/lib/catalog/import/load";
import { readFile } from "@/lib/catalog/import/read";
import { SALARY_COLUMNS } from "@/lib/catalog/import/records";
import { SalaryHistoryResponseSchema } from "@/lib/catalog/salary-schemas";
import { FIXTURE_JOBS, loadCatalog, numbered, type Rec } from "./support/fixtures";
import { getJson, request } from "./support/http";
import { rejection, snapshotState } from "./support/import-checks";

let dir: string;
let client: pg.Client;

const de = (as_of: string, median: number, extra: Rec = {}): Rec => ({
  level: "country",
  country: "DE",
  median,
  currency: "EUR",
  sample_size: 900,
  as_of,
  ...extra,
});
const berlin = (as_of: string, median: number, extra: Rec = {}): Rec => ({
  ...de(as_of, median, extra),
  level: "city",
  city: "Berlin",
  sample_size: 200,
});

/** One real import of the fixture jobs with these salary rows (none: carried over). */
async function importSalaries(label: string, rows: Rec[] | undefined, format: "jsonl" | "csv" = "jsonl") {
  if (!rows) return loadCatalog(FIXTURE_JOBS, null, label);
  const file = path.join(dir, `${label}.${format}`);
  const text =
    format === "jsonl"
      ? rows.map((r) => JSON.stringify(r)).join("\n")
      : [
          SALARY_COLUMNS.join(","),
          ...rows.map((r) => SALARY_COLUMNS.map((c) => (r[c] === undefined ? "" : String(r[c]))).join(",")),
        ].join("\n");
  await writeFile(file, text);
  return importSnapshot(process.env.DATABASE_URL!, {
    label,
    jobs: numbered(FIXTURE_JOBS),
    salaries: readFile(file, SALARY_COLUMNS),
  });
}

const history = async (query: string) => {
  const { status, body } = await getJson(`/v1/salary/history?${query}`);
  expect(status).toBe(200);
  return SalaryHistoryResponseSchema.parse(body);
};

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "salary-history-"));
  client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  // Earlier files' imports recorded their own points; this file starts from none.
  await client.query("DELETE FROM salary_history");
});
afterAll(async () => {
  try {
    await loadCatalog(); // the fixture catalog, as the other files expect it
    await client.end();
  } finally {
    if (dir) await rm(dir, { recursive: true, force: true });
  }
});

describe("percentiles in the salary snapshot", () => {
  it("are served from a CSV snapshot when present, and left out when the source has none", async () => {
    await importSalaries(
      "percentiles-csv",
      [
        de("2026-09-01", 60000, { p10: 38000, p25: 48000, p75: 74000, p90: 95000 }),
        berlin("2026-09-01", 65000, { p25: 52000 }),
      ],
      "csv",
    );
    const country = await getJson("/v1/salary?country=DE");
    expect(country.body).toMatchObject({ median: 60000, p10: 38000, p25: 48000, p75: 74000, p90: 95000 });
    const city = await getJson("/v1/salary?title=Berlin");
    expect(city.body).toMatchObject({ median: 65000, p25: 52000 });
    // Absent, not null or guessed.
    for (const p of ["p10", "p75", "p90"]) expect(city.body).not.toHaveProperty(p);
  });

  it("refuses percentiles out of order, naming the line and field, and changes nothing", async () => {
    const before = await snapshotState(client);
    const err = await rejection(
      importSalaries("percentiles-disorder", [
        de("2026-09-15", 60000, { p10: 38000, p25: 48000 }),
        de("2026-09-15", 60000, { p25: 61000 }),
      ]),
    );
    expect(err.problems).toEqual([
      expect.objectContaining({
        line: 2,
        message: expect.stringMatching(/p25: must not be below p10|median: must not be below p25/),
      }),
    ]);
    expect(await snapshotState(client)).toEqual(before);
    const { rows } = await client.query(
      "SELECT count(*)::int AS n FROM salary_history WHERE as_of = '2026-09-15'",
    );
    expect(rows[0].n).toBe(0);
  });
});

describe("GET /v1/salary/history", () => {
  it("returns one point per snapshot date across three real imports, oldest first", async () => {
    await importSalaries("history-oct", [
      de("2026-10-01", 61000, { p10: 39000, p90: 96000 }),
      berlin("2026-10-01", 66000),
    ]);
    await importSalaries("history-nov", [de("2026-11-01", 62000), berlin("2026-11-01", 67000)], "csv");
    const body = await history("country=DE");
    expect(body).toMatchObject({
      matched_on: "country",
      level: "country",
      location: "Germany",
      country: "DE",
    });
    expect(body.points).toEqual([
      {
        median: 60000,
        p10: 38000,
        p25: 48000,
        p75: 74000,
        p90: 95000,
        currency: "EUR",
        period: "year",
        sample_size: 900,
        as_of: "2026-09-01",
      },
      {
        median: 61000,
        p10: 39000,
        p90: 96000,
        currency: "EUR",
        period: "year",
        sample_size: 900,
        as_of: "2026-10-01",
      },
      { median: 62000, currency: "EUR", period: "year", sample_size: 900, as_of: "2026-11-01" },
    ]);
    const city = await history("title=berlin");
    expect(city).toMatchObject({ matched_on: "title_as_location", level: "city", location: "Berlin" });
    expect(city.points.map((p) => [p.as_of, p.median])).toEqual([
      ["2026-09-01", 65000],
      ["2026-10-01", 66000],
      ["2026-11-01", 67000],
    ]);
  });

  it("keeps a point after its snapshot is retired, adds none when an import carries salaries over", async () => {
    await importSalaries("carried-1", undefined);
    await importSalaries("carried-2", undefined);
    const { rows } = await client.query("SELECT count(*)::int AS n FROM catalog_snapshots");
    expect(rows[0].n).toBeLessThanOrEqual(2); // the September snapshot is gone
    expect((await history("country=DE")).points.map((p) => p.as_of)).toEqual([
      "2026-09-01",
      "2026-10-01",
      "2026-11-01",
    ]);
  });

  it("replaces a date's point when a later import brings the same as_of", async () => {
    await importSalaries("history-nov-corrected", [de("2026-11-01", 62500, { p25: 50000 })]);
    const points = (await history("country=DE")).points;
    expect(points).toHaveLength(3);
    expect(points.at(-1)).toEqual({
      median: 62500,
      p25: 50000,
      currency: "EUR",
      period: "year",
      sample_size: 900,
      as_of: "2026-11-01",
    });
  });

  it("drops points older than 36 months before the newest date", async () => {
    // Newest is 2026-11-01: 2023-11-05 is within the window, 2023-10-31 is not.
    await importSalaries("history-old", [de("2023-11-05", 50000)]);
    await importSalaries("history-older", [de("2023-10-31", 49000)]);
    expect((await history("country=DE")).points.slice(0, 2).map((p) => p.as_of)).toEqual([
      "2023-11-05",
      "2026-09-01",
    ]);
    // A newer date moves the window past 2023-11-05.
    await importSalaries("history-late-nov", [de("2026-11-20", 63000)]);
    const dates = (await history("country=DE")).points.map((p) => p.as_of);
    expect(dates[0]).toBe("2026-09-01");
    expect(dates.at(-1)).toBe("2026-11-20");
  });

  it("refuses a snapshot dated later than tomorrow, which would sit at the end of every series", async () => {
    const ahead = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    const err = await rejection(importSalaries("history-typo", [de(ahead, 64000)]));
    expect(err.problems[0]?.message).toMatch(/as_of: must not be later than tomorrow/);
    expect((await history("country=DE")).points.at(-1)?.as_of).toBe("2026-11-20");
  });

  it("resolves a city name several countries share to the one /v1/salary answers for", async () => {
    const cambridge = (country: string, currency: string, sample_size: number, as_of: string) => ({
      level: "city",
      country,
      city: "Cambridge",
      median: 50000,
      currency,
      sample_size,
      as_of,
    });
    // An earlier import dated later, of the US one only; then the live one with both.
    await importSalaries("cambridge-us", [cambridge("US", "USD", 150, "2026-11-10")]);
    await importSalaries("cambridge-both", [
      cambridge("GB", "GBP", 200, "2026-11-05"),
      cambridge("US", "USD", 150, "2026-11-05"),
    ]);
    expect((await getJson("/v1/salary?title=Cambridge")).body).toMatchObject({ country: "GB" });
    expect(await history("title=Cambridge")).toMatchObject({ country: "GB", location: "Cambridge" });
    expect(await history("title=Cambridge,%20US")).toMatchObject({ country: "US" });
  });

  it("is a 404 for a place with no history and a 400 without country or title, like /v1/salary", async () => {
    const missing = await getJson("/v1/salary/history?title=Atlantis");
    expect(missing.status).toBe(404);
    expect(missing.body.error).toMatchObject({ code: "not_found" });
    const bare = await getJson("/v1/salary/history");
    expect(bare.status).toBe(400);
    expect(bare.body.error).toMatchObject({ code: "invalid_parameter", param: "country" });
    const bad = await getJson("/v1/salary/history?country=XX");
    expect(bad.status).toBe(400);
  });

  it("carries the rate-limit headers and an ETag, and answers a match with an empty 304", async () => {
    const first = await request("/v1/salary/history?country=DE");
    expect(first.status).toBe(200);
    expect(first.headers.get("x-ratelimit-remaining")).toMatch(/^\d+$/);
    const etag = first.headers.get("etag")!;
    expect(etag).toMatch(/^W\//);
    const again = await request("/v1/salary/history?country=DE", { headers: { "If-None-Match": etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
  });
});
