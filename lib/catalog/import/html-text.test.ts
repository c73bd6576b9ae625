import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { htmlToText, sanitise, textLine } from "./html-text";

const ms = (fn: () => void) => {
  const t = performance.now();
  fn();
  return performance.now() - t;
};

describe("HTML descriptions → text", () => {
  it("keeps paragraphs and list items, drops tags", () => {
    const html =
      "<p>We build <b>trains</b>.</p><h3>You will</h3><ul><li>design&nbsp;brakes</li><li>test them</li></ul><p>Apply&#33;<br>Today</p>";
    expect(htmlToText(html)).toBe(
      "We build trains.\n\nYou will\n\n• design brakes\n• test them\n\nApply!\nToday",
    );
  });
  it("never lets markup or script through", () => {
    const html =
      '<p onclick="x()">Hi</p><script>alert(1)</script><style>p{}</style><img src=x onerror=alert(1)>&lt;script&gt;alert(2)&lt;/script&gt;<iframe src="//evil">';
    const text = htmlToText(html);
    expect(text).not.toMatch(/alert\(1\)|onerror|onclick|<img|<iframe/);
    // Encoded markup is text: it reads as written, and is escaped wherever it is shown.
    expect(text).toContain("‹script>alert(2)‹/script>");
    expect(text).not.toContain("<");
  });
  it("drops comments, doctype and script-like elements whatever their case, and an unclosed one's rest", () => {
    expect(htmlToText("a<!-- <p>x</p> -->b<!DOCTYPE html><SCRIPT type=x>1</Script >c")).toBe("abc");
    expect(htmlToText("a<script>x</scripts>y</script>b")).toBe("ab");
    expect(htmlToText("keep<style>p{}")).toBe("keep");
    expect(htmlToText("keep<!-- never closed <b>x</b>")).toBe("keep");
  });
  it("decodes each entity once: a double-encoded tag stays text", () => {
    expect(htmlToText("&amp;lt;b&amp;gt; R&amp;D &#x2019; &#8364; &unknown; &#0;&#xD800;x")).toBe(
      "&lt;b&gt; R&D ’ € &unknown; x",
    );
  });
  it("drops control characters and bidi overrides, normalises whitespace", () => {
    expect(htmlToText(" a\u0000b\u0007c\u202ed\ufeff\r\n\r\n\r\ne\t\u00a0 f\u2028g \n")).toBe(
      "abcd\n\ne f\ng",
    );
  });
  it("leaves plain text alone, '<' that opens nothing included", () => {
    expect(htmlToText("Line one\n\nLine two")).toBe("Line one\n\nLine two");
    expect(htmlToText("Teams of < 50 & a 3<4 ratio")).toBe("Teams of < 50 & a 3<4 ratio");
  });
  it("keeps text after a '<' that never closes, as text", () => {
    expect(htmlToText("a <b c")).toBe("a ‹b c");
    expect(htmlToText(`${"<a".repeat(3)} tail`)).toBe("‹a‹a‹a tail");
  });
});

describe("one line of text (titles, names, places)", () => {
  it("decodes, strips tags and neutralises encoded ones, on one line", () => {
    expect(textLine("&lt;script&gt;alert(1)&lt;/script&gt; Engineer")).toBe(
      "‹script>alert(1)‹/script> Engineer",
    );
    expect(textLine("<b>Senior</b>&nbsp;Baker<br>Night\nshift\u0000")).toBe("Senior Baker Night shift");
    expect(textLine("<li>a</li><li>b</li>")).toBe("a b");
    expect(textLine("Zürich")).toBe("Zürich");
  });
});

describe("the sanitiser's shortcut", () => {
  // htmlToText and textLine return clean text as it came without the full treatment: only
  // correct if that text is exactly what the full treatment would give.
  const alphabet = fc.constantFrom(
    ..."ab <>/&;#x1 \n\r\t\u0000\u0085\u00a0\u2028\u202e\ufeff\u3000é😀!?-".split(""),
    "&amp;",
    "&lt;",
    "<p>",
    "<br>",
    "<li>",
    "</li>",
    "<script>",
    "</script>",
    "<!--",
    "-->",
  );
  const text = fc.array(alphabet, { maxLength: 40 }).map((a) => a.join(""));
  it("agrees with the full treatment on any text", () => {
    fc.assert(
      fc.property(text, (s) => {
        expect(htmlToText(s)).toBe(sanitise(s, "block"));
        expect(textLine(s)).toBe(sanitise(s, "line"));
      }),
      { numRuns: 5_000 },
    );
  });
  it("is idempotent on its own output but for entities (which it decodes once)", () => {
    fc.assert(
      fc.property(text, (s) => {
        const once = htmlToText(s);
        if (!once.includes("&")) expect(htmlToText(once)).toBe(once);
        expect(once).not.toMatch(/<[a-zA-Z/!?]/);
        expect([...once].some((c) => c !== "\n" && c.charCodeAt(0) < 32)).toBe(false);
      }),
      { numRuns: 5_000 },
    );
  });
});

describe("the sanitiser's cost", () => {
  // Inputs that made the regular expressions it replaced scan the rest of the text from every "<".
  const pathological = (bytes: number) => [
    "<a".repeat(bytes / 2),
    "<script>".repeat(bytes / 8),
    "<li".repeat(bytes / 3),
    "<!--".repeat(bytes / 4),
    `<p>${"&amp".repeat(bytes / 4)}`,
    "</scripts".repeat(bytes / 9),
  ];
  it("cleans 1 MB of pathological input in well under a second", () => {
    for (const input of pathological(1 << 20)) {
      expect(ms(() => htmlToText(input))).toBeLessThan(1_000);
      expect(ms(() => textLine(input))).toBeLessThan(1_000);
    }
  });
  it("grows linearly: four times the input costs far less than sixteen times the time", () => {
    const time = (bytes: number) =>
      pathological(bytes).reduce((sum, input) => sum + ms(() => sanitise(input, "block")), 0);
    time(100_000); // warm up
    const small = Math.max(time(100_000), 1);
    const large = time(400_000);
    expect(large / small).toBeLessThan(10);
  });
});
