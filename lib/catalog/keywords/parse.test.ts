import { describe, expect, it } from "vitest";
import { foldWord, parseQuery } from "./parse";

const clauses = (q: string) => {
  const r = parseQuery(q);
  if (!r.ok) throw new Error(r.message);
  return r.value.clauses.map((c) =>
    c.any.map((i) => `${i.negated ? "-" : ""}${i.kind === "phrase" ? `"${i.text}"` : i.text}`),
  );
};
const refusal = (q: string) => {
  const r = parseQuery(q);
  if (r.ok) throw new Error(`accepted: ${q}`);
  return r.message;
};

describe("parseQuery", () => {
  it("reads words, phrases, exclusions and OR", () => {
    expect(clauses("python django")).toEqual([["python"], ["django"]]);
    expect(clauses('"data engineer" spark')).toEqual([['"data engineer"'], ["spark"]]);
    expect(clauses('kubernetes -senior -"team lead"')).toEqual([
      ["kubernetes"],
      ["-senior"],
      ['-"team lead"'],
    ]);
    expect(clauses('kafka OR airflow OR "stream processing" java')).toEqual([
      ["kafka", "airflow", '"stream processing"'],
      ["java"],
    ]);
  });

  it("keeps lower-case or as a word and skips tokens without letters or digits", () => {
    expect(clauses("salt or pepper")).toEqual([["salt"], ["or"], ["pepper"]]);
    expect(clauses("c++ & c# - .net")).toEqual([["c++"], ["c#"], [".net"]]);
  });

  it("refuses what it cannot read, with the 1-based position", () => {
    expect(refusal('"data engineer')).toMatch(/quote at position 1 is never closed/);
    expect(refusal('spark "x')).toMatch(/position 7/);
    expect(refusal("python OR")).toMatch(/OR at position 8/);
    expect(refusal("OR python")).toMatch(/OR at position 1/);
    expect(refusal("a OR OR b")).toMatch(/OR at position 6/);
    expect(refusal("-python -java")).toMatch(/not only exclusions/);
    expect(refusal("python OR -java")).toMatch(/position 11/);
    expect(refusal('"  "')).toMatch(/phrase at position 1 has no letters/);
    expect(refusal("x ".repeat(17))).toMatch(/at most 16/);
    expect(refusal("y".repeat(301))).toMatch(/at most 300/);
  });

  it("counts positions in characters, not UTF-16 units", () => {
    expect(refusal('😀 "x')).toMatch(/position 3/);
  });
});

describe("foldWord", () => {
  it("folds case and accents the way the vocabulary does", () => {
    expect(foldWord("MÜNCHEN")).toBe("munchen");
    expect(foldWord("Société")).toBe("societe");
    expect(foldWord("Straße")).toBe("strasse");
  });
});
