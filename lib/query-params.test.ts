import { describe, expect, it } from "vitest";
import { z } from "zod";
import { parseQueryParams } from "./query-params";

const Schema = z.object({
  a: z.coerce.number().int().min(1, "must be at least 1").default(1),
  b: z.string().optional(),
});

const parse = (query: string) => parseQueryParams(new URLSearchParams(query), Schema);

describe("parseQueryParams", () => {
  it("parses and defaults", () => {
    expect(parse("b=x")).toEqual({ ok: true, value: { a: 1, b: "x" } });
    expect(parse("a=3")).toEqual({ ok: true, value: { a: 3 } });
  });

  it("names the parameter that failed", () => {
    const r = parse("a=0");
    expect(r).toMatchObject({
      ok: false,
      code: "invalid_parameter",
      param: "a",
      message: "a: must be at least 1",
    });
  });

  it("refuses unknown and repeated parameters", () => {
    expect(parse("c=1")).toMatchObject({ ok: false, param: "c" });
    expect(parse("a=1&a=2")).toMatchObject({ ok: false, message: expect.stringMatching(/more than once/) });
  });
});
