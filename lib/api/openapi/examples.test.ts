// The reference's examples are the demo catalog's real records, so a reader can find them on a
// development server: checked against the generator they came from.
import { describe, expect, it } from "vitest";
import { demoSalaries, originalDemoJobs } from "../../catalog/demo/generate";
import { percentiles } from "../../catalog/histogram";
import { Placer } from "../../catalog/import/coordinates";
import { checkJob } from "../../catalog/import/fast-record";
import type { JobRecord } from "../../catalog/import/records";
import { annualise } from "../../catalog/job-schemas";
import { JOB, SALARY_BY_CITY, SALARY_BY_COUNTRY, SALARY_HISTORY, SEARCH } from "./examples";
import { FILTERED_SEARCH, NEAR_SEARCH } from "./examples-filters";

const options = { jobs: 20_000, asOf: new Date("2026-11-21T00:00:00Z") };

describe("the reference's examples", () => {
  const jobs = new Map([...originalDemoJobs(options)].map((j) => [j.id, j]));

  it("are demo jobs as the importer stores them, field by field", () => {
    const placer = new Placer();
    for (const example of [JOB, ...SEARCH.items, ...FILTERED_SEARCH.items, ...NEAR_SEARCH.items]) {
      const generated = jobs.get(example.id);
      expect(generated, example.id).toBeTruthy();
      // Placed as the loader places it: by its city, from the gazetteer.
      const stored = checkJob(placer.place(generated as Record<string, unknown>));
      if ("problem" in stored) throw new Error(stored.problem);
      // Read at request time, not stored with the record: the distance, and (detail) where the pay
      // stands; and set by the import that read it: the job's ages.
      const {
        distance_km: _,
        pay_percentile: __,
        first_seen_at: ___,
        last_seen_at: ____,
        duplicate_of: _____,
        duplicates: ______,
        ...fields
      } = example as typeof example & {
        distance_km?: number;
        pay_percentile?: number | null;
      };
      expect({ ...stored, posted_at: stored.posted_at.toISOString() }).toMatchObject(fields);
    }
  });

  const pay = ({ median, p10, p25, p75, p90, sample_size, as_of }: typeof SALARY_BY_COUNTRY) => ({
    median,
    p10,
    p25,
    p75,
    p90,
    sample_size,
    as_of,
  });

  it("are the demo's salary medians and percentiles", () => {
    const rows = demoSalaries(options);
    expect(rows).toContainEqual(
      expect.objectContaining({ level: "country", country: "DE", ...pay(SALARY_BY_COUNTRY) }),
    );
    expect(rows).toContainEqual(
      expect.objectContaining({ level: "city", city: "Berlin", ...pay(SALARY_BY_CITY) }),
    );
  });

  it("are the demo's pay at each date of a monthly history", () => {
    for (const point of SALARY_HISTORY.points) {
      const rows = demoSalaries({ ...options, asOf: new Date(`${point.as_of}T00:00:00Z`) });
      expect(rows).toContainEqual(
        expect.objectContaining({
          level: "country",
          country: "DE",
          ...pay({ ...SALARY_BY_COUNTRY, ...point }),
        }),
      );
    }
  });

  it("are what the demo's German jobs advertised at each of those imports", () => {
    for (const point of SALARY_HISTORY.advertised) {
      const asOf = new Date(`${point.as_of}T00:00:00Z`);
      // Imported as of the next day; its newest posting is the day before. Its copies are
      // grouped out of what the import serves.
      // As imported: pay some jobs give only in their text is read back from it.
      const jobs = [...originalDemoJobs({ ...options, asOf: new Date(asOf.getTime() + 86_400_000) })].map(
        (raw) => checkJob(raw) as JobRecord,
      );
      const amounts = jobs
        .filter((j) => j.country === "DE" && j.salary_min !== null && j.salary_currency === "EUR")
        .map((j) => {
          const period = j.salary_period as "year" | "month" | "hour";
          const low = annualise(Number(j.salary_min), period);
          const high = annualise(Number(j.salary_max ?? j.salary_min), period);
          return Math.floor((low + high) / 2);
        })
        .sort((a, b) => a - b);
      expect({ jobs: amounts.length, ...percentiles(amounts) }).toEqual({
        jobs: point.jobs,
        p10: point.p10,
        p25: point.p25,
        p50: point.p50,
        p75: point.p75,
        p90: point.p90,
      });
    }
  });
});
