// The demo's location pay: percentiles around each median, and a drift with the date that
// makes a series of monthly demo imports a trend.
import { describe, expect, it } from "vitest";
import { SalaryRecordSchema } from "../import/records";
import { demoJobs, demoSalaries, monthsBefore, payDrift } from "./generate";

const asOf = new Date("2026-11-21T00:00:00Z");

describe("demo salaries", () => {
  it("give every location all four percentiles, rising in order around the median", () => {
    for (const row of demoSalaries({ jobs: 20_000, asOf })) {
      const [p10, p25, median, p75, p90] = (["p10", "p25", "median", "p75", "p90"] as const).map((k) =>
        Number(row[k]),
      ) as [number, number, number, number, number];
      expect([p10, p25, median, p75, p90]).toEqual([p10, p25, median, p75, p90].sort((a, b) => a - b));
      expect(p10).toBeLessThan(median);
      expect(p90).toBeGreaterThan(median);
      expect(SalaryRecordSchema.safeParse(row).success).toBe(true);
    }
  });

  it("rise 3 % a year from the pinned date, and not at all on it", () => {
    expect(payDrift(asOf)).toBe(1);
    expect(payDrift(new Date("2027-11-21T06:00:00Z"))).toBeCloseTo(1.03, 4);
    const [now] = demoSalaries({ jobs: 20_000, asOf });
    const [yearAgo] = demoSalaries({ jobs: 20_000, asOf: monthsBefore(asOf, 12) });
    expect(Number(yearAgo?.median)).toBeLessThan(Number(now?.median));
    expect(Number(now?.median) / Number(yearAgo?.median)).toBeCloseTo(1.03, 1);
  });
});

describe("demo jobs' advertised pay", () => {
  it("drifts with the date like the medians, and is unchanged on the pinned date", () => {
    const pay = (at: Date) =>
      [...demoJobs({ jobs: 2_000, asOf: at })]
        .filter((j) => j.salary_period === "year")
        .reduce((sum, j) => sum + Number(j.salary_max), 0);
    const now = pay(asOf);
    expect(pay(monthsBefore(asOf, 12)) / now).toBeCloseTo(1 / 1.03, 2);
    expect(pay(new Date(asOf))).toBe(now);
  });
});

describe("monthsBefore", () => {
  it("keeps the day of the month, or the month's last day when it is shorter", () => {
    expect(monthsBefore(asOf, 0).toISOString()).toBe("2026-11-21T00:00:00.000Z");
    expect(monthsBefore(asOf, 11).toISOString()).toBe("2025-12-21T00:00:00.000Z");
    expect(monthsBefore(new Date("2026-03-31T00:00:00Z"), 1).toISOString()).toBe("2026-02-28T00:00:00.000Z");
    expect(monthsBefore(new Date("2024-03-31T00:00:00Z"), 1).toISOString()).toBe("2024-02-29T00:00:00.000Z");
  });
});

describe("the salary record's percentiles", () => {
  const row = {
    level: "country",
    country: "DE",
    median: 60000,
    currency: "EUR",
    sample_size: 10,
    as_of: "2026-11-01",
  };

  it("are optional, each on its own", () => {
    const parsed = SalaryRecordSchema.parse(row);
    expect([parsed.p10, parsed.p25, parsed.p75, parsed.p90]).toEqual([null, null, null, null]);
    expect(SalaryRecordSchema.parse({ ...row, p90: "90000" }).p90).toBe(90000);
  });

  it("must rise in order with the median, and name the field that does not", () => {
    const issue = (extra: Record<string, unknown>) =>
      SalaryRecordSchema.safeParse({ ...row, ...extra }).error?.issues[0];
    expect(issue({ p10: 40000, p25: 50000, p75: 70000, p90: 80000 })).toBeUndefined();
    expect(issue({ p10: 60000, p75: 60000 })).toBeUndefined(); // equal is in order
    expect(issue({ p25: 61000 })).toMatchObject({
      path: ["median"],
      message: "must not be below p25 (61000)",
    });
    expect(issue({ p10: 50000, p25: 45000 })).toMatchObject({ path: ["p25"] });
    expect(issue({ p75: 59000 })).toMatchObject({
      path: ["p75"],
      message: "must not be below median (60000)",
    });
    expect(issue({ p10: -1 })).toMatchObject({ path: ["p10"] });
  });
});
