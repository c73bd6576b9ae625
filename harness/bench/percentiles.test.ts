import { describe, expect, it } from "vitest";
import { latencySummary, percentile } from "./percentiles";

describe("percentile", () => {
  it("takes the nearest rank", () => {
    const xs = Array.from({ length: 100 }, (_, i) => 100 - i);
    expect(percentile(xs, 50)).toBe(50);
    expect(percentile(xs, 95)).toBe(95);
    expect(percentile([7], 95)).toBe(7);
    expect(percentile([], 50)).toBe(0);
  });
  it("summarises with the given decimals", () => {
    expect(latencySummary([1, 2, 3], 2)).toBe("p50 2.00 ms  p95 3.00 ms  max 3.00 ms  (n=3)");
  });
});
