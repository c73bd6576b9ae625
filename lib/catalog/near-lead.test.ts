import { describe, expect, it } from "vitest";
import { titleWalkEntries } from "./near-lead";

describe("titleWalkEntries", () => {
  const tiers = [
    { titles: 1, jobs: 3_000 },
    { titles: 500, jobs: 15_000 },
    { titles: 2_000, jobs: 11_000 },
  ];

  it("ends with the tier whose expected matches fill the window", () => {
    // Half the country's jobs are in reach: the best tier gives about 1,500, enough for 21 rows,
    // read in about 42 entries after its probe.
    expect(titleWalkEntries(tiers, 0.5, 21)).toBe(10 + 42);
  });

  it("reads the next tiers when the best one falls short", () => {
    // 1 % in reach: the first tier gives about 30 of 101; the second fills it, each of its
    // titles reading until it has the window or runs out of its jobs there.
    expect(titleWalkEntries(tiers, 0.01, 101)).toBe(10 + 3_000 + 5_000 + 15_000);
  });

  it("reads every tier whole without a window (a count, facets, a date order)", () => {
    expect(titleWalkEntries(tiers, 0.5, null)).toBe(25_010 + 29_000);
  });

  it("reads every tier whole when the place holds none of its countries' jobs", () => {
    expect(titleWalkEntries(tiers, 0, 21)).toBe(25_010 + 29_000);
  });
});
