// One name for the key in everything a reader sees: the site's pages, the Studio, the docs, the
// reference's code samples and the e-mails. A command copied from any of them must work once
// that one variable is exported, so no other name, and no key hint, may stand for the key.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { KEY_ENV, KEY_EXPORT, KEY_VAR } from "./key-placeholder";

function files(dir: string, ext: RegExp): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === "generated" || e.name === "node_modules" ? [] : files(full, ext);
    return ext.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [full] : [];
  });
}

/** What readers see: pages, templates, the modules that write samples, and the Markdown docs. */
const SHOWN = [
  ...files("app", /\.tsx?$/),
  ...files("emails", /\.tsx$/),
  ...files("lib", /\.ts$/),
  ...files("docs", /\.md$/),
  "README.md",
  "CONTRIBUTING.md",
];

/** Every place a text names an environment variable that holds a key, in any language. */
const KEY_NAMES = [
  /\$\{?([A-Z][A-Z0-9_]*KEY)\b/g, // $JOBS_API_KEY, ${JOBS_API_KEY}
  /process\.env\.([A-Z][A-Z0-9_]*KEY)\b/g,
  /os\.environ\[["']([A-Z][A-Z0-9_]*KEY)["']\]/g,
  /\b(YOUR_API_KEY|API_KEY_HERE|<api[-_ ]?key>)/gi,
];

/** A header line of a command: what follows `X-API-Key: ` there. */
const HEADER_VALUE = /["']X-API-Key: ([^"'\s]+)/g;

describe("the key's placeholder", () => {
  it("is an environment variable, set by the line the docs show", () => {
    expect(KEY_VAR).toBe(`$${KEY_ENV}`);
    expect(KEY_EXPORT).toBe(`export ${KEY_ENV}=jsk_…`);
  });

  it("is the only name the key goes by in what readers see", () => {
    const others: string[] = [];
    for (const file of SHOWN) {
      const text = readFileSync(file, "utf8");
      for (const pattern of KEY_NAMES) {
        for (const m of text.matchAll(pattern)) {
          if (m[1] !== KEY_ENV) others.push(`${file}: ${m[0]}`);
        }
      }
    }
    expect(others).toEqual([]);
  });

  it("is what every command sends in X-API-Key, never a key hint", () => {
    // The variable itself, or the sources' templates that write it.
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the templates as they are written
    const allowed = new Set([KEY_VAR, "${KEY_VAR}", "$${KEY_ENV}"]);
    const wrong: string[] = [];
    for (const file of SHOWN) {
      for (const m of readFileSync(file, "utf8").matchAll(HEADER_VALUE)) {
        if (!allowed.has(m[1] ?? "")) wrong.push(`${file}: ${m[0]}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
