import { describe, expect, it } from "vitest";
import { copyLine } from "./copy-text";

describe("copyLine", () => {
  it("escapes separators and marks NULL", () => {
    expect(
      copyLine(["a\tb", "line1\nline2\r", "back\\slash", null, 5, new Date("2026-01-02T03:04:05Z")]),
    ).toBe("a\\tb\tline1\\nline2\\r\tback\\\\slash\t\\N\t5\t2026-01-02T03:04:05.000Z\n");
  });
});
