// PostgreSQL COPY text format: tab-separated, \N for NULL, backslash escapes.
export type CopyValue = string | number | Date | null;

const SPECIAL = /[\\\t\n\r]/;

/** A text value as COPY reads it. */
export function copyText(value: string): string {
  // Most values have nothing to escape: a test is cheaper than any replace. The escapes are four
  // native scans, not one replace with a callback per match, which is slower
  // (docs/performance.md).
  if (!SPECIAL.test(value)) return value;
  return value
    .replaceAll("\\", "\\\\")
    .replaceAll("\t", "\\t")
    .replaceAll("\n", "\\n")
    .replaceAll("\r", "\\r");
}

export function copyLine(values: CopyValue[]): string {
  let out = "";
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (i) out += "\t";
    if (v === null || v === undefined) out += "\\N";
    else if (typeof v === "number") out += String(v);
    else if (v instanceof Date) out += v.toISOString();
    else out += copyText(v);
  }
  return `${out}\n`;
}
