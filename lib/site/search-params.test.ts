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
});
