// Streams the postings of a JSON-LD feed one object at a time, with the line each starts on:
// a JSON array of postings, JSON Lines, or a document whose "@graph" array holds them. Only
// one posting's text is held at a time, whatever the file's size, and no more than
// MAX_RECORD_CHARS of it: a larger posting is reported with its line and skipped.
import { type Chunks, decodeUtf8, MAX_RECORD_CHARS, tooLarge } from "./text-stream";

export type Piece = { line: number; text: string } | { line: number; problem: string };

type Frame = "{" | "[";

/** Deeper nesting is refused: no posting needs it, and the stack must stay small. */
const MAX_DEPTH = 64;

export async function* splitJsonDocuments(input: Chunks, max = MAX_RECORD_CHARS): AsyncGenerator<Piece> {
  const stack: Frame[] = [];
  let line = 1;
  let inString = false;
  let escaped = false;
  // Strings of the top-level object, up to 64 characters (keys such as "@graph"), across chunks.
  let lastString = "";
  let stringStart = -1;
  let stringSoFar = "";
  let pendingKey: string | null = null;
  // Where a posting starts: objects in the top-level array, top-level objects (JSON Lines),
  // or, once "@graph" is seen, objects in that array.
  let graphDepth = -1;
  let topIsArray: boolean | null = null;
  // `size`: the posting's characters so far; past `max` its text is no longer kept.
  let record: { line: number; depth: number; parts: string[]; from: number; size: number } | null = null;

  const atRecordStart = () => {
    if (graphDepth >= 0) return stack.length === graphDepth;
    return topIsArray ? stack.length === 1 : stack.length === 0;
  };

  for await (const text of decodeUtf8(input)) {
    if (record) record.from = 0;
    for (let i = 0; i < text.length; i++) {
      const ch = text[i];
      if (ch === "\n") line++;
      if (inString) {
        if (escaped) escaped = false;
        else if (ch === "\\") escaped = true;
        else if (ch === '"') {
          inString = false;
          if (stack.length === 1 && stack[0] === "{")
            lastString = (stringSoFar + text.slice(Math.max(0, stringStart), i)).slice(0, 64);
        }
        continue;
      }
      switch (ch) {
        case '"':
          inString = true;
          stringStart = i + 1;
          stringSoFar = "";
          break;
        case ":":
          if (stack.length === 1) pendingKey = lastString;
          break;
        case ",":
          pendingKey = null;
          break;
        case "{":
        case "[":
          if (topIsArray === null && stack.length === 0) topIsArray = ch === "[";
          if (
            ch === "[" &&
            stack.length === 1 &&
            stack[0] === "{" &&
            pendingKey === "@graph" &&
            graphDepth < 0
          ) {
            graphDepth = 2;
            record = null; // the enclosing document is not a posting
          }
          if (ch === "{" && atRecordStart())
            record = { line, depth: stack.length, parts: [], from: i, size: 0 };
          if (stack.length >= MAX_DEPTH) {
            yield { line, problem: `not valid JSON: nested more than ${MAX_DEPTH} levels deep` };
            return;
          }
          stack.push(ch);
          break;
        case "}":
        case "]": {
          const open = stack.pop();
          if (open !== (ch === "}" ? "{" : "[")) {
            yield { line, problem: `not valid JSON: unexpected "${ch}"` };
            return;
          }
          if (record && ch === "}" && stack.length === record.depth) {
            const size = record.size + i + 1 - record.from;
            if (size > max) yield { line: record.line, problem: tooLarge(size) };
            else {
              record.parts.push(text.slice(record.from, i + 1));
              yield { line: record.line, text: record.parts.join("") };
            }
            record = null;
          }
          // A JSON Lines document ends: the next line may be a bare posting or another @graph.
          if (stack.length === 0 && topIsArray === false) {
            pendingKey = null;
            graphDepth = -1;
          }
          break;
        }
        default:
          if (stack.length === 0 && ch !== undefined && !/\s/.test(ch)) {
            yield { line, problem: `not valid JSON: unexpected "${ch}" outside any object` };
            return;
          }
      }
    }
    if (record) {
      record.size += text.length - record.from;
      if (record.size <= max) record.parts.push(text.slice(record.from));
      else record.parts = [];
    }
    if (inString && stack.length === 1)
      stringSoFar = (stringSoFar + text.slice(Math.max(0, stringStart))).slice(0, 64);
    stringStart = 0;
  }
  if (stack.length || inString) yield { line, problem: "not valid JSON: the file ends inside a value" };
}
