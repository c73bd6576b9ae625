import { describe, expect, it } from "vitest";
import { pageMeta } from "../catalog/paging";
import { linkHeader } from "./link-header";

describe("linkHeader", () => {
  it("keeps other parameters and names next, prev, first, last", () => {
    const h = linkHeader(new URL("http://x/v1/jobs?title=dev&page=2"), pageMeta(100, 2, 20)).Link;
    expect(h).toContain('</v1/jobs?title=dev&page=1>; rel="prev"');
    expect(h).toContain('</v1/jobs?title=dev&page=3>; rel="next"');
    expect(h).toContain('</v1/jobs?title=dev&page=5>; rel="last"');
  });
});
