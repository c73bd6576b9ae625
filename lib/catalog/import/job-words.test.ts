import { describe, expect, it } from "vitest";
import { COMMON_PHRASES, COMMON_WORD_BITS, MORE_WORDS } from "../keywords/common-words";
import { KNOWN_PHRASES } from "../keywords/synonyms";
import { JobWords } from "./job-words";
import { END_MARK, type Piece, type PieceRow, piecesFromRows } from "./job-words-sql";

// A stand-in for the database's answer: lower-cased words, "the" a stop word, "full-time" a
// compound of three positions. Only the laying out of pieces is tested here; the database's own
// answers are compared in test/job-words.test.ts.
function lexicon(piece: string): Piece {
  const out: string[][] = [];
  for (const word of piece.toLowerCase().split(/[,.]/).filter(Boolean)) {
    if (word === "the") out.push([]);
    else if (word === "full-time") out.push(["full-tim"], ["full"], ["time"]);
    else out.push([word]);
  }
  return out;
}

function words() {
  const asked: string[][] = [];
  const w = new JobWords(async (pieces) => {
    // The known phrases, asked once when the first batch chooses: not a piece of any job.
    if (pieces !== KNOWN_PHRASES && pieces.join() !== KNOWN_PHRASES.join()) asked.push(pieces);
    return pieces.map(lexicon);
  });
  return { w, asked, one: async (t: string, c: string, d: string) => (await w.build([[t, c, d]])).text(0) };
}

describe("JobWords", () => {
  it("lays out title, company and description as setweight(A) || setweight(B) || D", async () => {
    const { one } = words();
    // The stop word takes a position; each part starts after the last position holding a lexeme.
    expect(await one("The Engineer", "Acme", "engineer, full-time the")).toBe(
      "'engineer':2A 'acme':3B 'engineer':4 'full-tim':5 'full':6 'time':7 ",
    );
  });

  it("asks for each piece once, across jobs and batches", async () => {
    const { w, asked } = words();
    await w.build([
      ["a b", "c", "a a b"],
      ["b", "c", "d"],
    ]);
    await w.build([["d c", "b", "a"]]);
    expect(asked).toEqual([["a", "b", "c", "d"]]);
  });

  it("leaves to the database a text with markup, or past its limits", async () => {
    const { one } = words();
    expect(await one("Engineer", "Acme", "see <b>this</b>")).toBeNull();
    expect(await one("Engineer", "Acme", "python ".repeat(251))).toBeNull();
    expect(await one("Engineer", "Acme", "python ".repeat(250))).not.toBeNull();
    expect(await one("Engineer", "Acme", "the ".repeat(16_000))).toBe("'engineer':1A 'acme':2B ");
    expect(await one("Engineer", "Acme", `${"the ".repeat(16_000)}word`)).toBeNull();
  });

  it("escapes quotes and backslashes for the tsvector and COPY texts", async () => {
    const w = new JobWords(async (pieces) => pieces.map((p) => [[p]]));
    const built = await w.build([["o'neil", "a\\b", "x"]]);
    expect(built.text(0)).toBe("'o''neil':1A 'a\\\\b':2B 'x':3 ");
    expect(Buffer.from(built.bytes(0) ?? []).toString()).toBe(
      `'o''neil':1A 'a\\\\\\\\b':2B 'x':3 \tx${"0".repeat(256)}\t{}`,
    );
  });
});

describe("JobWords' memory", () => {
  const many = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}${i}`).join(" ");

  it("starts over without losing the pieces of the batch that made it start over", async () => {
    const { w, asked } = words();
    await w.build(Array.from({ length: 299 }, (_, j) => ["t", "c", many(`old${j}_`, 1_000)] as const));
    const built = await w.build([
      ["t", "c", `${many("new", 1_000)} old0_1`],
      ["t", "c", "old0_2 t"],
    ]);
    expect(built.texts().every((x) => x !== null)).toBe(true);
    // The second job was laid out before the memory started over; the first is asked for whole.
    expect(asked[1]).toEqual(expect.arrayContaining(["old0_1", "t", "c", "new0"]));
    expect(asked[1]).not.toContain("old0_2");
    expect(w.leftToDatabase).toBe(0);
  });

  it("leaves to the database a batch with more new pieces than it keeps", async () => {
    const { w } = words();
    const built = await w.build([["t", "c", many("p", 300_001)]]);
    expect(built.text(0)).toBeNull();
    expect(w.leftToDatabase).toBe(1);
    expect((await w.build([["t", "c", "fine"]])).text(0)).toBe("'t':1A 'c':2B 'fine':3 ");
  });

  it("leaves to the database a job holding a piece that reaches tsvector's last position", async () => {
    const w = new JobWords(async (pieces) => pieces.map((p) => (p === "huge" ? null : [[p]])));
    const built = await w.build([
      ["a", "b", "x huge"],
      ["a", "b", "x"],
    ]);
    expect(built.texts()).toEqual([null, "'a':1A 'b':2B 'x':3 "]);
  });

  it("leaves to the database a text whose first piece starts with '.' or '~'", async () => {
    const { one } = words();
    expect(await one(".net developer", "Acme", "x")).toBeNull();
    expect(await one("Developer", "~Acme", "x")).toBeNull();
    expect(await one("Developer", "Acme", " .net")).not.toBeNull();
  });
});

describe("piecesFromRows", () => {
  it("counts positions up to the end mark, stop words included", () => {
    const rows: PieceRow[] = [
      { n: 1, lexeme: "cat", positions: [2] },
      { n: 1, lexeme: END_MARK, positions: [4] },
      { n: 2, lexeme: END_MARK, positions: [1] },
      { n: 3, lexeme: END_MARK, positions: [2, 3] },
      { n: 3, lexeme: "x", positions: [1] },
    ];
    // Piece 3 holds the mark word itself before the mark.
    expect(piecesFromRows(3, rows)).toEqual([[[], ["cat"], []], [], [["x"], [END_MARK]]]);
  });

  it("gives null for a piece whose end mark reached tsvector's last position", () => {
    const rows: PieceRow[] = [
      { n: 1, lexeme: "python", positions: [16_383] },
      { n: 1, lexeme: END_MARK, positions: [16_383] },
    ];
    expect(piecesFromRows(1, rows)).toEqual([null]);
  });

  it("gives the lexemes most jobs of the first batch hold a bit each, and each job the bits of its own", async () => {
    const { w } = words();
    const first = await w.build([
      ["a b", "c", "d"],
      ["a", "b", "e"],
      ["a", "x", "y"],
    ]);
    // a is held by three jobs, b by two; c, d, e, x, y by one each, which is too few.
    expect(w.commonWords()).toEqual(["a", "b"]);
    expect(w.commonShares()).toEqual([1, 2 / 3]);
    expect(first.bits(0)).toBe(`x${"c"}${"0".repeat(255)}`);
    expect(first.bits(2)).toBe(`x${"8"}${"0".repeat(255)}`);
    expect(first.text(0)).toBe("'a':1A 'b':2A 'c':3B 'd':4 ");
    // Later batches keep the first batch's choice, whatever they hold.
    const later = await w.build([
      ["b", "e", "e"],
      ["q", "q", "q"],
    ]);
    expect(w.commonWords()).toEqual(["a", "b"]);
    expect(later.bits(0)).toBe(`x${"4"}${"0".repeat(255)}`);
    expect(later.bits(1)).toBe(`x${"0".repeat(256)}`);
    // Shares are counted over every job given bits: a and b are each held by three of five.
    expect(w.commonShares()).toEqual([3 / 5, 3 / 5]);
  });

  it("numbers the lexemes past the bits' and lists each job's in ascending order after its bits", async () => {
    const { w } = words();
    // 2,100 lexemes, each held by the first two jobs, chosen in the order they were first read.
    const many = Array.from({ length: 2_100 }, (_, i) => `w${String(i).padStart(4, "0")}`).join(",");
    const first = await w.build([
      ["t", "c", many],
      ["t", "c", many],
    ]);
    const chosen = w.commonWords();
    expect(chosen).toHaveLength(COMMON_WORD_BITS + MORE_WORDS);
    expect(chosen[1024]).toBe("w1022");
    // Every more word, then the phrases: each pair of neighbours is held by both jobs too.
    const numbered = Array.from({ length: MORE_WORDS + COMMON_PHRASES }, (_, i) => COMMON_WORD_BITS + i);
    expect(first.more(0)).toBe(`{${numbered.join(",")}}`);
    // w0005 is bit 7 (after t and c), w1030 and w1500 are 1032 and 1502, w2050 has no number.
    const later = await w.build([["s", "k", "w2050,w1500,w0005,w1030"]]);
    expect(later.bits(0)).toBe(`x01${"0".repeat(254)}`);
    expect(later.more(0)).toBe("{1032,1502}");
    expect(later.text(0)).toBe("'s':1A 'k':2B 'w2050':3 'w1500':4 'w0005':5 'w1030':6 ");
  });

  it("leaves the choice to the next batch when the first has no job whose words it builds", async () => {
    const { w } = words();
    await w.build([["a", "b", "see <b>this</b>"]]);
    expect(w.commonWords()).toEqual([]);
    const next = await w.build([
      ["c", "d", "e"],
      ["c", "x", "y"],
    ]);
    expect(w.commonWords()).toEqual(["c"]);
    expect(next.bits(1)).toBe(`x8${"0".repeat(255)}`);
  });

  it("writes no bits for a job the database makes the words of", async () => {
    const { w } = words();
    const built = await w.build([["a", "b", "see <b>this</b>"]]);
    expect(built.bytes(0)).toBeNull();
    expect(built.bits(0)).toBeNull();
    expect(built.more(0)).toBeNull();
  });
});
