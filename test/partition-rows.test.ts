// A served partition's rows stay narrow: descriptions and words live in its TOAST table, so a
// search that reads a word's matches row by row reads few pages, and a job's detail still
// reads its description back whole.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoJobs } from "@/lib/catalog/demo/generate";
import { importSnapshot } from "@/lib/catalog/import/load";
import { loadCatalog, numbered, type Rec } from "./support/fixtures";
import { getJson } from "./support/http";

const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
const jobs = [...(demoJobs({ jobs: 3_000, asOf: new Date("2026-11-21T00:00:00Z") }) as Iterable<Rec>)];

beforeAll(async () => {
  await importSnapshot(process.env.DATABASE_URL!, { label: "narrow rows", jobs: numbered(jobs) });
  await client.connect();
}, 120_000);

afterAll(async () => {
  await client.end();
  await loadCatalog();
});

describe("a served partition's rows", () => {
  it("hold their description out of line, so ten or more jobs share each page", async () => {
    const { rows } = await client.query<{ per_page: number; served: number }>(
      `SELECT count(*)::float / count(DISTINCT (ctid::text::point)[0]) AS per_page, count(*)::int AS served
       FROM jobs WHERE snapshot_id = (SELECT snapshot_id FROM catalog_live WHERE id = 1)`,
    );
    const [partition] = rows;
    expect(partition?.served).toBeGreaterThan(2_000);
    // Descriptions of 150–600 words held inline leave about eight jobs per page.
    expect(partition?.per_page).toBeGreaterThanOrEqual(10);
  });

  it("still serve each job's description whole", async () => {
    const posted = jobs.find((j) => String(j.description).length > 2_000) as Rec;
    const { status, body } = await getJson(`/v1/jobs/${encodeURIComponent(String(posted.id))}`);
    expect(status).toBe(200);
    expect(body.description.length).toBeGreaterThan(2_000);
    expect(body.title).toBe(posted.title);
  });
});
