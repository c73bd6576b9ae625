// Importing into the embedded development database (PGlite): the INSERT path loads exactly what
// COPY loads into PostgreSQL, and searches, expiries and indexes on it come out the same.
import pg from "pg";
import { describe, expect, it } from "vitest";
import { demoJobs, demoSalaries } from "@/lib/catalog/demo/generate";
import { expireJobs } from "@/lib/catalog/import/expire-jobs";
import { importSnapshot } from "@/lib/catalog/import/load";
import { nearPageSql } from "@/lib/catalog/near-search";
import { connect, embedded, embeddedDatabase } from "./support/embedded-db";
import { numbered, type Rec } from "./support/fixtures";

embeddedDatabase();

// Everything but the snapshot id, in a fixed order and time zone: equal text means equal data.
const DIGESTS = {
  jobs: `SELECT md5(string_agg(row_to_json(j)::text, '|' ORDER BY j.id)) AS d FROM (SELECT id, title, title_id, company, apply_url, location, city,
    country_code, employment_type, salary_min, salary_max, salary_currency, salary_period, posted_at, description, latitude, longitude FROM jobs WHERE snapshot_id = $1) j`,
  copies: `SELECT md5(string_agg(concat_ws('|', id, duplicate_of, sketch), '#' ORDER BY id)) AS d FROM job_copies WHERE snapshot_id = $1`,
  served: `SELECT md5(string_agg(concat_ws('|', id, duplicates, sketch), '#' ORDER BY id)) AS d FROM jobs WHERE snapshot_id = $1`,
  places: `SELECT md5(string_agg(concat_ws('|', city_key, country_code, city, latitude, longitude, spread_km, jobs, complete), '#'
    ORDER BY city_key, country_code)) AS d FROM job_places WHERE snapshot_id = $1`,
  titles: `SELECT md5(string_agg(concat_ws('|', id, title, counts::text, terms), '#' ORDER BY id)) AS d FROM job_titles WHERE snapshot_id = $1`,
  // Each job's common words (bits and the list past them), and the vocabulary that numbered them.
  words: `SELECT md5(string_agg(concat_ws('|', id, common_words::text, more_words::text), '#' ORDER BY id)) AS d FROM jobs WHERE snapshot_id = $1`,
  vocabulary: `SELECT md5(string_agg(concat_ws('|', lexeme, bit, share), '#' ORDER BY bit)) AS d FROM common_words WHERE snapshot_id = $1`,
  salaries: `SELECT md5(string_agg(concat_ws('|', level, country_code, name_key, name, median, currency, period, sample_size, as_of), '#'
    ORDER BY level, country_code, name_key)) AS d FROM salary_snapshots WHERE snapshot_id = $1`,
};

async function digests(url: string, snapshotId: number) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("SET TimeZone = 'UTC'");
    const out: Record<string, string> = {};
    for (const [name, sql] of Object.entries(DIGESTS))
      out[name] = (await client.query<{ d: string }>(sql, [snapshotId])).rows[0]!.d;
    return out;
  } finally {
    await client.end();
  }
}

const demo = { jobs: 3_000, seed: 5, asOf: new Date("2026-11-21T00:00:00Z") };
const importDemoInto = (url: string, method?: "copy" | "insert") =>
  importSnapshot(url, {
    label: "same demo",
    jobs: numbered([...demoJobs(demo)] as Rec[]),
    salaries: numbered([...demoSalaries(demo)] as Rec[]),
    method,
  });

describe("importing into the embedded database", () => {
  // Three demo imports, one into the embedded database (WebAssembly): near the default timeout on a busy machine.
  it("loads with INSERTs exactly what COPY loads into PostgreSQL", async () => {
    const pgUrl = process.env.DATABASE_URL!;
    const byCopy = await importDemoInto(pgUrl, "copy");
    const byInsertOnPg = await importDemoInto(pgUrl, "insert");
    const onPglite = await importDemoInto(embedded.url); // chooses INSERT itself
    expect(byCopy.jobs).toBeGreaterThanOrEqual(2_990);
    expect(onPglite).toMatchObject({
      jobs: byCopy.jobs,
      salaries: byCopy.salaries,
      cleanedLinks: byCopy.cleanedLinks,
    });
    // Copies grouped alike too.
    const { ms: _, steps: __, ...grouped } = byCopy.duplicates;
    expect(onPglite.duplicates).toMatchObject(grouped);
    expect(grouped.copies).toBeGreaterThan(200);
    const reference = await digests(pgUrl, byCopy.snapshotId);
    expect(reference.jobs).toMatch(/^[0-9a-f]{32}$/);
    expect(await digests(pgUrl, byInsertOnPg.snapshotId)).toEqual(reference);
    expect(await digests(embedded.url, onPglite.snapshotId)).toEqual(reference);
  }, 90_000);

  it("answers a search near a place as PostgreSQL does", async () => {
    const near = async (url: string) => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        const { rows } = await client.query<{ snapshot_id: number }>("SELECT snapshot_id FROM catalog_live");
        const id = rows[0]!.snapshot_id;
        const filters = { near: { lat: 52.52, lng: 13.4, radiusKm: 300, label: "52.52,13.4" } };
        const sql = nearPageSql({ tsquery: null, filters, sort: "distance", limit: 60, offset: 0 }, id);
        const page = await client.query<{ id: string; distance: number }>(sql.text, sql.values);
        return page.rows.map((r) => `${r.id} ${r.distance.toFixed(6)}`);
      } finally {
        await client.end();
      }
    };
    const onPostgres = await near(process.env.DATABASE_URL!);
    expect(onPostgres).toHaveLength(60);
    expect(await near(embedded.url)).toEqual(onPostgres);
  });

  it("takes expired jobs out as PostgreSQL does, serving copies in their groups' place", async () => {
    const expire = async (url: string) => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        const { rows } = await client.query<{ snapshot_id: number }>("SELECT snapshot_id FROM catalog_live");
        const id = rows[0]!.snapshot_id;
        // The same served jobs and copies on both: by their ids' last characters.
        await client.query(`UPDATE jobs_s${id} SET expires_at = '2026-12-01T00:00:00Z' WHERE id ~ '[37]$'`);
        await client.query(
          `UPDATE job_copies_s${id} SET expires_at = '2026-12-01T00:00:00Z' WHERE id ~ '[12]-[ra]$'`,
        );
        const out = await expireJobs(client, { now: new Date("2026-12-02T00:00:00Z") });
        const { rows: kept } = await client.query(
          `SELECT job_count, country_counts::text AS countries, combo_counts::text AS combos,
             (SELECT md5(string_agg(concat_ws('|', id, search::text), '#' ORDER BY id)) FROM jobs WHERE snapshot_id = $1) AS words
           FROM catalog_snapshots WHERE id = $1`,
          [id],
        );
        return { out: { ...out, snapshotId: 0, ms: null, steps: null }, kept: kept[0], id };
      } finally {
        await client.end();
      }
    };
    // The embedded database lets one client in at a time: its digests after the one above.
    const expireAndDigest = async (url: string) => {
      const { id, ...done } = await expire(url);
      return { ...done, digests: await digests(url, id) };
    };
    const onPostgres = await expireAndDigest(process.env.DATABASE_URL!);
    expect(onPostgres.out).toMatchObject({ removed: expect.any(Number), revision: 1 });
    expect(onPostgres.out.removed).toBeGreaterThan(400);
    expect(onPostgres.out.promoted).toBeGreaterThan(20);
    expect(onPostgres.out.copies).toBeGreaterThan(20);
    expect(await expireAndDigest(embedded.url)).toEqual(onPostgres);
  });

  it("indexes the snapshot and swaps it in on the single connection", async () => {
    const client = await connect();
    try {
      const { rows } = await client.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_indexes WHERE tablename = 'jobs_s' || (SELECT snapshot_id FROM catalog_live WHERE id = 1)`,
      );
      // Every index of jobs (the primary key, four listing indexes, five for filters, the words,
      // the list of numbered words, the date listing with the common-word bits, one country's and
      // the combinations', first sightings, expiries).
      const parent = await client.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_indexes WHERE tablename = 'jobs'`,
      );
      expect(parent.rows[0]!.n).toBe(17);
      expect(rows[0]!.n).toBe(parent.rows[0]!.n);
    } finally {
      await client.end();
    }
  });
});
