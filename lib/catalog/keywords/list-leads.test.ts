import { describe, expect, it } from "vitest";
import { phrase, term } from "@/test/support/word-bits-clauses";
import { type Alternative, alternativeTexts } from "./alternatives";
import { PHRASE_BASE } from "./common-words";
import { listLeads } from "./list-leads";
import type { SearchClause } from "./tsquery-sql";
import { ruleOutBits } from "./word-bits";
import { wordsMatchSql } from "./word-bits-sql";

// "crm" and "python" are common lexemes with a bit; "customer relationship management" a chain
// the snapshot numbered (every phrase's number is past the bits); "data science" a phrase the
// snapshot did not number.
const BITS: Record<string, number> = { crm: 7, python: 3, custom: 30, relationship: 31, manag: 32, data: 12 };
const CHAIN = PHRASE_BASE + 60;
const NUMBERED: Record<string, number> = { "customer relationship management": CHAIN };
function alternative(text: string, phrase: boolean): Alternative {
  const words = text.split(" ");
  const lexemes = words.map((w) => ({ lexeme: w, bit: BITS[w] ?? BITS[w.slice(0, 6)] ?? 40, share: 0.2 }));
  const n = phrase ? NUMBERED[text] : undefined;
  return {
    nodes: 2 * words.length - 1,
    lexemes,
    phrase,
    ...(n === undefined ? {} : { numbered: { lexeme: text, bit: n, share: 0.01 } }),
  };
}
const lexemesOf = (clauses: SearchClause[]) =>
  alternativeTexts(clauses).map((texts) => texts.map((t) => alternative(t.text, t.phrase)));
const CRM = { any: [term("crm", false, ["customer relationship management"])] };

describe("which index finds a clause's matches when the bits decide q", () => {
  it("is the list's for a phrase numbered past the bits, the words' for every other alternative", () => {
    const clauses = [CRM, { any: [term("python")] }];
    expect(listLeads(clauses, lexemesOf(clauses))).toEqual([
      { words: ["crm"], listed: [CHAIN] },
      { words: ["python"], listed: [] },
    ]);
  });

  it("leaves excluded clauses to the row, and is nothing without a phrase past the bits", () => {
    const excluded = [{ any: [term("python")] }, { any: [phrase("customer relationship management", true)] }];
    expect(listLeads(excluded, lexemesOf(excluded))).toBeUndefined();
    const unnumbered = [{ any: [phrase("data science"), term("python")] }];
    expect(listLeads(unnumbered, lexemesOf(unnumbered))).toBeUndefined();
  });
});

describe("q's condition when the bits decide it", () => {
  // One clause, and an exclusion the bits decide on the row.
  const clauses = [CRM, { any: [term("python", true)] }];
  const lexemes = lexemesOf(clauses);
  const ruled = ruleOutBits(clauses, lexemes, 1);
  const bits = ruled && { ...ruled, listLeads: listLeads(clauses, lexemes) };

  it("asks the list's index for a lone clause's phrase on a statement reading the bits' own snapshot", () => {
    expect(bits?.exact).toBe(true);
    const sql = wordsMatchSql(clauses, bits, { snapshotId: 1 });
    expect(sql.text).toMatch(/\(search @@ \(plainto_tsquery\([^)]*\)\) OR more_words && \$\d+::int2\[\]\)/);
    expect(sql.values).toContainEqual([CHAIN]);
    // The clause's alternatives are no longer ORed as lexemes for the words' index.
    expect(sql.text).not.toMatch(/plainto_tsquery\([^)]*\) \|\| plainto_tsquery/);
  });

  it("asks the words' index for the phrase's lexemes on any other snapshot, or one not known", () => {
    for (const snapshotId of [2, undefined]) {
      const sql = wordsMatchSql(clauses, bits, { snapshotId });
      expect(sql.text).not.toMatch(/\(search @@ \(plainto_tsquery\([^)]*\)\) OR more_words &&/);
      expect(sql.text).toMatch(/plainto_tsquery\([^)]*\) \|\| plainto_tsquery/);
    }
  });

  it("leaves every phrase to the words' index beside another clause, which intersects them in one scan", () => {
    const cs = [CRM, { any: [term("python")] }];
    const lex = lexemesOf(cs);
    const r = ruleOutBits(cs, lex, 1);
    const sql = wordsMatchSql(cs, r && { ...r, listLeads: listLeads(cs, lex) }, { snapshotId: 1 });
    expect(sql.text).not.toMatch(/\(search @@ \(plainto_tsquery\([^)]*\)\) OR more_words &&/);
    expect(sql.text).toMatch(
      /search @@ \(\(plainto_tsquery\([^)]*\) \|\| plainto_tsquery\([^)]*\)\) && plainto_tsquery/,
    );
  });

  it("leaves a phrase that is a clause alone to the words' index beside other words, and to the list's when alone", () => {
    const chain = { any: [phrase("customer relationship management")] };
    const sqlOf = (cs: SearchClause[]) => {
      const lex = lexemesOf(cs);
      const r = ruleOutBits(cs, lex, 1);
      return wordsMatchSql(cs, r && { ...r, listLeads: listLeads(cs, lex) }, { snapshotId: 1 });
    };
    // Beside python: the words' index intersects the phrase's lexemes with python's in one scan.
    const beside = sqlOf([chain, { any: [term("python")] }]);
    expect(beside.text).not.toMatch(/ AND more_words && /);
    expect(beside.text).toMatch(
      /^\(NOT words_rule_out.* AND search @@ \(plainto_tsquery\([^)]*\) && plainto_tsquery/,
    );
    // Alone: the list's index, and no lexemes.
    const alone = sqlOf([chain]);
    expect(alone.text).toMatch(/ AND more_words && \$\d+::int2\[\] AND CASE/);
    expect(alone.text).not.toMatch(/search @@ \(plainto_tsquery\([^)]*\)\) AND/);
  });
});
