import { describe, expect, it } from "vitest";
import type { SearchClause } from "./tsquery-sql";
import { alternativeTexts, bitString, type Lexemes, ruleOutBits } from "./word-bits";

const term = (text: string, negated = false, also?: string[]) => ({
  kind: "term" as const,
  text,
  negated,
  position: 1,
  ...(also ? { also } : {}),
});
const phrase = (text: string, negated = false) => ({ kind: "phrase" as const, text, negated, position: 1 });

// Common lexemes and their bits; any other word is a lexeme without a bit, "the" has none.
const COMMON: Record<string, number> = {
  python: 3,
  remot: 7,
  senior: 9,
  data: 12,
  engin: 20,
  js: 30,
  javascript: 31,
};
function lexemes(text: string): Lexemes {
  return text
    .toLowerCase()
    .split(/\s+/)
    .filter((w) => w && w !== "the")
    .map((w) => ({ lexeme: w, bit: COMMON[w] ?? null }));
}
const bitsOf = (clauses: SearchClause[]) =>
  ruleOutBits(
    clauses,
    alternativeTexts(clauses).map((texts) => texts.map(lexemes)),
  );

describe("ruleOutBits", () => {
  it("needs every common lexeme of the words and phrases that must match", () => {
    expect(
      bitsOf([{ any: [term("python")] }, { any: [phrase("data engin")] }, { any: [term("rare")] }]),
    ).toEqual({
      need: [3, 12, 20],
      forbid: [],
      anyOf: [],
    });
  });

  it("forbids an excluded word of one common lexeme, never an excluded phrase", () => {
    expect(
      bitsOf([
        { any: [term("python")] },
        { any: [term("senior", true)] },
        { any: [phrase("data engin", true)] },
      ]),
    ).toEqual({
      need: [3],
      forbid: [9],
      anyOf: [],
    });
  });

  it("asks for one of a set when every alternative is a single common lexeme, else nothing", () => {
    expect(bitsOf([{ any: [term("python"), term("js", false, ["javascript"])] }])).toEqual({
      need: [],
      forbid: [],
      anyOf: [[3, 30, 31]],
    });
    // One alternative without a bit could be the one that matches.
    expect(bitsOf([{ any: [term("python"), term("rare")] }])).toBeNull();
    expect(bitsOf([{ any: [term("python"), phrase("data engin")] }])).toBeNull();
  });

  it("drops an alternative of stop words only, as the tsquery does", () => {
    expect(bitsOf([{ any: [term("the"), term("remot")] }])).toEqual({ need: [7], forbid: [], anyOf: [] });
    expect(bitsOf([{ any: [term("the")] }])).toBeNull();
  });

  it("rules nothing out for words without bits", () => {
    expect(bitsOf([{ any: [term("rare")] }, { any: [term("other", true)] }])).toBeNull();
  });
});

describe("bitString", () => {
  it("sets bit n at the nth character, bit 0 first, 1024 in all", () => {
    const s = bitString([0, 5, 1023]);
    expect(s).toHaveLength(1024);
    expect([...s].flatMap((c, i) => (c === "1" ? [i] : []))).toEqual([0, 5, 1023]);
  });
});
