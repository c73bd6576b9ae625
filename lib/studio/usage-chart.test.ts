import { describe, expect, it } from "vitest";
import { niceCeiling, usageChart } from "./usage-chart";

describe("niceCeiling", () => {
  it.each([
    [0, 2],
    [1, 2],
    [3, 4],
    [9, 10],
    [50, 60],
    [61, 80],
    [101, 200],
    [10_000, 10_000],
    [12_345, 20_000],
  ])("%d → %d", (n, want) => expect(niceCeiling(n)).toBe(want));
});

describe("usageChart", () => {
  it("has every day of the month, today marked, counts in place", () => {
    const c = usageChart(
      [
        { date: "2026-11-03", count: 7 },
        { date: "2026-11-22", count: 12 },
      ],
      "2026-11-01",
      "2026-11-22",
      50,
    );
    expect(c.days).toHaveLength(30);
    expect(c.days[2]).toEqual({ date: "2026-11-03", day: 3, count: 7, today: false });
    expect(c.days.filter((d) => d.today)).toEqual([{ date: "2026-11-22", day: 22, count: 12, today: true }]);
    // A small plan's limit is always on the scale.
    expect(c).toMatchObject({ yMax: 60, ticks: [0, 30, 60], limitShown: true });
  });

  it("shows a big plan's limit once the busiest day comes within a tenth of it", () => {
    expect(
      usageChart([{ date: "2026-11-01", count: 1_000 }], "2026-11-01", "2026-11-01", 10_000),
    ).toMatchObject({
      yMax: 10_000,
      limitShown: true,
    });
  });

  it("scales to the data when the limit would flatten it", () => {
    const c = usageChart([{ date: "2026-02-10", count: 3 }], "2026-02-01", "2026-02-10", 50_000);
    expect(c.days).toHaveLength(28);
    expect(c).toMatchObject({ yMax: 4, ticks: [0, 2, 4], limitShown: false });
  });

  it("has a scale with nothing used yet", () => {
    expect(usageChart([], "2026-11-01", "2026-11-01", 10_000)).toMatchObject({ yMax: 2, limitShown: false });
    expect(usageChart([], "2026-11-01", "2026-11-01", 50)).toMatchObject({ yMax: 60, limitShown: true });
  });
});
