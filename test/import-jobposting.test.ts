// schema.org JobPosting feeds through the real importer and API: a JSON array, a @graph
// document and JSON Lines, mapped as docs/operations.md says; a bad feed is refused with positions.
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { beforeAll, describe, expect, it } from "vitest";
import { importSnapshot } from "@/lib/catalog/import/load";
import { readFile } from "@/lib/catalog/import/read";
import { JOB_COLUMNS } from "@/lib/catalog/import/records";
import { getJson } from "./support/http";

const FEEDS = "test/jobposting-feeds";
const load = (file: string) =>
  importSnapshot(process.env.DATABASE_URL!, { label: file, jobs: readFile(`${FEEDS}/${file}`, JOB_COLUMNS) });
const detail = async (id: string) => {
  const { status, body } = await getJson(`/v1/jobs/${encodeURIComponent(id)}`);
  expect(status, id).toBe(200);
  return body;
};

describe("a JSON array of JobPostings", () => {
  let result: Awaited<ReturnType<typeof load>>;
  beforeAll(async () => {
    result = await load("board-array.jsonld");
  });

  it("loads the live postings and skips (and counts) the expired one", () => {
    expect(result).toMatchObject({ jobs: 3, expired: 1, otherNodes: 0 });
  });

  it("maps a nested posting field by field, and its HTML description to text without script", async () => {
    expect(await detail("ZW-1042")).toMatchObject({
      title: "Senior Backend Engineer (Go)",
      company: "Zahlwerk GmbH",
      city: "Berlin",
      country: "DE",
      location: "Berlin, Germany",
      employment_type: "full_time",
      remote: "on_site",
      seniority: "senior",
      salary_min: 70000,
      salary_max: 90000,
      salary_currency: "EUR",
      salary_period: "year",
      posted_at: "2026-11-10T00:00:00.000Z",
      apply_url: "https://jobs.zahlwerk.example.com/zw-1042",
      description: "Join our payments team.\n\n• Design APIs\n• Run them in production",
    });
  });

  it("takes a single hourly value, several employment types, a Country object and a contact e-mail", async () => {
    const { body } = await getJson("/v1/jobs?country=US");
    const nurse = await detail(body.items[0].id);
    expect(nurse.id).toMatch(/^jp-[A-Za-z0-9_-]{24}$/); // no identifier: a stable hash
    expect(nurse).toMatchObject({
      title: "Registered Nurse – Night Shift",
      company: "St. Mary's Hospital",
      city: "Boston",
      employment_type: "part_time",
      salary_min: 49, // 48.5 an hour, in whole units
      salary_max: 49,
      salary_period: "hour",
      apply_url: "mailto:nursing-jobs@stmarys.example.org",
      description: "Nights, 3x12h. Sign-on bonus & relocation.",
    });
  });

  it("makes TELECOMMUTE remote, a day rate a year's pay, and blanks an unsafe link", async () => {
    const { body } = await getJson("/v1/jobs?remote=remote");
    expect(body.items).toHaveLength(1);
    expect(await detail(body.items[0].id)).toMatchObject({
      company: "Pixelhaven B.V.",
      country: "NL",
      location: "Remote (Netherlands)",
      employment_type: "contract",
      salary_min: 117000, // 450 a day × 260 working days
      salary_period: "year",
      apply_url: "",
    });
  });

  it("hashes the same posting to the same id on every import", async () => {
    const before = (await getJson("/v1/jobs?country=US")).body.items[0].id;
    await load("board-array.jsonld");
    expect((await getJson("/v1/jobs?country=US")).body.items[0].id).toBe(before);
  });
});

describe("a @graph document and JSON Lines", () => {
  it("take postings from @graph, ignore its other nodes, and keep the first of several locations", async () => {
    const result = await load("feed-graph.jsonld");
    expect(result).toMatchObject({ jobs: 2, otherNodes: 1 });
    const { body } = await getJson("/v1/jobs?country=FR");
    const store = await detail(body.items[0].id);
    expect(store.id).toMatch(/^jp-/); // an identifier that is not a usable id is hashed
    expect(store).toMatchObject({
      city: "Lyon",
      location: "Lyon, France; Paris, France",
      salary_min: 3200,
      salary_max: 3900,
      salary_period: "month",
      employment_type: "full_time",
    });
    const head = (await getJson("/v1/jobs?country=CH")).body.items[0];
    expect(head).toMatchObject({ seniority: "executive", city: "Zürich", employment_type: null });
    expect((await detail(head.id)).description).toBe("About\n\nLead a team of 12.");
  });

  it("take one posting per line", async () => {
    expect(await load("feed-lines.jsonld")).toMatchObject({ jobs: 2 });
    expect(await detail("in-77")).toMatchObject({
      remote: "remote",
      seniority: "junior",
      salary_currency: "INR",
    });
    expect(await detail("in-78")).toMatchObject({
      seniority: "intern",
      employment_type: "internship",
      country: "IN",
    });
  });
});

describe("a bad feed", () => {
  it("is refused with the line of each posting at fault, and the live catalog stays", async () => {
    await load("feed-lines.jsonld");
    const run = promisify(execFile)("npx", ["tsx", "scripts/catalog-import.ts", `${FEEDS}/bad.jsonld`], {
      env: process.env,
    });
    const err = (await run.then(
      () => null,
      (e) => e,
    )) as { code: number; stderr: string } | null;
    expect(err?.code).toBe(1);
    expect(err?.stderr).toMatch(/line 9: hiringOrganization.name: is required/);
    expect(err?.stderr).toMatch(/line 15: jobLocation.address.addressCountry: is required/);
    expect(err?.stderr).toMatch(/line 22: salary_period: /); // a FORTNIGHT unit
    expect(err?.stderr).toMatch(/live catalog is unchanged/);
    expect((await getJson("/v1/jobs/in-77")).status).toBe(200);
  });
});

describe("the loaded partition", () => {
  it("adopts every index of jobs at the swap, and has no other", async () => {
    await load("feed-lines.jsonld");
    const pg = await import("pg");
    const client = new pg.default.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    try {
      const { rows } = await client.query(`
        SELECT c.relname AS name, EXISTS (SELECT 1 FROM pg_inherits i WHERE i.inhrelid = x.indexrelid) AS attached
        FROM catalog_live l JOIN pg_class t ON t.relname = 'jobs_s' || l.snapshot_id
        JOIN pg_index x ON x.indrelid = t.oid JOIN pg_class c ON c.oid = x.indexrelid`);
      const parent = await client.query(
        `SELECT count(*)::int AS n FROM pg_index x WHERE x.indrelid = 'jobs'::regclass`,
      );
      expect(rows.filter((r) => !r.attached)).toEqual([]);
      expect(rows).toHaveLength(parent.rows[0].n);
    } finally {
      await client.end();
    }
  });
});
