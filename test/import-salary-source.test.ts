// Where each job's pay comes from, through the real importer and API: a feed's structured
// salary is stated, pay read from the description is parsed, an estimate is never imported as
// either; the CSV and schema.org JobPosting paths alike, and the salary_source filter.
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importSnapshot } from "@/lib/catalog/import/load";
import { readFile } from "@/lib/catalog/import/read";
import { JOB_COLUMNS } from "@/lib/catalog/import/records";
import { getJson } from "./support/http";

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "import-salary-source-"));
});
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function importFile(name: string, content: string) {
  const file = path.join(dir, name);
  await writeFile(file, content);
  return importSnapshot(process.env.DATABASE_URL!, { label: name, jobs: readFile(file, JOB_COLUMNS) });
}

async function pay(id: string) {
  const { status, body } = await getJson(`/v1/jobs/${id}`);
  expect(status, id).toBe(200);
  const { salary_min, salary_max, salary_currency, salary_period, salary_source } = body;
  return { salary_min, salary_max, salary_currency, salary_period, salary_source };
}

const none = {
  salary_min: null,
  salary_max: null,
  salary_currency: null,
  salary_period: null,
  salary_source: null,
};

describe("salary provenance through a CSV file", () => {
  const header =
    "id,title,company,country,city,posted_at,salary_min,salary_max,salary_currency,salary_period,salary_source,description";
  const csv = [
    header,
    'c-stated,Baker,Crumb Ltd,GB,Leeds,2026-11-01,28000,32000,GBP,year,,"Salary: £99,000 per year (ignored: the feed states pay)"',
    'c-text,Baker,Crumb Ltd,GB,Leeds,2026-11-02,,,,,,"Early starts. Salary: £26,500 - £29,000 per annum, plus overtime."',
    'c-feed-parsed,Baker,Crumb Ltd,GB,Leeds,2026-11-03,27000,27000,GBP,year,parsed,"Pay as our aggregator read it."',
    'c-none,Baker,Crumb Ltd,GB,Leeds,2026-11-04,,,,,,"A £2,000 welcome bonus and a staff discount."',
  ].join("\n");

  it("labels structured pay stated, pay read from the text parsed, and reads no bonus as pay", async () => {
    const result = await importFile("jobs.csv", csv);
    expect(result.jobs).toBe(4);
    expect(await pay("c-stated")).toEqual({
      salary_min: 28_000,
      salary_max: 32_000,
      salary_currency: "GBP",
      salary_period: "year",
      salary_source: "stated",
    });
    expect(await pay("c-text")).toEqual({
      salary_min: 26_500,
      salary_max: 29_000,
      salary_currency: "GBP",
      salary_period: "year",
      salary_source: "parsed",
    });
    expect((await pay("c-feed-parsed")).salary_source).toBe("parsed");
    expect(await pay("c-none")).toEqual(none);
  });

  it("filters searches, facets and pay by the salary's source", async () => {
    const ids = async (query: string) => {
      const { status, body } = await getJson(`/v1/jobs?country=GB&${query}`);
      expect(status, query).toBe(200);
      return body.items.map((j: { id: string }) => j.id).sort();
    };
    expect(await ids("salary_source=stated")).toEqual(["c-stated"]);
    expect(await ids("salary_source=parsed")).toEqual(["c-feed-parsed", "c-text"]);
    expect(await ids("salary_source=parsed&salary_min=26600")).toEqual(["c-feed-parsed", "c-text"]);
    expect(await ids("salary_source=parsed&salary_min=28000")).toEqual(["c-text"]);
    const { body } = await getJson("/v1/jobs?country=GB&salary_source=stated");
    expect(body.meta).toMatchObject({ total: 1, total_exact: true });
    const facets = await getJson("/v1/jobs/facets?country=GB&salary_source=parsed");
    expect(facets.status).toBe(200);
    expect(facets.body.salary_histograms).toHaveLength(1);
    expect(facets.body.salary_histograms[0]).toMatchObject({ currency: "GBP", count: 2 });
  });

  it("refuses a source that is not stated or parsed, or one without a salary, naming the line", async () => {
    const bad = [
      header,
      "b-1,Baker,Crumb Ltd,GB,Leeds,2026-11-01,28000,32000,GBP,year,estimated,",
      "b-2,Baker,Crumb Ltd,GB,Leeds,2026-11-01,,,,,stated,",
    ].join("\n");
    const err = await importFile("bad.csv", bad).then(
      () => null,
      (e: { problems: { line: number; message: string }[] }) => e,
    );
    expect(err?.problems).toEqual([
      { line: 2, message: 'salary_source: must be "stated" or "parsed" (estimated pay is not imported)' },
      { line: 3, message: "salary_source: needs salary_min or salary_max" },
    ]);
  });
});

describe("salary provenance through schema.org JobPostings", () => {
  const posting = (id: string, extra: Record<string, unknown>) => ({
    "@context": "https://schema.org",
    "@type": "JobPosting",
    identifier: id,
    title: "Welder",
    datePosted: "2026-11-01",
    hiringOrganization: { "@type": "Organization", name: "Forge Ltd" },
    jobLocation: { "@type": "Place", address: { addressLocality: "Leeds", addressCountry: "GB" } },
    // Each its own job: one text posted three times by one employer would be one.
    description: `<p>Join the workshop as welder ${id}.</p>`,
    ...extra,
  });

  it("takes baseSalary as stated, pay in the description as parsed, and never estimatedSalary", async () => {
    const feed = [
      posting("p-base", {
        baseSalary: {
          "@type": "MonetaryAmount",
          currency: "GBP",
          value: { "@type": "QuantitativeValue", minValue: 31000, maxValue: 35000, unitText: "YEAR" },
        },
      }),
      posting("p-text", { description: "<p>Join the workshop.</p><p><b>Pay:</b> £17–£19 an hour</p>" }),
      posting("p-estimate", {
        estimatedSalary: {
          "@type": "MonetaryAmountDistribution",
          currency: "GBP",
          median: 33000,
          unitText: "YEAR",
        },
      }),
    ];
    const result = await importFile("feed.jsonld", JSON.stringify(feed));
    expect(result.jobs).toBe(3);
    expect(await pay("p-base")).toEqual({
      salary_min: 31_000,
      salary_max: 35_000,
      salary_currency: "GBP",
      salary_period: "year",
      salary_source: "stated",
    });
    expect(await pay("p-text")).toEqual({
      salary_min: 17,
      salary_max: 19,
      salary_currency: "GBP",
      salary_period: "hour",
      salary_source: "parsed",
    });
    expect(await pay("p-estimate")).toEqual(none);
  });
});

describe("the salary_source parameter", () => {
  it("is a 400 naming it for an unknown value, and refuses include_unsalaried beside it", async () => {
    const unknown = await getJson("/v1/jobs?salary_source=estimated");
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toMatchObject({ code: "invalid_parameter", param: "salary_source" });
    const both = await getJson(
      "/v1/jobs?country=GB&salary_min=1000&include_unsalaried=true&salary_source=stated",
    );
    expect(both.status).toBe(400);
    expect(both.body.error).toMatchObject({ code: "invalid_parameter", param: "include_unsalaried" });
    for (const path of ["/v1/jobs/facets", "/v1/jobs/pay"]) {
      const { status, body } = await getJson(`${path}?salary_source=nope`);
      expect(status, path).toBe(400);
      expect(body.error.param, path).toBe("salary_source");
    }
  });
});
