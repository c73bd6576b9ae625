// The embedded development database (PGlite behind the one-client gate): its session rules,
// the INSERT import path against the COPY one, and the API served from it with quotas on
// the database alone (no Redis).
import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { type AddressInfo, createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoJobs, demoSalaries } from "@/lib/catalog/demo/generate";
import { expireJobs } from "@/lib/catalog/import/expire-jobs";
import { importSnapshot } from "@/lib/catalog/import/load";
import { nearPageSql } from "@/lib/catalog/near-search";
import { pointAtDatabase } from "@/lib/core/env";
import { migrate } from "@/lib/core/migrate";
import { joinOrServe } from "@/lib/embedded/open";
import { type EmbeddedPostgres, startEmbeddedPostgres } from "@/lib/embedded/postgres";
import { createTestKey } from "./support/api-keys";
import { FIXTURE_JOBS, FIXTURE_SALARIES, numbered, type Rec } from "./support/fixtures";
import { request } from "./support/http";

let dataRoot: string;
let embedded: EmbeddedPostgres;

beforeAll(async () => {
  dataRoot = await mkdtemp(path.join(tmpdir(), "jsa-embedded-"));
  embedded = await startEmbeddedPostgres(dataRoot, "server");
  await migrate(embedded.url);
});

afterAll(async () => {
  await embedded?.close();
  await rm(dataRoot, { recursive: true, force: true });
});

async function connect(): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: embedded.url });
  await client.connect();
  return client;
}

const pending = <T>(p: Promise<T>, ms: number) =>
  Promise.race([p.then(() => false), new Promise<boolean>((r) => setTimeout(() => r(true), ms))]);

describe("the gate", () => {
  it("lets one client in at a time and hands the next a clean session", async () => {
    const a = await connect();
    await a.query("SET work_mem = '7MB'");
    await a.query("SELECT pg_advisory_lock(42)");
    await a.query("BEGIN");
    await a.query("CREATE TABLE gate_probe (n int)");
    const b = new pg.Client({ connectionString: embedded.url });
    const bConnected = b.connect();
    expect(await pending(bConnected, 400)).toBe(true); // waits while a holds the session
    a.end(); // leaves mid-transaction
    await bConnected;
    const { rows } = await b.query(
      `SELECT current_setting('work_mem') AS work_mem, to_regclass('gate_probe') AS probe,
              (SELECT count(*)::int FROM pg_locks WHERE locktype = 'advisory') AS locks`,
    );
    expect(rows[0]).toEqual({ work_mem: "4MB", probe: null, locks: 0 });
    await b.end();
  });

  it("refuses a second server on the same directory; a command joins the running one", async () => {
    await expect(startEmbeddedPostgres(dataRoot, "server")).rejects.toThrow(
      /in use by process \d+ \(a server on port/,
    );
    await expect(joinOrServe(dataRoot, "server")).rejects.toThrow(/in use by process/);
    const joined = await joinOrServe(dataRoot, "cli");
    expect(joined).toMatchObject({ url: embedded.url, owner: false });
  });
});

describe("a command and the directory's holder", () => {
  it("never joins another command (it would close the database under us): waits, then serves", async () => {
    const root = await mkdtemp(path.join(tmpdir(), "jsa-embedded-wait-"));
    const other = spawn("sleep", ["2"]);
    // The other command's port accepts connections: joining would be possible, and wrong.
    const listening = createServer().listen(0, "127.0.0.1");
    await once(listening, "listening");
    const port = (listening.address() as AddressInfo).port;
    await writeFile(path.join(root, "pglite.json"), JSON.stringify({ pid: other.pid, role: "cli", port }));
    const started = Date.now();
    const mine = await joinOrServe(root, "cli");
    try {
      expect(mine.owner).toBe(true);
      expect(mine.url).not.toContain(`:${port}/`);
      expect(Date.now() - started).toBeGreaterThanOrEqual(1_500);
    } finally {
      listening.close();
      await mine.close();
      await rm(root, { recursive: true, force: true });
    }
  });

  it("gives up on a server whose recorded port refuses, naming the file to delete", async () => {
    const root = await mkdtemp(path.join(tmpdir(), "jsa-embedded-refused-"));
    const other = spawn("sleep", ["30"]);
    try {
      await writeFile(
        path.join(root, "pglite.json"),
        JSON.stringify({ pid: other.pid, role: "server", port: 1 }),
      );
      await expect(joinOrServe(root, "cli")).rejects.toThrow(
        /in use by process \d+ \(a server on port 1\).*delete .*pglite\.json/,
      );
    } finally {
      other.kill();
      await rm(root, { recursive: true, force: true });
    }
  });
});

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
      // the date listing with the common-word bits and one country's, first sightings, expiries).
      const parent = await client.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_indexes WHERE tablename = 'jobs'`,
      );
      expect(parent.rows[0]!.n).toBe(15);
      expect(rows[0]!.n).toBe(parent.rows[0]!.n);
    } finally {
      await client.end();
    }
  });
});

describe("the API on the embedded database, quotas without Redis", () => {
  beforeAll(async () => {
    delete process.env.REDIS_URL;
    pointAtDatabase(embedded.url, true);
    await importSnapshot(embedded.url, {
      label: "fixture",
      jobs: numbered(FIXTURE_JOBS),
      salaries: numbered(FIXTURE_SALARIES),
    });
  });

  it("searches, reads a job and a salary, and counts each request", async () => {
    const { key } = await createTestKey({ tier: "free" });
    const search = await request("/v1/jobs?title=software%20engineer&country=DE", { key });
    expect(search.status).toBe(200);
    expect(((await search.json()) as { items: { id: string }[] }).items.map((j) => j.id)).toEqual([
      "de-2",
      "de-1",
    ]);
    expect(search.headers.get("x-ratelimit-remaining")).toBe("49");
    const detail = await request("/v1/jobs/de-1", { key });
    expect(detail.status).toBe(200);
    expect(detail.headers.get("x-ratelimit-remaining")).toBe("48");
    const salary = await request("/v1/salary?country=DE", { key });
    expect(salary.status).toBe(200);
    expect(await salary.json()).toMatchObject({ median: 60000, currency: "EUR" });
    expect(salary.headers.get("x-ratelimit-remaining")).toBe("47");
  });

  it("searches near a place, nearest first", async () => {
    const { key } = await createTestKey({ tier: "free" });
    const res = await request("/v1/jobs?near=Nuremberg&radius_km=400&sort=distance", { key });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { items: { id: string; distance_km: number }[] };
    expect(body.items.map((j) => [j.id, Math.round(j.distance_km)])).toEqual([
      ["de-2", 151],
      ["de-1", 378],
    ]);
  });

  it("refuses the 51st request of a free key's day exactly, from parallel requests", async () => {
    const { key } = await createTestKey({ tier: "free" });
    const statuses = await Promise.all(
      Array.from({ length: 60 }, () => request("/v1/jobs/de-2", { key }).then((r) => r.status)),
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(50);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
  });
});
