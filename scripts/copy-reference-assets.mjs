// Run by `npm run build` and `npm run dev`: puts the API reference renderer (Scalar's
// self-contained browser bundle) into public/vendor, so /docs loads it from this site. No CDN:
// readers may be offline, and the pages' CSP allows scripts from this origin only.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const root = path.resolve(import.meta.dirname, "..");
const pkg = path.join(root, "node_modules/@scalar/api-reference");
const source = path.join(pkg, "dist/browser/standalone.js");
const target = path.join(root, "public/vendor/scalar-api-reference.js");

// Scalar renders its reference and its try-it dialog each in a <main>. /docs already has one
// (the site's layout), and a page has a single main landmark (axe: landmark-no-duplicate-main,
// landmark-main-is-top-level). No option turns them off and no attribute makes a <main>
// anything else (a role on <main> is itself a violation), so the copy renders a <section>
// instead: named ("API documentation for …") it is a region inside the page's main; unnamed
// (the dialog's) it is a plain box. Scalar styles these elements by class, not by tag.
const MAIN_ELEMENT = /(?<=[\w$]\()(["'`])main\1(?=,)/g;

/**
 * Scalar's bundle with its <main> elements rendered as <section>. Throws when there is none to
 * change: a new version of Scalar renders them differently, and this needs a look (and the
 * e2e's axe check on /docs) before it ships.
 */
export function patchScalar(bundle) {
  const found = bundle.match(MAIN_ELEMENT)?.length ?? 0;
  if (found === 0) {
    throw new Error(
      "scripts/copy-reference-assets.mjs: found no <main> element to replace in Scalar's bundle; " +
        "its rendering changed: check /docs with `npm run test:e2e` and update the patch",
    );
  }
  return { text: bundle.replace(MAIN_ELEMENT, "`section`"), replaced: found };
}

function main() {
  const { version } = JSON.parse(readFileSync(path.join(pkg, "package.json"), "utf8"));
  const { text, replaced } = patchScalar(readFileSync(source, "utf8"));
  if (!existsSync(target) || readFileSync(target, "utf8") !== text) {
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, text);
    console.log(
      `API reference renderer: @scalar/api-reference ${version} → public/vendor/ (${replaced} <main> → <section>)`,
    );
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) main();
