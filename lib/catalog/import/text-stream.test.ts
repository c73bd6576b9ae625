import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { decodeUtf8, type Line, peek, splitLines } from "./text-stream";

async function all<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}
const bytes = (...parts: number[][]) => Readable.from(parts.map((p) => Buffer.from(p)));

describe("decodeUtf8", () => {
  it("joins a character split across chunks, and drops a leading byte-order mark", async () => {
    const text = (
      await all(decodeUtf8(bytes([0xef, 0xbb], [0xbf, 0x4d, 0xc3], [0xbc, 0xf0, 0x9f], [0x98, 0x80])))
    ).join("");
    expect(text).toBe("Mü😀");
  });
});

describe("splitLines", () => {
  const lines = async (chunks: string[], max: number) => all<Line>(splitLines(Readable.from(chunks), max));
  it("splits on \\n and \\r\\n across chunks, keeping line numbers", async () => {
    expect(await lines(["a\r", "\nb", "c\n\nd"], 10)).toEqual([
      { line: 1, text: "a" },
      { line: 2, text: "bc" },
      { line: 3, text: "" },
      { line: 4, text: "d" },
    ]);
  });
  it("gives the length of a line over the limit instead of its text, and goes on", async () => {
    expect(await lines(["12345", "67\nok\n", "1234567890", "1\n"], 6)).toEqual([
      { line: 1, tooLarge: 7 },
      { line: 2, text: "ok" },
      { line: 3, tooLarge: 11 },
    ]);
    expect(await lines(["123456"], 6)).toEqual([{ line: 1, text: "123456" }]);
  });
});

describe("peek", () => {
  it("skips leading whitespace to see the start, and gives the whole text again with its line breaks", async () => {
    const { head, all: text } = await peek(Readable.from([" \n\n", "  \n ", "{ab", "cd}\n"]), 3);
    expect(head).toBe("{ab");
    expect((await all(text)).join("")).toBe("\n\n\n{abcd}\n");
  });
});
