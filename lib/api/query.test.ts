import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ApiError } from "./errors";
import { parseQuery } from "./query";

const Schema = z.object({
  a: z.coerce.number().int().min(1, "must be at least 1").default(1),
  b: z.string().optional(),
});

function errorOf(fn: () => unknown): ApiError {
  try {
    fn();
  } catch (e) {
    return e as ApiError;
  }
  throw new Error("did not throw");
}

describe("parseQuery", () => {
  it("parses and defaults", () => {
    expect(parseQuery(new URLSearchParams("b=x"), Schema)).toEqual({ a: 1, b: "x" });
    expect(parseQuery(new URLSearchParams("a=3"), Schema)).toEqual({ a: 3 });
  });

  it("names the parameter that failed", () => {
    const err = errorOf(() => parseQuery(new URLSearchParams("a=0"), Schema));
    expect(err.code).toBe("invalid_parameter");
    expect(err.options.param).toBe("a");
    expect(err.message).toBe("a: must be at least 1");
  });

  it("refuses unknown and repeated parameters", () => {
    expect(errorOf(() => parseQuery(new URLSearchParams("c=1"), Schema)).options.param).toBe("c");
    expect(errorOf(() => parseQuery(new URLSearchParams("a=1&a=2"), Schema)).message).toMatch(
      /more than once/,
    );
  });
});
