import { describe, expect, it } from "vitest";
import { demoJobs } from "../demo/generate";
import { copyLine } from "./copy-text";
import { jobLine, jobRow } from "./job-rows";
import { JobRecordSchema } from "./records";

describe("jobLine", () => {
  it("is copyLine of jobRow", () => {
    const records = [
      ...demoJobs({ jobs: 500, asOf: new Date("2026-11-21T00:00:00Z") }),
      {
        id: "x",
        title: "Tab\there",
        company: "Back\\slash",
        city: "Line\nbreak",
        location: "CR\r",
        country: "DE",
        posted_at: "2026-11-01",
        description: "a\tb\\c\r\nd",
        salary_min: 0,
        salary_currency: "EUR",
        salary_period: "hour",
        expires_at: "2027-01-31T12:00:00Z",
      },
    ];
    const seen = { first: "2026-10-01T00:00:00.000Z", last: "2026-11-21T00:00:00.000Z", digest: "-42" };
    for (const [i, raw] of records.entries()) {
      const r = JobRecordSchema.parse(raw);
      expect(jobLine(7, r, i + 1, seen)).toBe(copyLine(jobRow(7, r, i + 1, seen)));
      const words = i % 2 ? "'back\\\\slash':1A 'o''neil':2B" : null;
      expect(jobLine(7, r, i + 1, seen, words)).toBe(copyLine(jobRow(7, r, i + 1, seen, words)));
    }
  });
});
