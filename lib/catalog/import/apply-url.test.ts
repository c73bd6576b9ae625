import { describe, expect, it } from "vitest";
import { cleanApplyUrl } from "./apply-url";

describe("cleanApplyUrl", () => {
  it("keeps http(s) and mailto links", () => {
    expect(cleanApplyUrl("https://jobs.example.com/apply?id=1")).toBe("https://jobs.example.com/apply?id=1");
    expect(cleanApplyUrl(" http://example.org/x ")).toBe("http://example.org/x");
    expect(cleanApplyUrl("mailto:jobs@example.com?subject=Hi")).toBe("mailto:jobs@example.com?subject=Hi");
  });

  it("drops dangerous, relative and malformed links", () => {
    for (const bad of [
      "javascript:alert(1)",
      "JavaScript:alert(1)",
      "data:text/html,x",
      "/apply/1",
      "apply.html",
      "https://",
      "http://localhost/x",
      "mailto:",
      "mailto:nobody",
      "ftp://example.com/x",
      "https://user:pw@example.com/",
      "mailto:%zz",
      `https://example.com/${"漢".repeat(600)}`,
      "",
      null,
      42,
    ]) {
      expect(cleanApplyUrl(bad)).toBe("");
    }
  });
});
