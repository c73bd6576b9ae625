import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { checkJob } from "../import/fast-record";
import { JobRecordSchema, SalaryRecordSchema } from "../import/records";
import { demoSalaries, originalDemoJobs } from "./generate";

const asOf = new Date("2026-11-21T00:00:00Z");

describe("demo catalog", () => {
  const jobs = [...originalDemoJobs({ jobs: 5_000, asOf })];

  it("is deterministic", () => {
    expect([...originalDemoJobs({ jobs: 50, asOf })]).toEqual(jobs.slice(0, 50));
    expect([...originalDemoJobs({ jobs: 50, asOf, seed: 7 })]).not.toEqual(jobs.slice(0, 50));
  });

  it("keeps every field but the description, as imported, as it was before descriptions drew their own stream", () => {
    // sha256 over one JSON array of these fields per job, newline-terminated, for the first 2,000
    // jobs (seed 42, as of 2026-11-21), computed with the generator of commit d5345c0, whose
    // descriptions were a single template. Dozens of tests count on these values. Pay some jobs
    // now give only in their text counts as the importer reads it back.
    const fields = Object.keys(jobs[0] ?? {}).filter((k) => k !== "description");
    expect(fields).toEqual([
      "id",
      "title",
      "company",
      "apply_url",
      "location",
      "city",
      "country",
      "employment_type",
      "salary_min",
      "salary_max",
      "salary_currency",
      "salary_period",
      "posted_at",
      "remote",
      "seniority",
    ]);
    const hash = createHash("sha256");
    for (const j of jobs.slice(0, 2_000)) {
      const stored = checkJob(j) as unknown as Record<string, unknown>;
      hash.update(`${JSON.stringify(fields.map((k) => (k.startsWith("salary_") ? stored[k] : j[k])))}\n`);
    }
    expect(hash.digest("hex")).toBe("f6908c83fc5d681695cb858d47d78d8ad000aa588c2d02dd097637e8ca126b08");
  });

  it("produces records the importer accepts", () => {
    for (const j of jobs) expect(JobRecordSchema.safeParse(j).success).toBe(true);
    for (const s of demoSalaries({ jobs: 5_000, asOf }))
      expect(SalaryRecordSchema.safeParse(s).success).toBe(true);
  });

  it("is varied like a real catalog: many countries, companies and titles", () => {
    expect(new Set(jobs.map((j) => j.country)).size).toBeGreaterThanOrEqual(40);
    expect(new Set(jobs.map((j) => j.company)).size).toBeGreaterThan(2_000);
    expect(new Set(jobs.map((j) => j.title)).size).toBeGreaterThan(1_500);
    const links = jobs.map((j) => String(j.apply_url ?? ""));
    expect(links.some((l) => l.startsWith("https://"))).toBe(true);
    expect(links.some((l) => l.startsWith("mailto:"))).toBe(true);
    expect(links.some((l) => l === "")).toBe(true);
    expect(links.some((l) => l.startsWith("javascript:"))).toBe(true);
    const share = (f: (j: (typeof jobs)[number]) => boolean) => jobs.filter(f).length / jobs.length;
    expect(share((j) => j.remote === "remote")).toBeGreaterThan(0.05);
    expect(share((j) => j.remote === "remote")).toBeLessThan(0.2);
    expect(share((j) => j.remote === "hybrid")).toBeGreaterThan(0.15);
    expect(share((j) => j.remote === "on_site")).toBeGreaterThan(0.4);
    expect(share((j) => j.remote === null)).toBeGreaterThan(0.03);
    expect(new Set(jobs.map((j) => j.seniority))).toEqual(
      new Set(["intern", "junior", "mid", "senior", "lead", "principal", "executive", null]),
    );
    expect(share((j) => j.seniority === "senior")).toBeGreaterThan(0.2);
    const advertised = jobs.filter((j) => j.salary_min !== null).length / jobs.length;
    expect(advertised).toBeGreaterThan(0.3);
    expect(advertised).toBeLessThan(0.5);
    const ages = jobs.map((j) => (asOf.getTime() - Date.parse(String(j.posted_at))) / 86_400_000);
    expect(Math.min(...ages)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...ages)).toBeLessThanOrEqual(90);
    expect(Math.max(...ages)).toBeGreaterThan(80);
  });

  it("gives internships to interns only", () => {
    for (const j of jobs)
      expect(j.employment_type === "internship").toBe(String(j.title).startsWith("Intern "));
  });

  it("has a median per country and per large city", () => {
    const rows = demoSalaries({ jobs: 5_000, asOf });
    expect(rows.filter((r) => r.level === "country").length).toBeGreaterThanOrEqual(40);
    expect(rows.find((r) => r.level === "city" && r.city === "Berlin")).toMatchObject({
      country: "DE",
      currency: "EUR",
      as_of: "2026-11-21",
    });
  });
});
