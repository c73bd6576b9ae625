// PostgreSQL COPY text format: tab-separated, \N for NULL, backslash escapes.
export type CopyValue = string | number | Date | null;

function escapeCopy(value: string): string {
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
