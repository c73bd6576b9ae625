// The importer against a real Postgres: formats, rejection with line numbers, atomic swap.
import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resolveCountryFilter } from "@/lib/catalog/countries";
import { importSnapshot } from "@/lib/catalog/import/load";
import { readFile } from "@/lib/catalog/import/read";
import { JOB_COLUMNS, SALARY_COLUMNS } from "@/lib/catalog/import/records";
import { searchJobs } from "@/lib/catalog/search";
import { FIXTURE_JOBS, job, loadCatalog, type Rec } from "./support/fixtures";
import { getJson, request } from "./support/http";
import { rejection, snapshotState } from "./support/import-checks";

let dir: string;
let client: pg.Client;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "import-test-"));
  client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  await loadCatalog();
});
afterAll(async () => {
  try {
    await client?.end();
  } finally {
    if (dir) await rm(dir, { recursive: true, force: true });
  }
});

const state = () => snapshotState(client);

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
      "a date a zone carries past the year 9999",
      "bad.jsonl",
      JSON.stringify({ ...job("a", "A", "DE", 1), expires_at: "9999-12-31T23:59:59-05:00" }),
      1,
      /expires_at: must be an ISO 8601 date or date-time between the years 1 and 9999/,
    ],
    [
      "a NUL byte in an id",
      "bad.jsonl",
      `${JSON.stringify(job("a", "A", "DE", 1))}\n${JSON.stringify(job("b\u0000c", "B", "DE", 1))}`,
      2,
      /id: must be 1-64 letters/,
    ],
    [
      "an id number too large to keep its digits",
      "bad.jsonl",
      JSON.stringify(job("a", "A", "DE", 1)).replace('"id":"a"', '"id":12345678901234567891'),
      1,
      /id: is a number too large/,
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
    const salary = (await request("/v1/salary?country=DE")).headers.get("etag");
    const jobs = await request("/v1/jobs?country=DE");
    const before = jobs.headers.get("etag");
    expect((await request("/v1/jobs?country=DE")).headers.get("etag")).toBe(before);
    await loadCatalog();
    expect((await request("/v1/salary?country=DE")).headers.get("etag")).toBe(salary);
    // Every job was seen again: its last_seen_at, so the page, changed.
    const again = await request("/v1/jobs?country=DE");
    expect(again.headers.get("etag")).not.toBe(before);
    const seen = (await again.json()).items.map((j: { last_seen_at: string }) => j.last_seen_at);
    const previous = (await jobs.json()).items.map((j: { last_seen_at: string }) => j.last_seen_at);
    expect(seen[0] > previous[0]).toBe(true);
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
