import { describe, expect, it } from "vitest";
import { csvField, csvRow } from "./csv";

describe("CSV export", () => {
  it("leaves plain fields alone and writes null as empty", () => {
    expect(csvRow(["GET", 200, null, "/v1/jobs"])).toBe("GET,200,,/v1/jobs\r\n");
  });

  it("quotes fields holding commas, quotes or line breaks, doubling quotes", () => {
    expect(csvField('q="data engineer",spark')).toBe('"q=""data engineer"",spark"');
    expect(csvField("a\nb")).toBe('"a\nb"');
  });

  it("keeps a spreadsheet from running a field as a formula", () => {
    expect(csvField("=HYPERLINK(1)")).toBe("'=HYPERLINK(1)");
    expect(csvField("-2+3")).toBe("'-2+3");
    expect(csvField("@SUM(A1)")).toBe("'@SUM(A1)");
  });
});
