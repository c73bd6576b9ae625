// The reference's examples are the demo catalog's real records, so a reader can find them on a
// development server: checked against the generator they came from.
import { describe, expect, it } from "vitest";
import { demoJobs, demoSalaries } from "../../catalog/demo/generate";
import { Placer } from "../../catalog/import/coordinates";
import { JobRecordSchema } from "../../catalog/import/records";
import { JOB, SALARY_BY_CITY, SALARY_BY_COUNTRY, SEARCH } from "./examples";
import { FILTERED_SEARCH, NEAR_SEARCH } from "./examples-filters";

const options = { jobs: 20_000, asOf: new Date("2026-11-21T00:00:00Z") };

describe("the reference's examples", () => {
  const jobs = new Map([...demoJobs(options)].map((j) => [j.id, j]));

  it("are demo jobs as the importer stores them, field by field", () => {
    const placer = new Placer();
    for (const example of [JOB, ...SEARCH.items, ...FILTERED_SEARCH.items, ...NEAR_SEARCH.items]) {
      const generated = jobs.get(example.id);
      expect(generated, example.id).toBeTruthy();
      // Placed as the loader places it: by its city, from the gazetteer.
      const stored = JobRecordSchema.parse(placer.place(generated as Record<string, unknown>));
      const { distance_km: _, ...fields } = example as typeof example & { distance_km?: number };
      expect({ ...stored, posted_at: stored.posted_at.toISOString() }).toMatchObject(fields);
    }
  });

  it("are the demo's salary medians", () => {
    const rows = demoSalaries(options);
    expect(rows).toContainEqual(
      expect.objectContaining({
        level: "country",
        country: "DE",
        median: SALARY_BY_COUNTRY.median,
        sample_size: SALARY_BY_COUNTRY.sample_size,
      }),
    );
    expect(rows).toContainEqual(
      expect.objectContaining({
        level: "city",
        city: "Berlin",
        median: SALARY_BY_CITY.median,
        sample_size: SALARY_BY_CITY.sample_size,
      }),
    );
  });
});
