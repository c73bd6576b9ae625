// Import files → numbered records. A structural problem (broken JSON, a bad CSV row, an
// unknown column, a record over the size limit) is reported with its line number instead of a
// record. Every reader decodes its input with one streaming UTF-8 decoder (text-stream.ts).
import { createReadStream } from "node:fs";
import { Readable } from "node:stream";
import { parse } from "csv-parse";
import { mapJobPosting } from "./job-posting";
import { splitJsonDocuments } from "./json-documents";
import { JOB_COLUMNS } from "./records";
import { type Format, SNIFF_CHARS, sniffFormat } from "./sniff";
import { type Chunks, decodeUtf8, MAX_RECORD_CHARS, peek, splitLines, tooLarge } from "./text-stream";

export type Numbered =
  /** `fit`: text longer than a column's limit is shortened, not refused (clean-record.ts). */
  | { line: number; record: Record<string, unknown>; fit?: boolean }
  | { line: number; problem: string }
  /** Left out on purpose, and counted: a JobPosting past its validThrough, another schema.org node. */
  | { line: number; skipped: "expired" | "not_a_job_posting" };

function unknownColumn(keys: string[], columns: readonly string[]): string | undefined {
  return keys.find((k) => !columns.includes(k));
}

function recordOf(line: number, text: string, columns: readonly string[]): Numbered {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    return { line, problem: `not valid JSON (${(err as Error).message})` };
  }
  if (typeof value !== "object" || value === null || Array.isArray(value))
    return { line, problem: "must be a JSON object" };
  const unknown = unknownColumn(Object.keys(value), columns);
  if (unknown !== undefined) return { line, problem: `unknown column "${unknown.slice(0, 40)}"` };
  return { line, record: value as Record<string, unknown> };
}

/** Records as JSON Lines (one object per line) or as one JSON array of objects. */
export async function* readJsonLines(input: Chunks, columns: readonly string[]): AsyncGenerator<Numbered> {
  const { head, all } = await peek(decodeUtf8(input), SNIFF_CHARS);
  if (head.trimStart().startsWith("[")) {
    for await (const piece of splitJsonDocuments(all))
      yield "problem" in piece ? piece : recordOf(piece.line, piece.text, columns);
    return;
  }
  for await (const item of splitLines(all)) {
    if ("tooLarge" in item) yield { line: item.line, problem: tooLarge(item.tooLarge) };
    else if (item.text.trim()) yield recordOf(item.line, item.text, columns);
  }
}

export async function* readCsv(input: Chunks, columns: readonly string[]): AsyncGenerator<Numbered> {
  let headerProblem: string | undefined;
  const source = Readable.from(decodeUtf8(input));
  const parser = source.pipe(
    parse({
      bom: true,
      info: true,
      skip_empty_lines: true,
      max_record_size: MAX_RECORD_CHARS,
      columns: (header: string[]) => {
        const names = header.map((h) => h.trim());
        const unknown = unknownColumn(names, columns);
        if (unknown !== undefined) headerProblem = `unknown column "${unknown.slice(0, 40)}"`;
        else if (new Set(names).size !== names.length) headerProblem = "a column is named twice";
        return names;
      },
    }),
  );
  try {
    for await (const { record, info } of parser as AsyncIterable<{
      record: Record<string, string>;
      info: { lines: number };
    }>) {
      if (headerProblem) break;
      yield { line: info.lines, record };
    }
  } catch (err) {
    // csv-parse stops at a malformed row (unclosed quote, wrong field count); it cannot resume.
    const e = err as Error & { lines?: number; code?: string };
    yield {
      line: e.lines ?? 0,
      problem:
        e.code === "CSV_MAX_RECORD_SIZE"
          ? tooLarge(MAX_RECORD_CHARS + 1)
          : e.message.replace(/^Invalid Record Length: /, "").replace(/ on line \d+$/, ""),
    };
    return;
  } finally {
    parser.destroy();
    source.destroy(); // closes the file when the loader stops early
  }
  if (headerProblem) yield { line: 1, problem: headerProblem };
}

/** schema.org JobPosting objects (array, JSON Lines, one posting or @graph), mapped to import records. */
export async function* readJobPostings(input: Chunks, now = new Date()): AsyncGenerator<Numbered> {
  for await (const piece of splitJsonDocuments(input)) {
    if ("problem" in piece) {
      yield piece;
      continue;
    }
    let value: unknown;
    try {
      value = JSON.parse(piece.text);
    } catch (err) {
      yield { line: piece.line, problem: `not valid JSON (${(err as Error).message})` };
      continue;
    }
    yield { line: piece.line, ...mapJobPosting(value, now) };
  }
}

const open = (file: string) => decodeUtf8(createReadStream(file, { highWaterMark: 1 << 20 }));
const postingsFor = (columns: readonly string[]) => columns === JOB_COLUMNS;

/** What the file holds, from its first characters (sniff.ts), or why none of the formats fits. */
export async function detectFormat(
  file: string,
  columns: readonly string[],
): Promise<{ format: Format } | { problem: string }> {
  const text = open(file);
  try {
    const { head } = await peek(text, SNIFF_CHARS);
    return sniffFormat(head, columns, postingsFor(columns));
  } finally {
    await text.return(undefined); // closes the file
  }
}

/** A file's records; its format is recognised by its content unless `format` says which. */
export async function* readFile(
  file: string,
  columns: readonly string[],
  format?: Format,
): AsyncGenerator<Numbered> {
  const text = open(file);
  const { head, all } = await peek(text, SNIFF_CHARS);
  const sniffed = format ? { format } : sniffFormat(head, columns, postingsFor(columns));
  if ("problem" in sniffed) {
    await text.return(undefined);
    yield { line: 1, problem: sniffed.problem };
    return;
  }
  if (sniffed.format === "jsonld") yield* readJobPostings(all);
  else if (sniffed.format === "csv") yield* readCsv(all, columns);
  else yield* readJsonLines(all, columns);
}
