// ruleOutBits: which common lexemes a search needs, forbids or asks one of, and when the bits
// alone decide. Words numbered past the bits: word-bits-more-words.test.ts.
import { describe, expect, it } from "vitest";
import { alternative, bitsOf, phrase, term } from "@/test/support/word-bits-clauses";
import { alternativeTexts } from "./alternatives";
import { ruleOutBits, type WordBits } from "./word-bits";
import { bitsKeepSql, ruleOutCondition } from "./word-bits-sql";

describe("ruleOutBits", () => {
  it("needs every common lexeme of the words and phrases that must match", () => {
    expect(
      bitsOf([{ any: [term("python")] }, { any: [phrase("data engin")] }, { any: [term("rare")] }]),
    ).toEqual({
      snapshotId: 1,
      need: [3, 12, 20],
      forbid: [],
      anyOf: [],
      anyOfRare: [],
      exact: false,
      exclusionsExact: true,
      share: 0.125,
      sureShare: 0,
      rare: [],
      rareShare: 0,
      listed: [],
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
      snapshotId: 1,
      need: [3],
      forbid: [9],
      anyOf: [],
      anyOfRare: [],
      exact: false,
      exclusionsExact: false,
      share: 0.25,
      sureShare: 0,
      rare: [],
      rareShare: 0,
      listed: [],
    });
  });

  it("asks for one of a set when every alternative is a single common lexeme, else nothing", () => {
    expect(bitsOf([{ any: [term("python"), term("js", false, ["javascript"])] }])).toEqual({
      snapshotId: 1,
      need: [],
      forbid: [],
      anyOf: [[3, 30, 31]],
      anyOfRare: [[]],
      exact: true,
      exclusionsExact: true,
      share: 0.875,
      sureShare: 0.5,
      rare: [],
      rareShare: 0,
      listed: [],
    });
    // A phrase of common words could be the one that matches: the bits cannot say.
    expect(bitsOf([{ any: [term("python"), phrase("data engin")] }])).toBeNull();
  });

  it("reads a set's alternatives too rare for a number from the words' index, exactly", () => {
    const clauses = [{ any: [term("python"), term("rare"), phrase("rare data")] }];
    const alternatives = alternativeTexts(clauses).map((t) => t.map((a) => alternative(a.text, a.phrase)));
    const bits = ruleOutBits(clauses, alternatives, 1, 0.01);
    expect(bits).toMatchObject({
      anyOf: [[3]],
      anyOfRare: [
        [
          { text: "rare", phrase: false },
          { text: "rare data", phrase: true },
        ],
      ],
      exact: true,
      rareShare: 0.02,
      listed: [],
    });
    // The guess leaves the rare alternatives out; the bound on the jobs read first counts each.
    expect(bits?.share).toBe(0.5);
    expect(bits?.sureShare).toBe(0.5);
    // A job without python may hold a rare one: the set rules nothing out.
    expect(ruleOutCondition(bits)).toBeNull();
    const sql = bitsKeepSql(bits as WordBits).sql.replace(/\s+/g, " ");
    expect(sql).toContain("OR id IN (SELECT id FROM jobs WHERE snapshot_id = ?::int AND search @@");
    // Only rare alternatives: the words decide, as before.
    expect(bitsOf([{ any: [term("rare"), term("other")] }])).toBeNull();
  });

  it("is sure of a share only as far as Fréchet's bound allows, the words' overlaps unknown", () => {
    // One word: its own share. Two words of 50 % each: they may never meet.
    expect(bitsOf([{ any: [term("python")] }])?.sureShare).toBe(0.5);
    expect(bitsOf([{ any: [term("python")] }, { any: [term("data")] }])).toMatchObject({
      share: 0.25,
      sureShare: 0,
    });
    // Excluding a word every job might hold leaves nothing sure either.
    expect(bitsOf([{ any: [term("python")] }, { any: [term("senior", true)] }])?.sureShare).toBe(0);
  });

  it("takes a hyphenated word's joined lexeme for the word, since a job holding it holds the parts", () => {
    const hyphenated = [
      { lexeme: "full-tim", bit: 1, share: 0.7 },
      { lexeme: "full", bit: 2, share: 0.72 },
      { lexeme: "time", bit: 4, share: 0.8 },
    ];
    const word = { nodes: 5, lexemes: hyphenated, phrase: false };
    const clauses = [{ any: [term("full-time")] }];
    expect(ruleOutBits(clauses, [[word]], 1)).toMatchObject({ need: [1, 2, 4], exact: true, sureShare: 0.7 });
    // Three lexemes none of which joins the others: Fréchet's bound over the three.
    const plain = hyphenated.map((l) => ({ ...l, lexeme: l.lexeme.replace("-", "") }));
    expect(ruleOutBits(clauses, [[{ ...word, lexemes: plain }]], 1)?.sureShare).toBeCloseTo(0.22, 10);
  });

  it("drops an alternative of stop words only, as the tsquery does", () => {
    expect(bitsOf([{ any: [term("the"), term("remot")] }])).toEqual({
      snapshotId: 1,
      need: [7],
      forbid: [],
      anyOf: [],
      anyOfRare: [],
      exact: true,
      exclusionsExact: true,
      share: 0.5,
      sureShare: 0.5,
      rare: [],
      rareShare: 0,
      listed: [],
    });
    expect(bitsOf([{ any: [term("the")] }])).toBeNull();
  });

  it("is exact when every word is a single common lexeme, included or excluded", () => {
    expect(bitsOf([{ any: [term("python")] }, { any: [term("senior", true)] }])).toMatchObject({
      exact: true,
      exclusionsExact: true,
      share: 0.25,
      rare: [],
      rareShare: 0,
      listed: [],
    });
    expect(bitsOf([{ any: [term("python")] }, { any: [term("rare")] }])?.exact).toBe(false);
    expect(bitsOf([{ any: [phrase("python")] }])?.exact).toBe(true);
    // Positive words the bits cannot decide leave exclusions they can decide to them.
    expect(bitsOf([{ any: [term("rare")] }, { any: [term("senior", true)] }])).toMatchObject({
      exact: false,
      exclusionsExact: true,
    });
    // One lexeme twice is a phrase of two positions: the bit says it is held, not that it is repeated.
    expect(bitsOf([{ any: [phrase("python python")] }])).toMatchObject({ need: [3], exact: false });
  });

  it("is exact for a word of several common lexemes (their tsquery is an AND), never for a phrase of them", () => {
    // "Data engin" stands for a hyphenated word, whose lexemes plainto_tsquery joins with &.
    expect(bitsOf([{ any: [term("data engin")] }])).toMatchObject({ need: [12, 20], exact: true });
    expect(bitsOf([{ any: [phrase("data engin")] }])).toMatchObject({ need: [12, 20], exact: false });
    expect(bitsOf([{ any: [term("data rare")] }])).toMatchObject({ need: [12], exact: false });
    // Excluded, it would need "not all of them", which no set of forbidden bits says.
    expect(bitsOf([{ any: [term("python")] }, { any: [term("data engin", true)] }])?.exact).toBe(false);
  });

  it("leaves an excluded word too rare for a bit to be read from the words' index, never a common phrase", () => {
    const clauses = [
      { any: [term("python")] },
      { any: [term("rare", true)] },
      { any: [phrase("data engin", true)] },
    ];
    expect(
      ruleOutBits(
        clauses,
        alternativeTexts(clauses).map((t) => t.map((a) => alternative(a.text, a.phrase))),
        1,
        0.01,
      ),
    ).toMatchObject({
      rare: [1],
      rareShare: 0.01,
      listed: [],
      exact: false,
    });
    const rareOnly = clauses.slice(0, 2);
    expect(
      ruleOutBits(
        rareOnly,
        alternativeTexts(rareOnly).map((t) => t.map((a) => alternative(a.text, a.phrase))),
        1,
        0.01,
      ),
    ).toMatchObject({
      need: [3],
      rare: [1],
      exact: true,
    });
  });

  it("gives nothing for a snapshot without common words (its jobs have no bits)", () => {
    const clauses = [{ any: [term("the")] }, { any: [term("rare", true)] }];
    const alternatives = alternativeTexts(clauses).map((t) => t.map((a) => alternative(a.text, a.phrase)));
    expect(ruleOutBits(clauses, alternatives, 1, 0.01)).toMatchObject({ rare: [1], exact: true });
    expect(ruleOutBits(clauses, alternatives, 1, null)).toBeNull();
  });

  it("rules nothing out for words without bits", () => {
    expect(bitsOf([{ any: [term("rare")] }, { any: [term("other")] }])).toBeNull();
    expect(bitsOf([{ any: [term("rare")] }, { any: [term("other", true)] }])).toMatchObject({
      need: [],
      forbid: [],
      anyOf: [],
      anyOfRare: [],
      exact: false,
    });
  });
});
