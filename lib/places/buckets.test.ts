import { describe, expect, it } from "vitest";
import { bucketOf, distanceHistogram } from "./buckets";

describe("distance buckets", () => {
  it("puts a distance in the bucket whose min it reaches", () => {
    expect([0, 9.99, 10, 24.9, 25, 50, 99.9, 100, 499].map(bucketOf)).toEqual([0, 0, 1, 1, 2, 3, 3, 4, 4]);
  });
  it("leaves out buckets that start at or beyond the radius and keeps empty ones", () => {
    expect(distanceHistogram([{ bucket: 0, count: 3 }], 25)).toEqual([
      { min_km: 0, max_km: 10, count: 3 },
      { min_km: 10, max_km: 25, count: 0 },
    ]);
    expect(distanceHistogram([{ bucket: 4, count: 2 }], 500).at(-1)).toEqual({
      min_km: 100,
      max_km: null,
      count: 2,
    });
    expect(distanceHistogram([], 1)).toHaveLength(1);
  });
});
