import { describe, expect, it } from "vitest";
import { typedText, valueText } from "./format";

describe("typedText", () => {
  it("cuts at whole characters, never inside an emoji's surrogate pair", () => {
    const text = `${"a".repeat(59)}😀😀`;
    expect(typedText(text)).toBe(`${"a".repeat(59)}😀`);
    expect(typedText("Zürich")).toBe("Zürich");
  });

  it("gives nothing for text with a control character or a lone surrogate", () => {
    expect(typedText("Berlin\u0000")).toBe("");
    expect(typedText("x\uD800")).toBe("");
  });
});

describe("valueText", () => {
  it("names work arrangements and seniority as the site writes them", () => {
    expect(valueText("on_site")).toBe("On site");
    expect(valueText("remote")).toBe("Remote");
    expect(valueText("mid")).toBe("Mid-level");
    expect(valueText(null)).toBeNull();
  });
});
