import { describe, expect, it } from "vitest";
import { AGENCY_SHARE, REPOST_SHARE } from "./copies";
import { demoJobs, labelledDemoJobs, originalDemoJobs } from "./generate";

const opts = { jobs: 10_000, asOf: new Date("2026-11-21T00:00:00Z") };

describe("the demo's copies", () => {
  const labelled = [...labelledDemoJobs(opts)];
  const byId = new Map(labelled.map((j) => [String(j.record.id), j.record]));
  const copies = labelled.filter((j) => j.duplicateOf !== null);

  it("follow about one job in ten, and leave the jobs themselves as they were", () => {
    const reposts = copies.filter((c) => String(c.record.id).endsWith("-r")).length;
    const agencies = copies.filter((c) => String(c.record.id).endsWith("-a")).length;
    expect(reposts / opts.jobs).toBeCloseTo(REPOST_SHARE, 2);
    expect(agencies / opts.jobs).toBeCloseTo(AGENCY_SHARE, 2);
    expect(labelled.filter((j) => j.duplicateOf === null).map((j) => j.record)).toEqual([
      ...originalDemoJobs(opts),
    ]);
    expect([...demoJobs(opts)]).toEqual(labelled.map((j) => j.record));
  });

  it("keep their job's title and place, are posted after it, and agencies name themselves", () => {
    for (const { record, duplicateOf } of copies) {
      const job = byId.get(duplicateOf as string);
      expect(job, String(record.id)).toBeTruthy();
      expect([record.title, record.country, record.city]).toEqual([job?.title, job?.country, job?.city]);
      expect(String(record.posted_at) >= String(job?.posted_at)).toBe(true);
      expect(String(record.posted_at) <= opts.asOf.toISOString()).toBe(true);
      if (String(record.id).endsWith("-r")) expect(record.company).toBe(job?.company);
      else {
        expect(record.company).not.toBe(job?.company);
        expect(String(record.description)).toContain(String(record.company));
        expect(String(record.description)).not.toContain(String(job?.company).split(" ", 1)[0]);
      }
    }
  });
});
