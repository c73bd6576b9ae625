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
  it("takes JSON Lines mixing @graph documents and bare postings, each line as it is", async () => {
    const text =
      '{"@graph": [{"n": 1}, {"n": 2}]}\n{"n": 3, "at": {"n": 9}}\n{"@graph": [{"n": 4}]}\n{"n": 5}\n';
    expect(parsed(await pieces(text))).toEqual([
      [1, 1],
      [1, 2],
      [2, 3],
      [3, 4],
      [4, 5],
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
  it("decodes UTF-8 across chunk edges, whatever bytes a chunk ends on", async () => {
    const bytes = Buffer.from('[{"n": 1, "name": "Müller 😀 漢"}]');
    for (let cut = 1; cut < bytes.length; cut++) {
      const split = await (async () => {
        const out: Piece[] = [];
        for await (const p of splitJsonDocuments(
          Readable.from([bytes.subarray(0, cut), bytes.subarray(cut)]),
        ))
          out.push(p);
        return out;
      })();
      expect(split.map((p) => ("text" in p ? JSON.parse(p.text).name : p.problem))).toEqual(["Müller 😀 漢"]);
    }
  });
  it("refuses a posting over the size limit with its line, and goes on", async () => {
    const big = `{"n": 2, "d": "${"x".repeat(100)}"}`;
    const text = `[\n{"n": 1},\n${big},\n{"n": 3}]`;
    const out: Piece[] = [];
    for await (const p of splitJsonDocuments(Readable.from([text.slice(0, 20), text.slice(20)]), 50))
      out.push(p);
    expect(out.map((p) => ("text" in p ? [p.line, JSON.parse(p.text).n] : [p.line, p.problem]))).toEqual([
      [2, 1],
      [
        3,
        expect.stringMatching(/^record is too large \(1\d\d characters or more; the limit is 1,048,576\)$/),
      ],
      [4, 3],
    ]);
  });
  it("refuses nesting deeper than 64 levels", async () => {
    expect(parsed(await pieces(`${"[".repeat(100)}`))).toEqual([
      [1, "not valid JSON: nested more than 64 levels deep"],
    ]);
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
