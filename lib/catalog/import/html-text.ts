// The one sanitiser for imported text, whatever the file's format (clean-record.ts applies it to
// every text column). Feeds send HTML; we store plain text, so no markup can reach a page (the
// site renders text escaped, as React does with any string) and clients get text they can show
// anywhere. One scan decodes each entity once and drops tags; nothing decoded is scanned again,
// so "&lt;script&gt;" becomes text, never a tag. Every step is linear in the input's length: a
// tag or comment with no end drops the rest (as a browser does), and a "<" with no ">" after it
// stays text, so no position is scanned twice.

const NAMED: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " ",
  shy: "",
  ndash: "–",
  mdash: "—",
  hellip: "…",
  bull: "•",
  middot: "·",
  laquo: "«",
  raquo: "»",
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

const ENTITY = /&(#[xX][0-9a-fA-F]{1,6}|#[0-9]{1,7}|[a-zA-Z]{2,8});/y;
const MARKUP = /[<&]/g;
/** Elements whose content is not text: dropped with everything up to their end tag. */
const RAW = new Set(["script", "style", "template", "noscript", "iframe", "object", "textarea", "title"]);
const BLOCK = new Set([
  "p",
  "div",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "ul",
  "ol",
  "tr",
  "table",
  "section",
  "article",
  "blockquote",
  "pre",
]);

function entity(body: string): string | undefined {
  if (body[0] !== "#") return NAMED[body.toLowerCase()];
  const code =
    body[1] === "x" || body[1] === "X" ? Number.parseInt(body.slice(2), 16) : Number(body.slice(1));
  // NUL, surrogates and numbers past Unicode are not text.
  if (!code || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return "";
  return String.fromCodePoint(code);
}

/** What a tag becomes: paragraphs and list items keep their breaks. */
function tagText(name: string, closing: boolean, line: boolean): string {
  if (name === "br") return "\n";
  if (name === "li") return closing ? "" : line ? " " : "\n• ";
  return BLOCK.has(name) ? "\n\n" : "";
}

const isLetter = (c: number) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122);

/** Entities decoded once, tags, comments and script-like elements dropped; one pass. */
function stripMarkup(s: string, line: boolean): string {
  let out = "";
  let from = 0; // start of the text not yet copied
  let noMoreGt = false; // no ">" after some position: no tag can end any more
  MARKUP.lastIndex = 0;
  for (let m = MARKUP.exec(s); m; m = MARKUP.exec(s)) {
    const i = m.index;
    if (s[i] === "&") {
      ENTITY.lastIndex = i;
      const e = ENTITY.exec(s);
      const text = e ? entity(e[1] as string) : undefined;
      if (e && text !== undefined) {
        out += s.slice(from, i) + text;
        from = i + e[0].length;
        MARKUP.lastIndex = from;
      }
      continue;
    }
    if (s.startsWith("<!--", i)) {
      const end = s.indexOf("-->", i + 4);
      out += s.slice(from, i);
      from = end < 0 ? s.length : end + 3;
      MARKUP.lastIndex = from;
      continue;
    }
    const closing = s[i + 1] === "/";
    const first = s.charCodeAt(i + (closing ? 2 : 1));
    const bang = !closing && (s[i + 1] === "!" || s[i + 1] === "?");
    if (noMoreGt || !(isLetter(first) || bang)) continue; // "< 50 staff": text
    const gt = s.indexOf(">", i);
    if (gt < 0) {
      noMoreGt = true;
      continue;
    }
    let j = i + (closing ? 2 : 1);
    while (j < gt && /[a-zA-Z0-9]/.test(s[j] as string)) j++;
    const name = s.slice(i + (closing ? 2 : 1), j).toLowerCase();
    out += s.slice(from, i) + (bang ? "" : tagText(name, closing, line));
    from = gt + 1;
    if (!closing && RAW.has(name)) {
      from = s.length; // no end tag: the rest is the element's
      for (let k = s.indexOf("</", gt); k >= 0; k = s.indexOf("</", k + 2)) {
        const after = s[k + 2 + name.length];
        if (s.slice(k + 2, k + 2 + name.length).toLowerCase() !== name) continue;
        if (after !== undefined && !/[\s/>]/.test(after)) continue; // "</scripts": not its end
        const end = s.indexOf(">", k);
        from = end < 0 ? s.length : end + 1;
        break;
      }
    }
    MARKUP.lastIndex = from;
  }
  return from === 0 ? s : out + s.slice(from);
}

// Control characters (C0 but tab and line breaks, DEL, C1) and the bidirectional overrides that
// make text read differently from what it holds; U+FEFF is a byte-order mark, not text.
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it looks for
const CONTROL = /[\u0000-\u0008\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\ufeff]/g;
/** Anything any step below would change; text without it is returned as it came. */
const DIRTY_BLOCK =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it looks for
  /[<\u0000-\u0009\u000b-\u001f\u007f-\u00a0\u1680\u2000-\u200a\u2028\u2029\u202a-\u202f\u205f\u2066-\u2069\u3000\ufeff]|&[#a-zA-Z]| [ \n]|\n |\n\n\n|^\s|\s$/;
const DIRTY_LINE =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it looks for
  /[<\u0000-\u001f\u007f-\u00a0\u1680\u2000-\u200a\u2028\u2029\u202a-\u202f\u205f\u2066-\u2069\u3000\ufeff]|&[#a-zA-Z]| {2}|^\s|\s$/;

/** The full treatment, with no shortcut (the tests hold the shortcut to it). */
export function sanitise(s: string, mode: "block" | "line"): string {
  // Defence in depth for clients that paste text into HTML: nothing left can open a tag (a
  // decoded "&lt;b" is text and must stay so), while "< 50 employees" stays as written.
  // Last, on the text as it will be stored: dropping a tag or a control character can bring a
  // "<" and a letter together.
  const text = stripMarkup(s, mode === "line")
    .replace(/\r\n?|[\u2028\u2029]/g, "\n")
    .replace(CONTROL, "")
    .replace(/<(?=[a-zA-Z/!?])/g, "‹");
  if (mode === "line") return text.replace(/\s+/g, " ").trim();
  return text
    .replace(/[^\S\n]+/g, " ")
    .replace(/ ?\n ?/g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

/** HTML (or plain text) → text with paragraphs and bullets: for descriptions. */
export function htmlToText(html: string): string {
  return DIRTY_BLOCK.test(html) ? sanitise(html, "block") : html;
}

/** HTML (or plain text) → one line of text: for titles, names and places. */
export function textLine(html: string): string {
  return DIRTY_LINE.test(html) ? sanitise(html, "line") : html;
}
