// Lexemes numbered past the 1,024 bits, listed in a job's more_words: exact like bits, and
// checked in the list by the SQL the bits make.
import { describe, expect, it } from "vitest";
import { bitsOf, term } from "@/test/support/word-bits-clauses";
import type { WordBits } from "./word-bits";
import { bitString, bitsKeepSql, ruleOutCondition } from "./word-bits-sql";

describe("words numbered past the bits", () => {
  const sqlOf = (bits: WordBits | null) => {
    const sql = bitsKeepSql(bits as WordBits);
    return { text: sql.sql.replace(/\s+/g, " "), values: sql.values };
  };

  it("are exact like bits, needed, forbidden or in a set", () => {
    expect(bitsOf([{ any: [term("kafka")] }, { any: [term("spark", true)] }])).toMatchObject({
      need: [1500],
      forbid: [1600],
      exact: true,
    });
    expect(bitsOf([{ any: [term("python"), term("kafka")] }])).toMatchObject({
      anyOf: [[3, 1500]],
      exact: true,
    });
  });

  it("are checked in more_words: held, not held, or one of a set with the bits", () => {
    const { text, values } = sqlOf(
      bitsOf([
        { any: [term("kafka")] },
        { any: [term("spark", true)] },
        { any: [term("python"), term("remot")] },
      ]),
    );
    expect(text).toContain("more_words IS NOT NULL");
    expect(text).toContain("more_words @> ?::int2[]");
    expect(text).toContain("NOT (more_words && ?::int2[])");
    expect(values).toContainEqual([1500]);
    expect(values).toContainEqual([1600]);
    const mixed = sqlOf(bitsOf([{ any: [term("python"), term("kafka")] }]));
    expect(mixed.text).toContain("((common_words & ?::varbit) <> ?::varbit OR more_words && ?::int2[])");
  });

  it("ask nothing of more_words when every word has a bit, so older snapshots' jobs (more_words null) are kept", () => {
    expect(sqlOf(bitsOf([{ any: [term("python")] }, { any: [term("remot", true)] }])).text).not.toContain(
      "more_words",
    );
  });

  it("rule out by their list (more_words_rule_out), but a set holding one is left to the words", () => {
    const alone = ruleOutCondition(bitsOf([{ any: [term("kafka")] }]));
    expect(alone?.sql).toContain(
      "NOT more_words_rule_out(more_words, snapshot_id, ?::int, ?::int2[], ?::int2[])",
    );
    expect(alone?.sql).not.toContain("NOT words_rule_out");
    expect(alone?.values).toEqual([1, [1500], null]);
    expect(ruleOutCondition(bitsOf([{ any: [term("python"), term("kafka")] }]))).toBeNull();
    const both = ruleOutCondition(bitsOf([{ any: [term("python")] }, { any: [term("spark", true)] }]));
    expect(both?.sql).toContain("NOT words_rule_out(");
    expect(both?.values).toContain(bitString([3]));
    expect(both?.values).toContainEqual([1600]);
  });
});
