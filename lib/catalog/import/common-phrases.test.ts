import { describe, expect, it } from "vitest";
import { PHRASE_BASE } from "../keywords/common-words";
import { KNOWN_PHRASES } from "../keywords/synonyms";
import { knownPhrases } from "./common-phrases";
import { JobWords } from "./job-words";

// A stand-in for the database's answer: lower-cased words, "the" a stop word (it takes a
// position). The database's own positions are compared in test/common-words.test.ts.
const words = () =>
  new JobWords(async (pieces) => pieces.map((p) => (p.toLowerCase() === "the" ? [[]] : [[p.toLowerCase()]])));

// A stand-in that makes a word of each space-separated part, as the database would, `stop` stop
// words (each takes a position).
const spaced = (stop: readonly string[] = []) =>
  new JobWords(async (pieces) =>
    pieces.map((p) =>
      p
        .toLowerCase()
        .split(" ")
        .map((x) => (stop.includes(x) ? [] : [x])),
    ),
  );

describe("common phrases", () => {
  it("number the adjacent pairs two or more jobs of the first batch hold, those in a title first", async () => {
    const w = words();
    const first = await w.build([
      ["Data Engineer", "Acme", "paid holiday"],
      ["Engineer", "Beta", "data engineer paid holiday"],
      // A stop word between them: not the phrase.
      ["Data", "Gamma", "the engineer paid holiday"],
    ]);
    expect(w.commonWords()).toEqual(["data", "engineer", "paid", "holiday"]);
    // "paid holiday" is held by more jobs, but no title holds it.
    expect(w.commonPhrases()).toEqual([
      { key: "data engineer", number: PHRASE_BASE, share: 2 / 3 },
      { key: "paid holiday", number: PHRASE_BASE + 1, share: 1 },
      { key: "engineer paid", number: PHRASE_BASE + 2, share: 2 / 3 },
    ]);
    const [a, b, c] = [PHRASE_BASE, PHRASE_BASE + 1, PHRASE_BASE + 2];
    expect([0, 1, 2].map((i) => first.more(i))).toEqual([`{${a},${b}}`, `{${a},${b},${c}}`, `{${b},${c}}`]);
  });

  it("number the known phrases (the synonym list's) first, in a title or not", async () => {
    const w = spaced();
    expect(KNOWN_PHRASES).toContain("customer service");
    await w.build([
      ["Data Engineer", "Acme", "customer service"],
      ["Data Engineer", "Beta", "customer service"],
    ]);
    const keys = w.commonPhrases().map((p) => p.key);
    // The held known one, then the other known ones, held or not, then the title's.
    const pairs = KNOWN_PHRASES.filter((p) => p.split(" ").length === 2);
    expect(keys.slice(0, pairs.length + 1)).toEqual([
      "customer service",
      ...pairs.filter((p) => p !== "customer service"),
      "data engineer",
    ]);
    // Then every longer one, held or not.
    expect(keys.slice(pairs.length + 1)).toContain("'customer' <-> 'relationship' <-> 'management'");
  });

  it("number the known longer phrases as chains and list each on the jobs holding its lexemes at its distances", async () => {
    const w = spaced(["a", "as"]);
    // No pair is held twice here, so the known ones are the only phrases.
    await w.build([
      ["t1", "c1", "x"],
      ["t2", "c2", "x"],
    ]);
    const saas = w.commonPhrases().find((p) => p.key === "'software' <3> 'service'");
    const crm = w.commonPhrases().find((p) => p.key === "'customer' <-> 'relationship' <-> 'management'");
    if (!saas || !crm) throw new Error("not numbered");
    expect([saas.share, crm.share]).toEqual([0, 0]);
    const later = await w.build([
      ["t", "c", "software as a service"],
      // Other stop words at the same distance are the same phrase to the database.
      ["t", "c", "software a a service"],
      ["t", "c", "software as service"],
      ["t", "c", "service as a software"],
      ["customer relationship", "management", "x"],
      ["t", "c", "customer relationship relationship management"],
      ["t", "c", "customer customer relationship management management customer relationship management"],
    ]);
    expect([0, 1, 2, 3, 4, 5, 6].map((i) => later.more(i))).toEqual([
      `{${saas.number}}`,
      `{${saas.number}}`,
      "{}",
      "{}",
      `{${crm.number}}`,
      "{}",
      `{${crm.number}}`,
    ]);
    expect(w.commonPhrases().find((p) => p.number === crm.number)?.share).toBe(2 / 9);
  });

  it("list a phrase once for each job holding its lexemes one position apart, in that order", async () => {
    const w = words();
    await w.build([
      ["data engineer", "a", "b"],
      ["data engineer", "c", "d"],
    ]);
    const later = await w.build([
      // The other order; apart; across the title's end and the company's start; twice; a stop
      // word between them.
      ["engineer data", "x", "y"],
      ["data", "x", "engineer"],
      ["x", "data", "engineer"],
      ["data engineer data engineer", "x", "y"],
      ["x", "data", "the engineer"],
    ]);
    expect([0, 1, 2, 3, 4].map((i) => later.more(i))).toEqual([
      "{}",
      "{}",
      `{${PHRASE_BASE}}`,
      `{${PHRASE_BASE}}`,
      "{}",
    ]);
    // Shares count every job given bits: two of the first batch's and two later, of seven.
    expect(w.commonPhrases()[0]?.share).toBe(4 / 7);
  });

  it("keep their numbers when the words' memory starts over", async () => {
    const w = words();
    const many = (prefix: string, n: number) =>
      Array.from({ length: n }, (_, i) => `${prefix}${i}`).join(" ");
    await w.build([
      ["data engineer", "a", "b"],
      ["data engineer", "c", "d"],
    ]);
    // More new pieces than the memory keeps: it forgets every piece and lexeme id, then reads them again.
    await w.build(Array.from({ length: 300 }, (_, j) => ["t", "c", many(`p${j}_`, 1_000)] as const));
    const after = await w.build([["x", "y", "engineer data engineer"]]);
    expect(after.more(0)).toBe(`{${PHRASE_BASE}}`);
    expect(w.commonPhrases().map((p) => p.key)).toEqual(["data engineer"]);
  });

  it("are chosen from the jobs counted after the words' memory started over while choosing", async () => {
    const w = words();
    const many = (prefix: string, n: number) =>
      Array.from({ length: n }, (_, i) => `${prefix}${i}`).join(" ");
    // A word past the 250 positions kept per lexeme: these jobs' pieces are remembered, but their
    // words are the database's, so none is counted.
    const past = " z".repeat(251);
    await w.build(
      Array.from({ length: 299 }, (_, j) => ["t", "c", `${many(`old${j}_`, 1_000)}${past}`] as const),
    );
    expect(w.commonPhrases()).toEqual([]);
    // The first two jobs are counted by ids the memory then forgets, making room for the third's.
    await w.build([
      ["t", "c", "old0_1 old0_2"],
      ["t", "c", "old0_1 old0_2"],
      ["x", "y", `${many("new", 1_000)} fresh pair`],
      ["x", "y", "fresh pair"],
    ]);
    expect(w.commonPhrases().map((p) => p.key)).toEqual(["x y", "fresh pair"]);
  });

  it("leave out lexemes holding a quote or a backslash, which a query cannot look up", async () => {
    const w = new JobWords(async (pieces) => pieces.map((p) => [[p]]));
    await w.build([
      ["o'neil engineer", "a\\b c", "plain pair"],
      ["o'neil engineer", "a\\b c", "plain pair"],
    ]);
    expect(w.commonPhrases().map((p) => p.key)).toEqual(["c plain", "plain pair"]);
  });
});

describe("knownPhrases", () => {
  it("make pairs of two adjacent lexemes and chains of the rest, stop words dropped at either end", () => {
    const known = knownPhrases([
      [["custom"], ["servic"]],
      [["softwar"], [], [], ["servic"]],
      [[], ["data"], ["engin"], []],
      [["english"], [], [], ["second"], ["languag"]],
      // Several lexemes at a position, a quote, one lexeme: not numbered.
      [["e-commerc", "e"], ["platform"]],
      [["o'neil"], ["engin"]],
      [["nurs"]],
      null,
    ]);
    expect([...known.pairs]).toEqual(["custom servic", "data engin"]);
    expect(known.chains).toEqual([
      { key: "'softwar' <3> 'servic'", lexemes: ["softwar", "servic"], offsets: [0, 3] },
      {
        key: "'english' <3> 'second' <-> 'languag'",
        lexemes: ["english", "second", "languag"],
        offsets: [0, 3, 4],
      },
    ]);
  });
});
