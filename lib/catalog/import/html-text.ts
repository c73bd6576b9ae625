// JobPosting descriptions arrive as HTML. We store plain text: no markup can reach a page (the
// site renders the text escaped, as React does with any string), and the API gives clients
// text they can show anywhere. Paragraphs and list items keep their line breaks.

const NAMED: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " ",
  ndash: "–",
  mdash: "—",
  hellip: "…",
  bull: "•",
  euro: "€",
  pound: "£",
  copy: "©",
  reg: "®",
  trade: "™",
  lsquo: "‘",
  rsquo: "’",
  ldquo: "“",
  rdquo: "”",
};

/** &amp; &#39; &#x2019; → their characters; unknown names stay as written. */
export function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z]{2,8});/gi, (whole, body: string) => {
    if (body[0] === "#") {
      const code =
        body[1] === "x" || body[1] === "X" ? Number.parseInt(body.slice(2), 16) : Number(body.slice(1));
      // NUL and surrogates are not text; a control character is dropped.
      if (!code || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff) || code < 32)
        return code === 10 ? "\n" : "";
      return String.fromCodePoint(code);
    }
    return NAMED[body.toLowerCase()] ?? whole;
  });
}

/** HTML (or plain text) → text with paragraphs and bullets, no tags, no scripts, no styles. */
export function htmlToText(html: string): string {
  return (
    decodeEntities(
      html
        .replace(/<!--[\s\S]*?-->/g, "")
        .replace(/<(script|style|template|noscript|iframe|object)\b[\s\S]*?<\/\1\s*>/gi, "")
        .replace(/<(script|style|template|noscript|iframe|object)\b[\s\S]*$/gi, "")
        .replace(/<br\s*\/?>/gi, "\n")
        .replace(/<li\b[^>]*>/gi, "\n• ")
        .replace(/<\/li\s*>/gi, "")
        .replace(/<\/(p|div|h[1-6]|ul|ol|tr|table|section|article|blockquote|pre)\s*>/gi, "\n\n")
        .replace(/<(p|div|h[1-6]|ul|ol|tr|table|section|article|blockquote|pre)\b[^>]*>/gi, "\n\n")
        .replace(/<\/?[a-z!?][^>]*>/gi, ""),
    )
      // Defence in depth for clients that paste text into HTML: nothing left can open a tag
      // ("&lt;script&gt;" decodes to text that would), while "< 50 employees" stays as written.
      .replace(/<(?=[a-z/!?])/gi, "‹")
      .replaceAll("\u0000", "")
      .replace(/[ \t\f\v\r\u00a0]+/g, " ")
      .replace(/ *\n */g, "\n")
      .replace(/\n{3,}/g, "\n\n")
      .trim()
  );
}
