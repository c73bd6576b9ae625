// Import files → numbered records. A structural problem (broken JSON, a bad CSV row, an
// unknown column) is reported with its line number instead of a record.
import { createReadStream } from "node:fs";
import readline from "node:readline";
import type { Readable } from "node:stream";
import { parse } from "csv-parse";
import { mapJobPosting } from "./job-posting";
import { splitJsonDocuments } from "./json-documents";

export type Numbered =
  /** `fit`: text longer than a column's limit is shortened, not refused (clean-record.ts). */
  | { line: number; record: Record<string, unknown>; fit?: boolean }
  | { line: number; problem: string }
  /** Left out on purpose, and counted: a JobPosting past its validThrough, another schema.org node. */
  | { line: number; skipped: "expired" | "not_a_job_posting" };

function unknownColumn(keys: string[], columns: readonly string[]): string | undefined {
  return keys.find((k) => !columns.includes(k));
}

export async function* readJsonLines(input: Readable, columns: readonly string[]): AsyncGenerator<Numbered> {
  let line = 0;
  for await (const text of readline.createInterface({ input, crlfDelay: Infinity })) {
    line++;
    if (!text.trim()) continue;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (err) {
      yield { line, problem: `not valid JSON (${(err as Error).message})` };
      continue;
    }
    if (typeof value !== "object" || value === null || Array.isArray(value)) {
      yield { line, problem: "must be a JSON object" };
      continue;
    }
    const unknown = unknownColumn(Object.keys(value), columns);
    if (unknown !== undefined) yield { line, problem: `unknown column "${unknown.slice(0, 40)}"` };
    else yield { line, record: value as Record<string, unknown> };
  }
}

export async function* readCsv(input: Readable, columns: readonly string[]): AsyncGenerator<Numbered> {
  let headerProblem: string | undefined;
  const parser = input.pipe(
    parse({
      bom: true,
      info: true,
      skip_empty_lines: true,
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
    const e = err as Error & { lines?: number };
    yield {
      line: e.lines ?? 0,
      problem: e.message.replace(/^Invalid Record Length: /, "").replace(/ on line \d+$/, ""),
    };
    return;
  }
  if (headerProblem) yield { line: 1, problem: headerProblem };
}

/** schema.org JobPosting objects (array, JSON Lines or @graph), mapped to import records. */
export async function* readJobPostings(input: Readable, now = new Date()): AsyncGenerator<Numbered> {
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

export function formatOf(file: string): "csv" | "jsonl" | "jsonld" {
  if (/\.csv$/i.test(file)) return "csv";
  if (/\.(jsonl|ndjson|json)$/i.test(file)) return "jsonl";
  if (/\.jsonld$/i.test(file)) return "jsonld";
  throw new Error(
    `Cannot tell the format of ${file}: name it .jsonl, .ndjson, .csv or (schema.org JobPosting) .jsonld`,
  );
}

export function readFile(file: string, columns: readonly string[]): AsyncGenerator<Numbered> {
  const stream = createReadStream(file, { highWaterMark: 1 << 20 });
  const format = formatOf(file);
  if (format === "jsonld") return readJobPostings(stream);
  return format === "csv" ? readCsv(stream, columns) : readJsonLines(stream, columns);
}
