// Where every imported record's text is made plain, whatever file or format it came from (the
// loader calls these on each record before anything else reads it). Text columns go through the
// one sanitiser (html-text.ts); ids, codes, enums, numbers and dates are checked by the schemas,
// and links by apply-url.ts.
import { htmlToText, textLine } from "./html-text";

/** Column limits in characters, after cleaning (records.ts refuses longer text). */
export const TEXT_LIMITS = {
  title: 300,
  company: 200,
  location: 200,
  city: 120,
  description: 50_000,
} as const;

const TEXT_COLUMNS = ["title", "company", "location", "city", "description"] as const;
/** Columns a filter compares as text (and by a key of their composed form). */
const COMPOSED: ReadonlySet<string> = new Set(["city", "company"]);

/** At most `max` UTF-16 units, ending in "…" when cut, never half a surrogate pair. */
export function shorten(s: string, max: number): string {
  if (s.length <= max) return s;
  let end = max - 1;
  const last = s.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end--;
  return `${s.slice(0, end)}…`;
}

/**
 * The record with its text columns cleaned. `fit`: longer text is shortened to the column's limit
 * instead of refused (schema.org feeds, whose text is not written for these limits).
 */
export function cleanJobRecord(record: Record<string, unknown>, fit = false): Record<string, unknown> {
  let out: Record<string, unknown> | undefined; // a copy, once something changes
  for (const column of TEXT_COLUMNS) {
    const v = record[column];
    if (typeof v !== "string") continue;
    const line = column === "description" ? htmlToText(v) : textLine(v);
    // A city or company is kept composed (NFC), as its key and a filter's name are, so that one
    // spelling compares equal as text too: once its markup and entities are gone (an entity may
    // be a combining mark), and before it is shortened, which must not split a letter's marks.
    const text = COMPOSED.has(column) ? line.normalize("NFC") : line;
    const fitted = fit ? shorten(text, TEXT_LIMITS[column]) : text;
    if (fitted === v) continue;
    out ??= { ...record };
    out[column] = fitted;
  }
  return out ?? record;
}

/** A salary record's place name, cleaned like a job's city. */
export function cleanSalaryRecord(record: Record<string, unknown>): Record<string, unknown> {
  return typeof record.city === "string" ? { ...record, city: textLine(record.city) } : record;
}
