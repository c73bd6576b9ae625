import { describe, expect, it } from "vitest";
import { END_MARK, JobWords, type Piece, type PieceRow, piecesFromRows } from "./job-words";

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
    asked.push(pieces);
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
    expect(Buffer.from(built.bytes(0) ?? []).toString()).toBe("'o''neil':1A 'a\\\\\\\\b':2B 'x':3 ");
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
});
