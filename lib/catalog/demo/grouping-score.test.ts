import { describe, expect, it } from "vitest";
import { scoreGrouping } from "./grouping-score";

const groups = (o: Record<string, string>) => new Map(Object.entries(o));

describe("scoreGrouping", () => {
  it("scores a grouping equal to the labels 1 and 1", () => {
    const truth = groups({ a: "a", b: "a", c: "c" });
    expect(scoreGrouping(truth, truth)).toMatchObject({
      precision: 1,
      recall: 1,
      truePairs: 1,
      foundPairs: 1,
    });
  });

  it("counts a wrongly merged job against precision, a missed copy against recall", () => {
    const truth = groups({ a: "a", b: "a", c: "a", d: "d" });
    // c missed (alone), d merged into a's group: pairs found a-b, a-d, b-d; right: a-b only.
    const found = groups({ a: "a", b: "a", c: "c", d: "a" });
    const s = scoreGrouping(truth, found);
    expect(s.precision).toBeCloseTo(1 / 3);
    expect(s.recall).toBeCloseTo(1 / 3);
  });
});
