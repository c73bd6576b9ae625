import { describe, expect, it } from "vitest";
import { type Alternative, alternativeTexts } from "./alternatives";
import { PHRASE_BASE } from "./common-words";
import type { SearchClause } from "./tsquery-sql";
import { ruleOutBits } from "./word-bits";
import { bitsKeepSql, wordsMatchSql } from "./word-bits-sql";

const item = (kind: "term" | "phrase", text: string, negated = false) => ({
  kind,
  text,
  negated,
  position: 1,
});

// "data engineer" is a numbered phrase of two common lexemes; "data science" a phrase of two
// common lexemes the snapshot did not number; "senior data engineer" one of three.
// "kotlin" has no number: a query needing it is not decided by the bits.
const BITS: Record<string, number> = { data: 12, engineer: 20, science: 40, senior: 9, python: 3 };
const NUMBERED: Record<string, number> = { "data engineer": PHRASE_BASE + 4 };
function alternative(text: string, phrase: boolean): Alternative {
  const words = text.split(" ");
  const lexemes = words.map((w) => ({ lexeme: w, bit: BITS[w] ?? null, share: 0.5 }));
  const n = phrase ? NUMBERED[text] : undefined;
  return {
    nodes: 2 * words.length - 1,
    lexemes,
    phrase,
    ...(n === undefined ? {} : { numbered: { lexeme: text, bit: n, share: 0.1 } }),
  };
}
const bitsOf = (clauses: SearchClause[]) =>
  ruleOutBits(
    clauses,
    alternativeTexts(clauses).map((texts) => texts.map((t) => alternative(t.text, t.phrase))),
    1,
  );

describe("a numbered phrase", () => {
  it("is needed by its number, decides the query alone and implies its lexemes' share", () => {
    const bits = bitsOf([{ any: [item("phrase", "data engineer")] }, { any: [item("term", "python")] }]);
    expect(bits).toMatchObject({ need: [3, 12, 20, PHRASE_BASE + 4], exact: true });
    // The phrase's share (0.1) times python's (0.5): its lexemes, which it implies, add nothing.
    expect(bits?.share).toBeCloseTo(0.1 * 0.5);
    expect(bits?.sureShare).toBe(0);
  });

  it("is excluded by its number, so that the exclusions are decided", () => {
    const bits = bitsOf([
      { any: [item("term", "python")] },
      { any: [item("phrase", "data engineer", true)] },
    ]);
    expect(bits).toMatchObject({ need: [3], forbid: [PHRASE_BASE + 4], exact: true, exclusionsExact: true });
  });

  it("is an alternative of a set decided by the numbers", () => {
    const bits = bitsOf([{ any: [item("phrase", "data engineer"), item("term", "python")] }]);
    expect(bits).toMatchObject({ anyOf: [[3, PHRASE_BASE + 4]], exact: true });
    const sql = bitsKeepSql(bits as NonNullable<typeof bits>);
    expect(sql.text).toMatch(/more_words && \$\d+::int2\[\]/);
    expect(sql.values).toContainEqual([PHRASE_BASE + 4]);
  });

  it("leaves the words to decide a phrase without a number, or of three lexemes", () => {
    expect(bitsOf([{ any: [item("phrase", "data science")] }])).toMatchObject({
      need: [12, 40],
      exact: false,
    });
    expect(bitsOf([{ any: [item("phrase", "senior data engineer")] }])).toMatchObject({ exact: false });
    expect(
      bitsOf([{ any: [item("term", "python")] }, { any: [item("phrase", "data science", true)] }]),
    ).toMatchObject({ exclusionsExact: false });
  });

  it("is asked of the words as its lexemes, and of the job's list for its positions", () => {
    const clauses = [{ any: [item("phrase", "data engineer")] }, { any: [item("term", "kotlin")] }];
    const bits = bitsOf(clauses);
    expect(bits?.listed).toEqual([{ clause: 0, bit: PHRASE_BASE + 4 }]);
    const sql = wordsMatchSql(clauses, bits);
    // The tsquery holds the phrase's words without their positions; the list holds the phrase,
    // on the snapshot that numbered it (another snapshot's rows read their words for it).
    expect(sql.text).toMatch(/search @@ \(plainto_tsquery\([^)]*\) && plainto_tsquery/);
    expect(sql.text).toMatch(
      /CASE WHEN snapshot_id = \$\d+::int AND more_words IS NOT NULL THEN more_words @> \$\d+::int2\[\] ELSE search @@ \(phraseto_tsquery/,
    );
    expect(sql.values).toContainEqual([PHRASE_BASE + 4]);
  });

  it("is left out of the tsquery when excluded, unless nothing else would be left", () => {
    const excluded = [{ any: [item("term", "kotlin")] }, { any: [item("phrase", "data engineer", true)] }];
    const sql = wordsMatchSql(excluded, bitsOf(excluded));
    expect(sql.text).not.toContain("!!");
    expect(sql.text).toMatch(/NOT \(CASE WHEN/);
    const alone = [{ any: [item("phrase", "data engineer", true)] }];
    const only = wordsMatchSql(alone, bitsOf(alone));
    expect(only.text).toContain("!!phraseto_tsquery");
    expect(only.text).not.toContain("CASE WHEN");
  });

  it("changes nothing for a phrase without a number", () => {
    const clauses = [{ any: [item("phrase", "data science")] }, { any: [item("term", "python")] }];
    const bits = bitsOf(clauses);
    expect(bits?.listed).toEqual([]);
    expect(wordsMatchSql(clauses, bits).text).not.toContain("CASE WHEN");
  });
  it("is not listed for a word of stop words whose synonym it is: the words ask for the phrase", () => {
    // "IT" folds to a stop word; its synonym "data engineer" (numbered here) is all that is left.
    const clauses = [{ any: [{ ...item("term", "it"), also: ["data engineer"] }] }];
    const stop: Alternative = { nodes: 0, lexemes: [], phrase: false };
    const bits = ruleOutBits(clauses, [[stop, alternative("data engineer", true)]], 1);
    expect(bits?.listed).toEqual([]);
    expect(bits?.need).toContain(PHRASE_BASE + 4);
    // The bits decide: the phrase is the list's; a row of another snapshot reads its words for it.
    const sql = wordsMatchSql(clauses, bits);
    expect(sql.text).toMatch(
      /more_words @> \$\d+::int2\[\] +ELSE search @@ \(\(plainto_tsquery\([^)]*\) \|\| phraseto_tsquery/,
    );
  });

  it("reads a rare excluded word's jobs first only where the statement may (not on a bounded read of rows)", () => {
    const clauses = [{ any: [item("phrase", "data engineer")] }, { any: [item("term", "kotlin", true)] }];
    const bits = bitsOf(clauses);
    expect(bits).toMatchObject({ exact: true, rare: [1] });
    expect(wordsMatchSql(clauses, bits).text).toMatch(/id NOT IN \(SELECT id FROM jobs/);
    const bounded = wordsMatchSql(clauses, bits, { rareJobs: false }).text;
    expect(bounded).not.toContain("NOT IN");
    expect(bounded).toContain("!!plainto_tsquery");
  });

  it("where the bits decide q, asks the words' index for the lexemes only and the row for the rest", () => {
    const clauses = [
      { any: [item("phrase", "data engineer")] },
      { any: [item("term", "python")] },
      { any: [item("term", "science", true)] },
    ];
    const bits = bitsOf(clauses);
    expect(bits?.exact).toBe(true);
    const sql = wordsMatchSql(clauses, bits).text;
    const [indexed, rest] = sql.split("CASE WHEN");
    // No exclusion or phrase for the index (either makes it read every candidate's words) ...
    expect(indexed).toMatch(/search @@ \(plainto_tsquery\([^)]*\) && plainto_tsquery\([^)]*\)\)/);
    expect(indexed).not.toMatch(/!!|phraseto/);
    // ... the bits and the list decide them on the row.
    expect(rest).toMatch(/more_words @> \$\d+::int2\[\]/);
    expect(rest).toMatch(/\(common_words & \$\d+::varbit\) <= /);
  });
});
