import { describe, expect, it } from "vitest";
import { cleanApplyUrl } from "./apply-url";

describe("cleanApplyUrl", () => {
  it("keeps http(s) and mailto links", () => {
    expect(cleanApplyUrl("https://jobs.example.com/apply?id=1")).toBe("https://jobs.example.com/apply?id=1");
    expect(cleanApplyUrl(" http://example.org/x ")).toBe("http://example.org/x");
    expect(cleanApplyUrl("mailto:jobs@example.com?subject=Hi")).toBe("mailto:jobs@example.com?subject=Hi");
    expect(cleanApplyUrl("mailto:jobs@example.com")).toBe("mailto:jobs@example.com");
    expect(cleanApplyUrl("mailto:jürgen@bäckerei.example.de")).toBe(
      "mailto:j%C3%BCrgen@b%C3%A4ckerei.example.de",
    );
  });

  it("keeps only the subject of a mailto link, as one line of plain text", () => {
    expect(
      cleanApplyUrl(
        "mailto:jobs@example.com?bcc=spy@evil.example&body=I%20agree%20to%20pay&subject=Job%2042",
      ),
    ).toBe("mailto:jobs@example.com?subject=Job%2042");
    expect(cleanApplyUrl("mailto:jobs@example.com?cc=a@b.example&to=c@d.example&X-Header=1")).toBe(
      "mailto:jobs@example.com",
    );
    expect(cleanApplyUrl("mailto:jobs@example.com?SUBJECT=Hi%0D%0ABcc:%20x@y.example")).toBe(
      "mailto:jobs@example.com?subject=Hi%20Bcc%3A%20x%40y.example",
    );
    expect(cleanApplyUrl(`mailto:jobs@example.com?subject=${"s".repeat(500)}`)).toBe(
      `mailto:jobs@example.com?subject=${"s".repeat(200)}`,
    );
    expect(cleanApplyUrl("mailto:jobs@example.com?subject=%3Cb%3EHi%3C%2Fb%3E")).toBe(
      "mailto:jobs@example.com?subject=Hi",
    );
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
      "mailto:a@b.example,c@d.example",
      "mailto:a@b.example%2Cc@d.example",
      "mailto:a%3Cb@c.example",
      "mailto:a@b.example%0ABcc:c@d.example",
      "ftp://example.com/x",
      "https://user:pw@example.com/",
      "mailto:%zz",
      `https://example.com/${"漢".repeat(600)}`,
      "",
      null,
      42,
    ]) {
      expect(cleanApplyUrl(bad), String(bad)).toBe("");
    }
  });
});
