// Words too rare for a number: which of q's lexemes are estimated (rareLexemes), how their
// estimates replace the floor in what a walk expects to read first (ruleOutBits' rareShare), and
// what a needed one gives the matches' count (rareNeed, countDeadlineMs).
import { describe, expect, it } from "vitest";
import { alternative, phrase, term } from "@/test/support/word-bits-clauses";
import { alternativeTexts } from "./alternatives";
import { type Estimate, estimable, prefixPattern } from "./rare-estimates";
import { countDeadlineMs, RARE_NEED_COUNT_DEADLINE_MS, rareLexemes } from "./rare-words";
import type { SearchClause } from "./tsquery-sql";
import { ruleOutBits } from "./word-bits";

const lexemesOf = (clauses: SearchClause[]) =>
  alternativeTexts(clauses).map((t) => t.map((a) => alternative(a.text, a.phrase)));
/** Estimates whose high side is ten times the point, to tell which one a rule used. */
const estimates = (points: Record<string, number>) =>
  new Map<string, Estimate>(Object.entries(points).map(([l, p]) => [l, { point: p, high: 10 * p }]));

describe("rare words", () => {
  it("are estimated when needed, excluded or a set's alternative, not in phrases or alone in q", () => {
    const clauses = [
      { any: [term("lonely")] },
      { any: [term("python"), term("rare"), phrase("rare data")] },
      { any: [term("seldom", true)] },
      { any: [term("senior", true)] },
    ];
    expect(rareLexemes(clauses, lexemesOf(clauses))).toEqual(["lonely", "rare", "seldom"]);
    // q of one rare word: nothing for its bits to judge.
    const alone = [{ any: [term("lonely")] }];
    expect(rareLexemes(alone, lexemesOf(alone))).toEqual([]);
    const set = [{ any: [term("lonely"), term("rare")] }];
    expect(rareLexemes(set, lexemesOf(set))).toEqual(["lonely", "rare"]);
  });

  it("are looked up by a LIKE prefix that matches their own % _ and \\ as themselves", () => {
    expect(prefixPattern("amplitud")).toBe("amplitud%");
    expect(prefixPattern("a%b_c\\d")).toBe("a\\%b\\_c\\\\d%");
  });

  it("are estimated only where the vocabulary can hold them: 3 to 40 characters, no digits", () => {
    expect(["amplitud", "ec2", "k8s", "ux", "x".repeat(41), "café"].map(estimable)).toEqual([
      true,
      false,
      false,
      false,
      false,
      true,
    ]);
  });

  it("give a needed one's point estimate (rareNeed), and the matches' count longer to finish", () => {
    const clauses = [{ any: [term("python")] }, { any: [term("lonely")] }, { any: [term("seldom")] }];
    const estimated = estimates({ lonely: 0.002, seldom: 0.0005 });
    const bits = ruleOutBits(clauses, lexemesOf(clauses), 1, 0.01, estimated);
    expect(bits?.rareNeed).toBe(0.0005);
    expect(countDeadlineMs(bits, 1, 1_000_000)).toBe(RARE_NEED_COUNT_DEADLINE_MS);
    // Past RARE_NEED_AT_MOST jobs by the estimate: the usual deadline.
    expect(countDeadlineMs(bits, 1, 100_000_000)).toBeUndefined();
    // Another snapshot's bits say nothing of this one.
    expect(countDeadlineMs(bits, 2, 1_000_000)).toBeUndefined();
    // No estimate: the count keeps its usual deadline.
    const unknown = ruleOutBits(clauses, lexemesOf(clauses), 1, 0.01);
    expect(unknown?.rareNeed).toBeUndefined();
    expect(countDeadlineMs(unknown, 1, 1_000_000)).toBeUndefined();
    // A set of rare words only bounds q by their points' sum.
    const set = [{ any: [term("python")] }, { any: [term("lonely"), term("seldom")] }];
    expect(ruleOutBits(set, lexemesOf(set), 1, 0.01, estimated)?.rareNeed).toBeCloseTo(0.0025, 12);
    // A set holding a numbered word, or an excluded rare word, bounds nothing.
    const mixed = [{ any: [term("senior")] }, { any: [term("python"), term("lonely")] }];
    expect(ruleOutBits(mixed, lexemesOf(mixed), 1, 0.01, estimated)?.rareNeed).toBeUndefined();
    const excluded = [{ any: [term("python")] }, { any: [term("seldom", true)] }];
    expect(ruleOutBits(excluded, lexemesOf(excluded), 1, 0.01, estimated)?.rareNeed).toBeUndefined();
  });

  it("replace the floor by their high estimates, the floor standing for those without one", () => {
    const clauses = [{ any: [term("python"), term("rare"), term("other")] }, { any: [term("seldom", true)] }];
    const estimated = estimates({ rare: 0.0002, seldom: 0.0001 });
    const bits = ruleOutBits(clauses, lexemesOf(clauses), 1, 0.01, estimated);
    // "other" has no estimate: the floor. "rare" and "seldom": their high sides.
    expect(bits?.rareShare).toBeCloseTo(0.01 + 0.002 + 0.001, 12);
    expect(bits?.rare).toEqual([1]);
    // The excluded word's share lowers the sure share by itself alone.
    expect(bits?.sureShare).toBeCloseTo(0.5 + (1 - 0.001) - 1, 12);
    expect(ruleOutBits(clauses, lexemesOf(clauses), 1, 0.01)?.rareShare).toBeCloseTo(0.03, 12);
  });

  it("a phrase's rare alternative is held by at most its least held estimated lexeme's jobs", () => {
    const clauses = [{ any: [term("python"), phrase("rare seldom")] }];
    const estimated = estimates({ rare: 0.003, seldom: 0.0004 });
    expect(ruleOutBits(clauses, lexemesOf(clauses), 1, 0.01, estimated)?.rareShare).toBeCloseTo(0.004, 12);
  });
});
