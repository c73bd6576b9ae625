import { describe, expect, it } from "vitest";
import { TOTAL_COUNT_CAP } from "./filtered-search";
import { countState, lowerBound, totalOfSample } from "./totals";

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

describe("a total from one page read with one row more, when the count ran out of time", () => {
  it("is a lower bound while a row follows the page", () => {
    expect(lowerBound(3, 40, 20, 21)).toEqual({ total: 61, totalExact: false });
  });

  it("is exact on a page that has rows and none after it", () => {
    expect(lowerBound(3, 40, 20, 20)).toEqual({ total: 60, totalExact: true });
    expect(lowerBound(3, 40, 20, 1)).toEqual({ total: 41, totalExact: true });
  });

  it("is a bound on a short page whose rows were not whole (a condition dropped some after the read)", () => {
    expect(lowerBound(3, 40, 20, 12, false)).toEqual({ total: 52, totalExact: false });
    expect(lowerBound(1, 0, 20, 0, false)).toEqual({ total: 0, totalExact: false });
  });

  it("is an exact zero on an empty first page, and only a bound of zero past the last page", () => {
    expect(lowerBound(1, 0, 20, 0)).toEqual({ total: 0, totalExact: true });
    expect(lowerBound(4, 60, 20, 0)).toEqual({ total: 0, totalExact: false });
  });
});
