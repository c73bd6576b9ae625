import { describe, expect, it } from "vitest";
import { foldName } from "./fold";

describe("foldName", () => {
  it("ignores case, accents and punctuation", () => {
    expect(foldName("Kraków")).toBe("krakow");
    expect(foldName("ZÜRICH")).toBe("zurich");
    expect(foldName("Washington, D.C.")).toBe("washington d c");
    expect(foldName("  São   Paulo ")).toBe("sao paulo");
  });
  it("folds letters Unicode does not decompose", () => {
    expect(foldName("Wrocław")).toBe(foldName("Wroclaw"));
    expect(foldName("Tromsø")).toBe("tromso");
    expect(foldName("Straße")).toBe("strasse");
  });
  it("gives the same key to both spellings of ș and ş", () => {
    expect(foldName("Iași")).toBe(foldName("Iaşi"));
  });
});
