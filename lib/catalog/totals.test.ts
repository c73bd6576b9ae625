import { describe, expect, it } from "vitest";
import { TOTAL_COUNT_CAP } from "./filtered-search";
import { countState, totalOfSample } from "./totals";

describe("a total from a facets' sample", () => {
  it("below the cap is every match, kept for the search's pages and marked as a sample's", () => {
    expect(totalOfSample(901, "below", 42)).toEqual({ total: 42, totalExact: true, sampled: true });
    expect(countState(901, "below")).toEqual({ total: 42, totalExact: true, sampled: true });
  });

  it("at the cap is a lower bound, kept nowhere: a count may still tell exactly the cap", () => {
    expect(totalOfSample(901, "at", TOTAL_COUNT_CAP)).toEqual({ total: TOTAL_COUNT_CAP, totalExact: false });
    expect(countState(901, "at")).toBeUndefined();
  });

  it("does not replace a total already known", () => {
    totalOfSample(902, "known", 7);
    expect(totalOfSample(902, "known", 9)).toMatchObject({ total: 9 });
    expect(countState(902, "known")).toMatchObject({ total: 7 });
  });
});
