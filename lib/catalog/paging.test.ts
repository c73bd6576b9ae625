import { describe, expect, it } from "vitest";
import { ApiError } from "../api/errors";
import { assertPageReachable, linkHeader, pageMeta } from "./paging";

describe("pageMeta", () => {
  it("describes a middle page", () => {
    expect(pageMeta(45, 2, 20)).toEqual({
      total: 45,
      page: 2,
      per_page: 20,
      total_pages: 3,
      max_page: 500,
      has_more: true,
      next_page: 3,
      prev_page: 1,
    });
  });

  it("has no next on the last page and no prev on the first", () => {
    expect(pageMeta(45, 3, 20)).toMatchObject({ has_more: false, next_page: null, prev_page: 2 });
    expect(pageMeta(45, 1, 20)).toMatchObject({ prev_page: null, next_page: 2 });
    expect(pageMeta(0, 1, 20)).toMatchObject({
      total_pages: 0,
      has_more: false,
      next_page: null,
      prev_page: null,
    });
  });

  it("points prev at the last real page when asked past the end", () => {
    expect(pageMeta(45, 9, 20)).toMatchObject({ next_page: null, prev_page: 3 });
  });

  it("stops next at the depth cap while total stays exact", () => {
    expect(pageMeta(1_000_000, 100, 100)).toMatchObject({
      total: 1_000_000,
      total_pages: 10_000,
      max_page: 100,
      has_more: false,
      next_page: null,
    });
  });
});

describe("assertPageReachable", () => {
  it("refuses pages past the cap with invalid_parameter on page", () => {
    expect(() => assertPageReachable(100, 100)).not.toThrow();
    try {
      assertPageReachable(101, 100);
      expect.unreachable();
    } catch (e) {
      expect((e as ApiError).options.param).toBe("page");
      expect((e as ApiError).status).toBe(400);
    }
  });
});

describe("linkHeader", () => {
  it("keeps other parameters and names next, prev, first, last", () => {
    const h = linkHeader(new URL("http://x/v1/jobs?title=dev&page=2"), pageMeta(100, 2, 20)).Link;
    expect(h).toContain('</v1/jobs?title=dev&page=1>; rel="prev"');
    expect(h).toContain('</v1/jobs?title=dev&page=3>; rel="next"');
    expect(h).toContain('</v1/jobs?title=dev&page=5>; rel="last"');
  });
});
