// The importer against a real Postgres: formats, rejection with line numbers, atomic swap.
import { execFile } from "node:child_process";
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resolveCountryFilter } from "@/lib/catalog/countries";
import { demoJobs } from "@/lib/catalog/demo/generate";
import { ImportError, importSnapshot } from "@/lib/catalog/import/load";
import { readFile } from "@/lib/catalog/import/read";
import { JOB_COLUMNS, SALARY_COLUMNS } from "@/lib/catalog/import/records";
import { invalidateLiveSnapshot } from "@/lib/catalog/live";
import { searchJobs } from "@/lib/catalog/search";
import { FIXTURE_JOBS, job, loadCatalog, numbered, type Rec } from "./fixtures";
import { getJson, request } from "./http";

let dir: string;
let client: pg.Client;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "import-test-"));
  client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  await loadCatalog();
});
afterAll(() => client.end());

async function state() {
  const live = await client.query("SELECT snapshot_id FROM catalog_live");
  const parts = await client.query(
    `SELECT c.relname FROM pg_class c WHERE c.relname ~ '^jobs_s[0-9]+$' ORDER BY 1`,
  );
  const count = await client.query(
    "SELECT count(*)::int AS n FROM jobs WHERE snapshot_id = (SELECT snapshot_id FROM catalog_live)",
  );
  return {
    live: live.rows[0]?.snapshot_id as number,
    tables: parts.rows.map((r) => r.relname as string),
    jobs: count.rows[0].n as number,
  };
}

async function importFile(name: string, content: string, salaries?: { name: string; content: string }) {
  const file = path.join(dir, name);
  await writeFile(file, content);
  let salaryFile: string | undefined;
  if (salaries) {
    salaryFile = path.join(dir, salaries.name);
    await writeFile(salaryFile, salaries.content);
  }
  return importSnapshot(process.env.DATABASE_URL!, {
    label: name,
    jobs: readFile(file, JOB_COLUMNS),
    salaries: salaryFile ? readFile(salaryFile, SALARY_COLUMNS) : undefined,
    reread: () => readFile(file, JOB_COLUMNS),
  });
}

const jsonl = (rows: Rec[]) => rows.map((r) => JSON.stringify(r)).join("\n");
const CSV_HEADER =
  "id,title,company,apply_url,country,city,posted_at,salary_min,salary_max,salary_currency,salary_period,description";

async function rejection(promise: Promise<unknown>): Promise<ImportError> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof ImportError) return err;
    throw err;
  }
  throw new Error("import was not rejected");
}

describe("catalog import", () => {
  it("loads JSON Lines and CSV files, with salaries, and swaps them in", async () => {
    const csv = [
      CSV_HEADER,
      'c-1,"Welder, Night Shift",Forge Ltd,https://forge.example.com/apply,GB,Leeds,2026-11-01,30000,35000,GBP,year,"Line one\nline two, with ""quotes"""',
      "c-2,Baker,Crumb GmbH,,deu,,2026-11-02T08:00:00Z,,,,,",
    ].join("\n");
    const result = await importFile("jobs.csv", csv, {
      name: "s.csv",
      content:
        "level,country,city,median,currency,period,sample_size,as_of\ncountry,GB,,40000,GBP,year,10,2026-11-01\n",
    });
    expect(result).toMatchObject({ jobs: 2, salaries: 1 });
    expect((await state()).live).toBe(result.snapshotId);
    const { body } = await getJson("/v1/jobs/c-1");
    expect(body).toMatchObject({
      title: "Welder, Night Shift",
      location: "Leeds, United Kingdom",
      salary_min: 30000,
      description: 'Line one\nline two, with "quotes"',
    });
    expect((await getJson("/v1/jobs/c-2")).body).toMatchObject({
      country: "DE",
      location: "Germany",
      apply_url: "",
    });
    expect((await getJson("/v1/salary?country=GB")).body.median).toBe(40000);

    const again = await importFile("jobs.jsonl", jsonl(FIXTURE_JOBS.slice(0, 3)));
    expect(again).toMatchObject({ jobs: 3, salaries: 1 }); // salaries carried over from the live snapshot
    expect((await getJson("/v1/salary?country=GB")).body.median).toBe(40000);
    expect((await getJson("/v1/jobs/c-1")).status).toBe(404);
  });

  it.each([
    [
      "unknown column (JSON Lines)",
      "bad.jsonl",
      `${JSON.stringify(job("a", "A", "DE", 1))}\n${JSON.stringify({ ...job("b", "B", "DE", 1), colour: "red" })}`,
      2,
      /unknown column "colour"/,
    ],
    [
      "unknown column (CSV header)",
      "bad.csv",
      "id,title,company,country,posted_at,colour\na,A,C,DE,2026-11-01,red",
      1,
      /unknown column "colour"/,
    ],
    [
      "broken JSON line",
      "bad.jsonl",
      `${JSON.stringify(job("a", "A", "DE", 1))}\n\n{"id": "b", "title": `,
      3,
      /not valid JSON/,
    ],
    [
      "broken CSV row",
      "bad.csv",
      "id,title,company,country,posted_at\na,A,C,DE,2026-11-01\nb,B,C,DE",
      3,
      /columns length is 5, got 4$/,
    ],
    [
      "duplicate id",
      "bad.jsonl",
      [job("a", "A", "DE", 1), job("b", "B", "DE", 1), job("a", "C", "DE", 1)]
        .map((r) => JSON.stringify(r))
        .join("\n"),
      3,
      /id: "a" appears twice \(first on line 1\)/,
    ],
    [
      "missing title",
      "bad.jsonl",
      `${JSON.stringify(job("a", "A", "DE", 1))}\n${JSON.stringify({ ...job("b", "B", "DE", 1), title: "" })}`,
      2,
      /title: is required/,
    ],
    ["bad country", "bad.jsonl", JSON.stringify(job("a", "A", "XX", 1)), 1, /country: "XX" is not an ISO/],
    [
      "bad date",
      "bad.jsonl",
      JSON.stringify({ ...job("a", "A", "DE", 1), posted_at: "yesterday" }),
      1,
      /posted_at/,
    ],
    [
      "salary without currency",
      "bad.jsonl",
      JSON.stringify({ ...job("a", "A", "DE", 1), salary_min: 5 }),
      1,
      /salary_currency/,
    ],
  ])(
    "rejects a file with %s, naming the line, and leaves the live snapshot alone",
    async (_, name, content, line, message) => {
      const before = await state();
      const err = await rejection(importFile(name, content));
      expect(err.problems[0]).toMatchObject({ line });
      expect(err.problems[0]!.message).toMatch(message);
      expect(err.message).toMatch(new RegExp(`line ${line}: `));
      const after = await state();
      expect(after).toEqual(before);
    },
  );

  it("rejects a bad salary file the same way", async () => {
    const before = await state();
    const err = await rejection(
      importFile("ok.jsonl", jsonl([job("a", "A", "DE", 1)]), {
        name: "s.jsonl",
        content:
          '{"level":"city","country":"DE","median":1,"currency":"EUR","sample_size":1,"as_of":"2026-11-01"}',
      }),
    );
    expect(err.problems[0]).toMatchObject({
      line: 1,
      message: "salaries: city: is required when level is city",
    });
    expect(await state()).toEqual(before);
  });

  it("keeps the live and the previous snapshot and drops older ones", async () => {
    await loadCatalog();
    await loadCatalog();
    const { tables, live } = await state();
    expect(tables).toHaveLength(2);
    expect(tables).toContain(`jobs_s${live}`);
    const snapshots = await client.query("SELECT status FROM catalog_snapshots ORDER BY id");
    expect(snapshots.rows.map((r) => r.status)).toEqual(["retired", "live"]);
  });

  it("keeps an ETag when a re-import leaves the response unchanged, and changes it otherwise", async () => {
    const before = (await request("/v1/jobs?country=DE")).headers.get("etag");
    await loadCatalog();
    expect((await request("/v1/jobs?country=DE")).headers.get("etag")).toBe(before);
    await loadCatalog(
      FIXTURE_JOBS.map((j) => (j.id === "de-2" ? { ...j, title: "Software Engineer II" } : j)),
    );
    expect((await request("/v1/jobs?country=DE")).headers.get("etag")).not.toBe(before);
  });

  it("serves readers the old snapshot or the new one during a swap, never a mix", async () => {
    const A = Array.from({ length: 300 }, (_, i) => job(`a-${i}`, "Alpha Engineer", "DE", i % 80));
    const B = Array.from({ length: 500 }, (_, i) => job(`b-${i}`, "Beta Engineer", "DE", i % 80));
    await loadCatalog(A);
    let stop = false;
    const seen = new Set<string>();
    const reader = (async () => {
      while (!stop) {
        const r = await searchJobs({
          title: "engineer",
          filter: resolveCountryFilter("DE")!,
          page: 1,
          perPage: 50,
        });
        const prefixes = new Set(r.items.map((i) => i.id[0]));
        expect(prefixes.size).toBe(1);
        const which = [...prefixes][0]!;
        expect(r.total).toBe(which === "a" ? 300 : 500);
        seen.add(which);
        await new Promise((r) => setImmediate(r)); // cached answers never wait on I/O: let the import run
      }
    })();
    await loadCatalog(B);
    await new Promise((r) => setTimeout(r, 50));
    stop = true;
    await reader;
    expect(seen).toEqual(new Set(["a", "b"]));
  });

  it("refuses a second import while one is running", async () => {
    const slow = async function* () {
      yield { line: 1, record: job("x", "X", "DE", 1) };
      await new Promise((r) => setTimeout(r, 400));
    };
    const first = importSnapshot(process.env.DATABASE_URL!, { label: "slow", jobs: slow() });
    await new Promise((r) => setTimeout(r, 150));
    await expect(loadCatalog()).rejects.toThrow(/Another catalog import is running/);
    await first;
  });

  it("the CLI prints the problem with its line and exits non-zero", async () => {
    const file = path.join(dir, "cli-bad.jsonl");
    await writeFile(
      file,
      `${JSON.stringify(job("a", "A", "DE", 1))}\n${JSON.stringify({ ...job("b", "", "DE", 1) })}\n`,
    );
    const run = promisify(execFile)("npx", ["tsx", "scripts/catalog-import.ts", file], { env: process.env });
    const err = (await run.then(
      () => null,
      (e) => e,
    )) as { code: number; stderr: string } | null;
    expect(err?.code).toBe(1);
    expect(err?.stderr).toMatch(/line 2: title: is required/);
    expect(err?.stderr).toMatch(/live catalog is unchanged/);
  });
});

// Everything a snapshot holds but its id: equal digests mean equal rows, titles and counts.
async function digest(snapshotId: number) {
  const one = async (sql: string) => (await client.query(sql, [snapshotId])).rows[0].d as string;
  return {
    jobs: await one(
      `SELECT md5(string_agg((to_jsonb(j) - 'snapshot_id')::text, '|' ORDER BY j.id)) AS d FROM jobs j WHERE snapshot_id = $1`,
    ),
    titles: await one(
      `SELECT md5(string_agg(concat_ws('|', id, title, counts::text, terms), '#' ORDER BY id)) AS d FROM job_titles WHERE snapshot_id = $1`,
    ),
    counts: await one(
      `SELECT md5(country_counts::text || combo_counts::text) AS d FROM catalog_snapshots WHERE id = $1`,
    ),
  };
}

describe("the import's worker threads", () => {
  const demo = { jobs: 2_500, seed: 11, asOf: new Date("2026-11-21T00:00:00Z") };
  const load = (workers: number, jobs = [...demoJobs(demo)] as Rec[]) =>
    importSnapshot(process.env.DATABASE_URL!, { label: `${workers} workers`, jobs: numbered(jobs), workers });
  afterAll(() => loadCatalog());

  it("load exactly the snapshot the loader's own thread loads", async () => {
    const inline = await load(0);
    const threaded = await load(2);
    expect(threaded).toMatchObject({ jobs: 2_500, cleanedLinks: inline.cleanedLinks });
    expect(inline.cleanedLinks).toBeGreaterThan(0);
    expect(await digest(threaded.snapshotId)).toEqual(await digest(inline.snapshotId));
  });

  it("report bad records with their lines and messages, in order, and change nothing", async () => {
    const jobs = [...demoJobs(demo)] as Rec[];
    jobs[1_700] = { ...jobs[1_700], salary_min: -5 };
    jobs[2_100] = { ...jobs[2_100], country: "XX" };
    jobs[400] = { ...jobs[400], title: " " };
    const before = await state();
    for (const workers of [0, 2]) {
      const err = await rejection(load(workers, jobs));
      expect(err.problems).toEqual([
        { line: 401, message: "title: is required" },
        { line: 1_701, message: "salary_min: must not be negative" },
        { line: 2_101, message: 'country: "XX" is not an ISO 3166-1 country code' },
      ]);
      expect(await state()).toEqual(before);
    }
  });
});

describe("the import's batches", () => {
  it("stay within a worker's heap when every job carries a long description", async () => {
    const demo = { jobs: 1_000, seed: 12, asOf: new Date("2026-11-21T00:00:00Z") };
    // 50 million characters outside Latin-1 (two bytes each in memory): one batch of a thousand
    // such jobs ran a worker out of its 128 MB heap.
    const jobs = ([...demoJobs(demo)] as Rec[]).map((j) => ({ ...j, description: "ж".repeat(49_999) }));
    const result = await importSnapshot(process.env.DATABASE_URL!, {
      label: "long descriptions",
      jobs: numbered(jobs),
      workers: 2,
    });
    expect(result.jobs).toBe(1_000);
    await loadCatalog();
  }, 60_000);
});

describe("an empty catalog", () => {
  it("answers searches with zero results and lookups with 404", async () => {
    const { live } = await state();
    await client.query("DELETE FROM catalog_live");
    invalidateLiveSnapshot();
    try {
      const search = await getJson("/v1/jobs?title=engineer");
      expect(search.status).toBe(200);
      expect(search.body).toMatchObject({ items: [], meta: { total: 0, has_more: false } });
      expect((await getJson("/v1/jobs/a-1")).status).toBe(404);
      expect((await getJson("/v1/salary?country=DE")).status).toBe(404);
    } finally {
      await client.query("INSERT INTO catalog_live (id, snapshot_id) VALUES (1, $1)", [live]);
      invalidateLiveSnapshot();
    }
  });
});
