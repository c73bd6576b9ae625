// CSV as spreadsheets read it (RFC 4180): fields with commas, quotes or line breaks are quoted.
// A field a spreadsheet would run as a formula (= + - @ at its start) gets a leading apostrophe:
// a query string is the caller's text, and an export must not turn it into a formula.

const FORMULA = /^[=+\-@\t\r]/;

export function csvField(value: string | number | null): string {
  if (value === null) return "";
  if (typeof value === "number") return String(value);
  const safe = FORMULA.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** Starts a file: the byte-order mark spreadsheets need to read UTF-8 (key hints hold "…"). */
export const CSV_START = "\uFEFF";

export function csvRow(values: (string | number | null)[]): string {
  return `${values.map(csvField).join(",")}\r\n`;
}
