// Every relative link in the project's documents resolves: README.md, CONTRIBUTING.md,
// ARCHITECTURE.md and docs/**/*.md. A link to a file or folder must name one that exists; a
// #fragment into a markdown file (or the same file) must name one of its headings, slugged the
// way GitHub renders them. Web addresses and site paths (/docs) are not checked. Pure file reads.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "..");
const TOP_LEVEL = ["README.md", "CONTRIBUTING.md", "ARCHITECTURE.md"];

type Link = { target: string; line: number };

/** The same text with fenced code blocks, inline code spans and HTML comments blanked out
 * (line breaks kept, so line numbers stay right). */
function withoutCode(markdown: string): string {
  const blank = (s: string) => s.replace(/[^\n]/g, " ");
  return markdown
    .replace(/^( {0,3})(```|~~~)[^\n]*\n[\s\S]*?^ {0,3}\2[^\n]*$/gm, blank)
    .replace(/<!--[\s\S]*?-->/g, blank)
    .replace(/(`+)[^`\n]*?\1/g, blank);
}

/** Inline links and images `[text](target "title")` and reference definitions `[x]: target`. */
function linksIn(markdown: string): Link[] {
  const text = withoutCode(markdown);
  const lineAt = (index: number) => text.slice(0, index).split("\n").length;
  const links: Link[] = [];
  const inline = /\[(?:[^[\]]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+["'(][^)]*)?\)/g;
  for (const m of text.matchAll(inline)) links.push({ target: m[1] ?? "", line: lineAt(m.index) });
  const reference = /^ {0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+["'(].*)?$/gm;
  for (const m of text.matchAll(reference)) links.push({ target: m[1] ?? "", line: lineAt(m.index) });
  return links.sort((a, b) => a.line - b.line);
}

/** A web address, a mail link or a path on the running site: nothing in the repository. */
function isExternal(target: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith("//") || target.startsWith("/");
}

/** GitHub's anchor for a heading's text: lower case, punctuation dropped, spaces to hyphens. */
function slug(heading: string): string {
  const text = heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1") // links and images: their text
    .replace(/<[^>]+>/g, "") // inline HTML tags
    .replace(/[*`~]/g, ""); // emphasis and code marks
  return text
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\p{M} _-]/gu, "")
    .replace(/ /g, "-");
}

/** Every anchor a markdown file offers: its headings' slugs (repeats get -1, -2, ...). */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const line of withoutCode(markdown).split("\n")) {
    const m = /^ {0,3}#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!m?.[1]) continue;
    const base = slug(m[1]);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n === 0 ? base : `${base}-${n}`);
  }
  return anchors;
}

/** What is wrong with one link of `file` (a path relative to ROOT), or null when it resolves. */
function problemOf(file: string, target: string, read: (abs: string) => string): string | null {
  if (isExternal(target)) return null;
  const hash = target.indexOf("#");
  const pathPart = decodeURIComponent(hash === -1 ? target : target.slice(0, hash));
  const fragment = hash === -1 ? "" : decodeURIComponent(target.slice(hash + 1));
  const abs = pathPart === "" ? path.join(ROOT, file) : path.resolve(ROOT, path.dirname(file), pathPart);
  if (!abs.startsWith(ROOT)) return "points outside the repository";
  if (!existsSync(abs)) return `${path.relative(ROOT, abs)} does not exist`;
  if (!fragment || !abs.endsWith(".md") || statSync(abs).isDirectory()) return null;
  return anchorsOf(read(abs)).has(fragment)
    ? null
    : `${path.relative(ROOT, abs)} has no heading #${fragment}`;
}

function markdownUnder(dir: string): string[] {
  const abs = path.join(ROOT, dir);
  if (!existsSync(abs)) return [];
  return readdirSync(abs, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith(".md"))
    .map((e) => path.relative(ROOT, path.join(e.parentPath, e.name)))
    .sort();
}

const read = (abs: string) => readFileSync(abs, "utf8");

describe("links in the documents", () => {
  it("parses inline links, images, reference definitions, and skips code", () => {
    const md = [
      "See [the API](docs/api.md#errors) and ![a chart](img/c.png 'Chart').",
      "A [link that",
      "wraps](CONTRIBUTING.md), `[not](a-link.md)`, and <!-- [hidden](x.md) -->",
      "```sh",
      "[also not](inside-code.md)",
      "```",
      "[ref]: ARCHITECTURE.md#layers",
    ].join("\n");
    expect(linksIn(md)).toEqual([
      { target: "docs/api.md#errors", line: 1 },
      { target: "img/c.png", line: 1 },
      { target: "CONTRIBUTING.md", line: 2 },
      { target: "ARCHITECTURE.md#layers", line: 7 },
    ]);
  });

  it("slugs headings as GitHub does", () => {
    expect(slug("GET /v1/jobs/{id}")).toBe("get-v1jobsid");
    expect(slug("How usage reaches key_usage")).toBe("how-usage-reaches-key_usage");
    expect(slug("Conditional requests (ETags)")).toBe("conditional-requests-etags");
    expect(slug("The `npm test` suite")).toBe("the-npm-test-suite");
    expect(slug("Plans, quotas & headers")).toBe("plans-quotas--headers");
    expect([...anchorsOf("# A\n## Notes\n### Notes\n```\n# not a heading\n```")]).toEqual([
      "a",
      "notes",
      "notes-1",
    ]);
  });

  it("reports a missing file and a missing heading, and accepts what exists", () => {
    expect(problemOf("README.md", "docs/no-such-file.md", read)).toBe("docs/no-such-file.md does not exist");
    expect(problemOf("README.md", "ARCHITECTURE.md#no-such-heading", read)).toBe(
      "ARCHITECTURE.md has no heading #no-such-heading",
    );
    expect(problemOf("README.md", "ARCHITECTURE.md#layers", read)).toBeNull();
    expect(problemOf("docs/api.md", "../README.md", read)).toBeNull();
    expect(problemOf("README.md", "https://example.com/x.md", read)).toBeNull();
    expect(problemOf("README.md", "../../etc/passwd", read)).toBe("points outside the repository");
  });

  it("resolves every relative link in README, CONTRIBUTING, ARCHITECTURE and docs/", () => {
    const files = [...TOP_LEVEL.filter((f) => existsSync(path.join(ROOT, f))), ...markdownUnder("docs")];
    expect(files).toEqual(expect.arrayContaining(["README.md", "ARCHITECTURE.md", "docs/api.md"]));
    const broken: string[] = [];
    let checked = 0;
    for (const file of files) {
      for (const { target, line } of linksIn(read(path.join(ROOT, file)))) {
        if (isExternal(target)) continue;
        checked++;
        const problem = problemOf(file, target, read);
        if (problem) broken.push(`${file}:${line}: (${target}) ${problem}`);
      }
    }
    expect(broken).toEqual([]);
    expect(checked).toBeGreaterThan(20);
  });
});
