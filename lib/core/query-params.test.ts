import { describe, expect, it } from "vitest";
import { z } from "zod";
import { hasUnsafeCharacter, parseQueryParams, unsafeParam } from "./query-params";

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

  it("refuses control characters and malformed escapes in any value, naming the parameter", () => {
    for (const bad of [
      "%00",
      "a%00",
      "%01",
      "%1F",
      "%7F",
      "%C2%80",
      "%FF",
      "%ED%A0%80",
      "%E2%82",
      "x%0Ay",
      "%09",
    ]) {
      const r = parse(`a=1&b=${bad}`);
      expect(r, bad).toMatchObject({ ok: false, code: "invalid_parameter", param: "b" });
      if (!r.ok) expect(r.message).toMatch(/^b: must not contain control characters/);
    }
  });

  it("refuses them in names too, and never echoes the raw character", () => {
    const r = parse("b%00=1");
    expect(r).toMatchObject({ ok: false, param: "b\\u0000" });
    if (!r.ok) expect(hasUnsafeCharacter(r.message + (r.param ?? ""))).toBe(false);
  });

  it("cuts a long name it shows between characters, never through a surrogate pair", () => {
    // 40 characters reach into the second 𐀀 (two UTF-16 units): cut by units, half a pair is left.
    for (const query of [
      "a=1&'100000000000000000000000000000%00%F0%90%80%80%F0%90%80%80",
      `${"x".repeat(39)}${"%F0%90%80%80".repeat(3)}=1`,
    ]) {
      const r = parse(query);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(hasUnsafeCharacter(r.message + (r.param ?? "")), query).toBe(false);
    }
    const long = parse(`${"x".repeat(39)}${"%F0%90%80%80".repeat(3)}=1`);
    expect(long).toMatchObject({ ok: false, param: `${"x".repeat(39)}\u{10000}…` });
  });

  it("lets ordinary text through: accents, emoji, CJK, spaces", () => {
    for (const good of ["Zürich", "São Paulo", "東京", "👩‍💻 dev", "a b", "O'Brien & Co"]) {
      expect(parse(`b=${encodeURIComponent(good)}`), good).toMatchObject({ ok: true, value: { b: good } });
    }
  });
});

describe("hasUnsafeCharacter", () => {
  it("finds lone surrogates but not whole pairs", () => {
    expect(hasUnsafeCharacter("a\uD800")).toBe(true);
    expect(hasUnsafeCharacter("\uDC00b")).toBe(true);
    expect(hasUnsafeCharacter("\uD83D\uDE00")).toBe(false);
    expect(unsafeParam(new URLSearchParams([["x", "ok"]]))).toBeNull();
  });
});
