// The importer's worker threads and batches, against a real Postgres: the same snapshot and the
// same problems as the loader's own thread, and batches that fit a worker's heap.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoJobs } from "@/lib/catalog/demo/generate";
import { importSnapshot } from "@/lib/catalog/import/load";
import { loadCatalog, numbered, type Rec } from "./support/fixtures";
import { rejection, snapshotDigest, snapshotState } from "./support/import-checks";

let client: pg.Client;

beforeAll(async () => {
  client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  await loadCatalog();
});
afterAll(() => client.end());

const state = () => snapshotState(client);
const digest = (snapshotId: number) => snapshotDigest(client, snapshotId);

describe("the import's worker threads", () => {
  const demo = { jobs: 2_500, seed: 11, asOf: new Date("2026-11-21T00:00:00Z") };
  const load = (workers: number, jobs = [...demoJobs(demo)] as Rec[]) =>
    importSnapshot(process.env.DATABASE_URL!, { label: `${workers} workers`, jobs: numbered(jobs), workers });
  afterAll(() => loadCatalog());

  it("load exactly the snapshot the loader's own thread loads", async () => {
    const inline = await load(0);
    const threaded = await load(2);
    // The demo's 2,500 jobs and their copies, grouped the same way.
    expect(threaded.jobs).toBeGreaterThanOrEqual(2_490);
    expect(threaded).toMatchObject({ jobs: inline.jobs, cleanedLinks: inline.cleanedLinks });
    expect(threaded.duplicates).toMatchObject({
      groups: inline.duplicates.groups,
      copies: inline.duplicates.copies,
    });
    expect(inline.cleanedLinks).toBeGreaterThan(0);
    expect(await digest(threaded.snapshotId)).toEqual(await digest(inline.snapshotId));
    // Each worker counts the words of the jobs it encodes; added up, they are the loader's own.
    const counts = async (snapshotId: number) =>
      (
        await client.query(
          "SELECT bit, by_code, by_country FROM word_counts WHERE snapshot_id = $1 ORDER BY bit",
          [snapshotId],
        )
      ).rows;
    const inlineCounts = await counts(inline.snapshotId);
    expect(inlineCounts.length).toBeGreaterThan(1_000);
    expect(await counts(threaded.snapshotId)).toEqual(inlineCounts);
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
    const jobs = ([...demoJobs(demo)] as Rec[]).map((j) => ({
      ...j,
      description: `${"ж".repeat(49_970)} ${j.id}`,
    }));
    const result = await importSnapshot(process.env.DATABASE_URL!, {
      label: "long descriptions",
      jobs: numbered(jobs),
      workers: 2,
    });
    expect(result.jobs).toBe(jobs.length);
    await loadCatalog();
  }, 60_000);
});
