import { describe, expect, it } from "vitest";
import { decodeEntities, htmlToText } from "./html-text";

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
  it("decodes named and numeric entities, and refuses NUL and surrogates", () => {
    expect(decodeEntities("R&amp;D &#x2019; &#8364; &unknown; &#0; &#xD800;")).toBe("R&D ’ € &unknown;  ");
  });
  it("leaves plain text alone", () => {
    expect(htmlToText("Line one\n\nLine two")).toBe("Line one\n\nLine two");
  });
});
