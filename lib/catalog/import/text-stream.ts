// Import files as text: bytes decoded as UTF-8 with one decoder for the whole stream (a character
// split across two chunks is whole again), lines and records bounded in size so that one huge
// record is refused with its line instead of filling the heap.

import { StringDecoder } from "node:string_decoder";

export type Chunks = AsyncIterable<Buffer | Uint8Array | string>;

/**
 * The most characters one record may hold in the file (a JSON line, a JobPosting object, a CSV
 * row): 1 MiB of ASCII. Far above any real posting (descriptions are kept to 50,000 characters).
 */
export const MAX_RECORD_CHARS = 1 << 20;

export const tooLarge = (chars: number) =>
  `record is too large (${chars.toLocaleString("en-US")} characters or more; the limit is ${MAX_RECORD_CHARS.toLocaleString("en-US")})`;

/** The stream's text; a byte-order mark at its start is dropped. */
export async function* decodeUtf8(input: Chunks): AsyncGenerator<string> {
  const decoder = new StringDecoder("utf8");
  let first = true;
  for await (const chunk of input) {
    let text =
      typeof chunk === "string"
        ? chunk
        : decoder.write(
            Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.length),
          );
    if (first && text) {
      first = false;
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    }
    if (text) yield text;
  }
  const rest = decoder.end();
  if (rest) yield rest;
}

function newlines(s: string): number {
  let n = 0;
  for (let i = s.indexOf("\n"); i >= 0; i = s.indexOf("\n", i + 1)) n++;
  return n;
}

/**
 * The first `chars` characters after any leading whitespace (fewer if the text is shorter), and
 * the whole text again. Leading whitespace is not held, whatever its length: it is given again as
 * its line breaks alone, so line numbers stay right.
 */
export async function peek(
  text: AsyncIterable<string>,
  chars: number,
): Promise<{ head: string; all: AsyncGenerator<string> }> {
  const it = text[Symbol.asyncIterator]();
  const seen: string[] = [];
  let blankLines = 0;
  let length = 0;
  let done = false;
  while (length < chars) {
    const next = await it.next();
    if (next.done) {
      done = true;
      break;
    }
    let chunk = next.value;
    if (!seen.length) {
      const rest = chunk.trimStart();
      blankLines += newlines(chunk.slice(0, chunk.length - rest.length));
      if (!rest) continue;
      chunk = rest;
    }
    seen.push(chunk);
    length += chunk.length;
  }
  async function* all(): AsyncGenerator<string> {
    try {
      for (let n = blankLines; n > 0; n -= 1 << 16) yield "\n".repeat(Math.min(n, 1 << 16));
      yield* seen;
      if (done) return;
      for (let next = await it.next(); !next.done; next = await it.next()) yield next.value;
    } finally {
      await it.return?.(); // a reader that stops early closes the file
    }
  }
  return { head: seen.join("").slice(0, chars), all: all() };
}

export type Line = { line: number; text: string } | { line: number; tooLarge: number };

/** Lines (without their "\n" or "\r\n"), each held whole only when within `max` characters. */
export async function* splitLines(text: AsyncIterable<string>, max = MAX_RECORD_CHARS): AsyncGenerator<Line> {
  let line = 1;
  let parts: string[] = [];
  let size = 0;
  const end = (last: string): Line => {
    const total = size + last.length;
    const out: Line =
      total > max ? { line, tooLarge: total } : { line, text: (parts.join("") + last).replace(/\r$/, "") };
    parts = [];
    size = 0;
    line++;
    return out;
  };
  for await (const chunk of text) {
    let from = 0;
    for (let nl = chunk.indexOf("\n"); nl >= 0; nl = chunk.indexOf("\n", from)) {
      yield end(chunk.slice(from, nl));
      from = nl + 1;
    }
    const rest = chunk.length - from;
    // Past the limit the line's text is dropped; only its length is still counted.
    if (size + rest <= max) parts.push(chunk.slice(from));
    else parts = [];
    size += rest;
  }
  if (size > 0) yield end("");
}
