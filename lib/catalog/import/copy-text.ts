// PostgreSQL COPY text format: tab-separated, \N for NULL, backslash escapes.
export type CopyValue = string | number | Date | null;

const SPECIAL = /[\\\t\n\r]/;

function escapeCopy(value: string): string {
  // Most values have nothing to escape: a test is cheaper than a replace with a callback.
  if (!SPECIAL.test(value)) return value;
  return value.replace(/[\\\t\n\r]/g, (c) =>
    c === "\\" ? "\\\\" : c === "\t" ? "\\t" : c === "\n" ? "\\n" : "\\r",
  );
}

export function copyLine(values: CopyValue[]): string {
  let out = "";
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (i) out += "\t";
    if (v === null || v === undefined) out += "\\N";
    else if (typeof v === "number") out += String(v);
    else if (v instanceof Date) out += v.toISOString();
    else out += escapeCopy(v);
  }
  return `${out}\n`;
}
