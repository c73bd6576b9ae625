import { describe, expect, it } from "vitest";
import { compactQuery } from "./search-params";

describe("compactQuery", () => {
  it("leaves out empty fields and joins repeated ones with commas", () => {
    const q = compactQuery([
      ["title", "data engineer"],
      ["country", "DE"],
      ["company", ""],
      ["city", "  "],
      ["remote", "remote"],
      ["remote", "hybrid"],
      ["salary_min", ""],
      ["sort", ""],
    ]);
    expect(q.toString()).toBe("title=data+engineer&country=DE&remote=remote%2Chybrid");
  });

  it("gives an empty query for an empty form", () => {
    expect(compactQuery([["title", ""]]).size).toBe(0);
  });

  it("leaves out a radius without a place, and keeps it with one", () => {
    expect(
      compactQuery([
        ["near", ""],
        ["radius_km", "25"],
        ["title", "nurse"],
      ]).toString(),
    ).toBe("title=nurse");
    expect(
      compactQuery([
        ["near", "Leeds, GB"],
        ["radius_km", "50"],
      ]).toString(),
    ).toBe("near=Leeds%2C+GB&radius_km=50");
  });
});
