import { describe, expect, it } from "vitest";
import type { SalaryPoint } from "../catalog/salary-schemas";
import { bandMarks, trendGeometry } from "./pay-chart";

describe("bandMarks", () => {
  it("places every percentile in order on a bar with round ends", () => {
    const { marks, min, max } = bandMarks({ median: 64500, p10: 41500, p25: 50500, p75: 81000, p90: 104000 });
    expect(marks.map((m) => m.key)).toEqual(["p10", "p25", "median", "p75", "p90"]);
    expect([min, max]).toEqual([30000, 120000]);
    const at = marks.map((m) => m.at);
    expect(at).toEqual([...at].sort((a, b) => a - b));
    expect(at[0]).toBeGreaterThan(0);
    expect(at.at(-1)).toBeLessThan(100);
  });

  it("shows only what the snapshot has: a median alone sits in the middle", () => {
    const { marks } = bandMarks({ median: 60000 });
    expect(marks).toEqual([{ key: "median", label: "Median", value: 60000, at: 50 }]);
  });
});

const point = (as_of: string, median: number, extra: Partial<SalaryPoint> = {}): SalaryPoint => ({
  median,
  currency: "EUR",
  period: "year",
  sample_size: 100,
  as_of,
  ...extra,
});

describe("trendGeometry", () => {
  it("spaces points by date and draws higher pay higher", () => {
    const g = trendGeometry(
      [point("2026-01-01", 60000), point("2026-02-01", 61000), point("2026-04-01", 64000)],
      300,
      100,
    );
    expect(g.points.map((p) => p.x)).toEqual([0, 103.3, 300]);
    const ys = g.points.map((p) => p.y);
    expect(ys[0]).toBeGreaterThan(ys[2] ?? 0);
    expect(g.band).toBeNull();
  });

  it("shades the 25th–75th band only when every point has both", () => {
    const both = { p25: 50000, p75: 70000 };
    expect(
      trendGeometry([point("2026-01-01", 60000, both), point("2026-02-01", 61000, both)], 300, 100).band,
    ).toMatch(/^[\d.]+,[\d.]+( [\d.]+,[\d.]+){3}$/);
    expect(
      trendGeometry([point("2026-01-01", 60000, both), point("2026-02-01", 61000)], 300, 100).band,
    ).toBeNull();
  });

  it("puts a single point in the middle", () => {
    expect(trendGeometry([point("2026-01-01", 60000)], 300, 100).points[0]?.x).toBe(150);
  });
});
