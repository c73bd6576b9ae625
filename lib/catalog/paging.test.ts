import { describe, expect, it } from "vitest";
import { pageBeyondCap, pageMeta } from "./paging";

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

  it("has no prev when there is nothing at all, whatever the page", () => {
    expect(pageMeta(0, 3, 20)).toMatchObject({ total: 0, next_page: null, prev_page: null });
  });

  it("points prev at the page before when past a lower bound, where the last real page is unknown", () => {
    expect(pageMeta(0, 7, 20, false)).toMatchObject({ total: 0, next_page: null, prev_page: 6 });
    expect(pageMeta(45, 9, 20, false)).toMatchObject({ next_page: null, prev_page: 8 });
    expect(pageMeta(0, 1, 20, false)).toMatchObject({ prev_page: null });
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

describe("pageBeyondCap", () => {
  it("refuses pages past the cap with invalid_parameter on page", () => {
    expect(pageBeyondCap(100, 100)).toBeNull();
    expect(pageBeyondCap(101, 100)).toMatchObject({ ok: false, code: "invalid_parameter", param: "page" });
  });
});
