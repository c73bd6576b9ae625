import { describe, expect, it } from "vitest";
import { expandSynonyms } from "./expand";
import { foldWord, parseQuery } from "./parse";
import { SYNONYMS } from "./synonyms";

describe("the synonym list", () => {
  it("has at least 100 entries, each a folded single word with expansions", () => {
    const keys = Object.keys(SYNONYMS);
    expect(keys.length).toBeGreaterThanOrEqual(100);
    for (const k of keys) {
      expect(k, k).toBe(foldWord(k));
      expect(k, k).toMatch(/^[a-z0-9]+$/);
      expect(SYNONYMS[k]?.length, k).toBeGreaterThan(0);
      for (const e of SYNONYMS[k] ?? []) expect(e.trim(), k).toBe(e);
    }
  });
});

describe("expandSynonyms", () => {
  const expand = (q: string) => {
    const parsed = parseQuery(q);
    if (!parsed.ok) throw new Error(parsed.message);
    return expandSynonyms(parsed.value);
  };
  it("adds expansions to searched words, case aside, and reports them", () => {
    const { clauses, expansions } = expand("K8s python");
    expect(clauses[0]?.any[0]?.also).toEqual(["kubernetes"]);
    expect(clauses[1]?.any[0]?.also).toBeUndefined();
    expect(expansions).toEqual([{ term: "K8s", also: ["kubernetes"] }]);
  });
  it("leaves excluded words and phrases exact", () => {
    const { clauses, expansions } = expand('python -js "k8s"');
    expect(clauses.flatMap((c) => c.any).every((i) => !i.also)).toBe(true);
    expect(expansions).toEqual([]);
  });
  it("does not treat inherited object keys as synonyms", () => {
    expect(expand("constructor toString").expansions).toEqual([]);
  });
});
