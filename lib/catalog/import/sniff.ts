// Which reader a file needs, from its first characters, whatever its name: scrapers save JSON
// arrays of JobPostings as .json, spreadsheets save CSV as .txt. A file that is none of the
// formats is refused with what it looks like instead.
import { MAX_RECORD_CHARS } from "./text-stream";

export const FORMATS = ["jsonl", "csv", "jsonld"] as const;
export type Format = (typeof FORMATS)[number];

/**
 * Characters read to decide (after leading whitespace): a whole first record of any size the
 * readers accept, so a JobPosting's "@type" is seen even after a long description.
 */
export const SNIFF_CHARS = MAX_RECORD_CHARS;
const BINARY_SAMPLE = 64 * 1024;

export const ACCEPTED =
  "Accepted, whatever the file's name: JSON Lines or a JSON array of records, CSV with a header row, " +
  "or schema.org JobPosting JSON-LD (a JSON array, JSON Lines, one posting, or a @graph document); " +
  "--format jsonl|csv|jsonld overrides the guess.";
const SALARY_ACCEPTED = "A salary file is JSON Lines, a JSON array of records, or CSV with a header row.";

// A JSON-LD key ("@context", "@type", "@graph") as a key, not inside an escaped string.
const JSON_LD_KEY = /(^|[^\\])"@(context|type|graph)"\s*:/;

function looksBinary(head: string): boolean {
  let odd = 0;
  for (let i = 0; i < head.length; i++) {
    const c = head.charCodeAt(i);
    if (c === 0) return true;
    if (c === 0xfffd || (c < 32 && c !== 9 && c !== 10 && c !== 12 && c !== 13)) odd++;
  }
  return odd > head.length / 100;
}

const cells = (line: string, sep: string) =>
  line.split(sep).map((cell) =>
    cell
      .trim()
      .replace(/^"(.*)"$/, "$1")
      .trim(),
  );

/**
 * The format of a file that starts with `head` (decoded, without a byte-order mark), or what it
 * looks like when it is none. `postings`: schema.org JobPostings are accepted (jobs, not salaries).
 */
export function sniffFormat(
  head: string,
  columns: readonly string[],
  postings: boolean,
): { format: Format } | { problem: string } {
  const accepted = postings ? ACCEPTED : SALARY_ACCEPTED;
  const refuse = (what: string) => ({ problem: `the file ${what}. ${accepted}` });
  const text = head.trimStart();
  if (!text) return refuse("is empty");
  if (head.startsWith("\u001f\ufffd") || head.startsWith("PK\u0003\u0004"))
    return refuse("looks like a compressed archive (gzip or zip): unpack it first");
  if (head.startsWith("%PDF-")) return refuse("looks like a PDF document");
  if (looksBinary(head.slice(0, BINARY_SAMPLE)))
    return refuse("looks like binary data, or text that is not UTF-8");
  if (text[0] === "{" || text[0] === "[") {
    if (!JSON_LD_KEY.test(head)) return { format: "jsonl" };
    return postings ? { format: "jsonld" } : refuse("looks like schema.org JSON-LD");
  }
  if (text[0] === "<") {
    if (/<script[^>]*application\/ld\+json/i.test(head))
      return refuse(
        'looks like an HTML page with JSON-LD in <script type="application/ld+json">, which is not read: save the JobPosting JSON itself',
      );
    return refuse(
      /^<(\?xml|rss|feed|urlset|source|jobs)\b/i.test(text)
        ? "looks like XML without JobPosting data"
        : "looks like HTML without JobPosting data",
    );
  }
  const nl = text.indexOf("\n");
  const first = (nl < 0 ? text : text.slice(0, nl)).replace(/\r$/, "");
  const known = (sep: string) => cells(first, sep).filter((c) => columns.includes(c)).length;
  if (first.includes(",") && known(",") > 0) return { format: "csv" };
  for (const [sep, name] of [
    [";", "semicolons"],
    ["\t", "tabs"],
  ] as const)
    if (first.includes(sep) && known(sep) > 1)
      return refuse(`looks like CSV separated by ${name}: use commas`);
  return refuse(
    `looks like text but not CSV: its first line ("${first.slice(0, 40)}") names none of the columns (${columns.join(", ")})`,
  );
}
