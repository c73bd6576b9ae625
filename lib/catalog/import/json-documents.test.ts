import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { type Piece, splitJsonDocuments } from "./json-documents";

async function pieces(text: string, chunk = 7): Promise<Piece[]> {
  const chunks: string[] = [];
  for (let i = 0; i < text.length; i += chunk) chunks.push(text.slice(i, i + chunk));
  const out: Piece[] = [];
  for await (const p of splitJsonDocuments(Readable.from(chunks))) out.push(p);
  return out;
}
const parsed = (ps: Piece[]) =>
  ps.map((p) => ("text" in p ? [p.line, JSON.parse(p.text).n] : [p.line, p.problem]));

describe("splitting JSON-LD feeds", () => {
  it("takes a JSON array, with the line each posting starts on", async () => {
    const text = '[\n  {"n": 1, "s": "a } ] { ["},\n  {"n": 2,\n   "x": {"y": [1, {"z": 2}]}}\n]\n';
    expect(parsed(await pieces(text))).toEqual([
      [2, 1],
      [3, 2],
    ]);
  });
  it("takes JSON Lines", async () => {
    expect(parsed(await pieces('{"n": 1}\n\n{"n": 2, "q": "say \\"hi\\""}\n'))).toEqual([
      [1, 1],
      [3, 2],
    ]);
  });
  it("takes a document with @graph, and not the document itself", async () => {
    const text = '{"@context": {"@vocab": "https://schema.org/"},\n "@graph": [\n {"n": 1},\n {"n": 2}\n ]}';
    expect(parsed(await pieces(text, 5))).toEqual([
      [3, 1],
      [4, 2],
    ]);
  });
  it("takes a single posting", async () => {
    expect(parsed(await pieces('{"@type": "JobPosting", "n": 9}'))).toEqual([[1, 9]]);
  });
  it("reports broken structure with its line", async () => {
    expect(parsed(await pieces('[\n {"n": 1},\n {"n": 2]\n'))).toEqual([
      [2, 1],
      [3, 'not valid JSON: unexpected "]"'],
    ]);
    expect(parsed(await pieces('{"n": 1}\n{"n": 2'))).toEqual([
      [1, 1],
      [2, "not valid JSON: the file ends inside a value"],
    ]);
    expect(parsed(await pieces("hello"))).toEqual([[1, 'not valid JSON: unexpected "h" outside any object']]);
  });
});
