// Run by `npm run build` and `npm run dev`: puts the API reference renderer (Scalar's
// self-contained browser bundle) into public/vendor, so /docs loads it from this site. No CDN:
// readers may be offline, and the pages' CSP allows scripts from this origin only.
//
// The bundle comes from the package's registry tarball, pinned by version and integrity in
// package.json's "referenceRenderer", not from an installed dependency: the package and the
// two dozen it depends on declare Node 22, and installing them printed an engine warning per
// package on every install for code Node never runs (docs/decisions/0018-node-floor.md).

import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { gunzipSync } from "node:zlib";

const root = path.resolve(import.meta.dirname, "..");
const cacheDir = path.join(root, "node_modules/.cache/reference-renderer");
const target = path.join(root, "public/vendor/scalar-api-reference.js");
const stampFile = path.join(cacheDir, "copied.json"); // which release public/vendor holds
const BUNDLE_PATH = "package/dist/browser/standalone.js";
/** Raise when patchScalar changes, so every checkout's copy is made again. */
const PATCH_VERSION = 1;

/** The pinned renderer: `{ package, version, integrity }` from package.json. */
export function readPin(pkgJson = path.join(root, "package.json")) {
  const pin = JSON.parse(readFileSync(pkgJson, "utf8")).referenceRenderer;
  if (!pin?.package || !pin.version || !/^sha512-/.test(pin.integrity ?? ""))
    throw new Error('package.json: "referenceRenderer" needs package, version and a sha512 integrity');
  return pin;
}

/** Throws unless the bytes hash to the pinned Subresource Integrity value (sha512). */
export function verifyIntegrity(bytes, integrity, what) {
  const actual = `sha512-${createHash("sha512").update(bytes).digest("base64")}`;
  if (actual !== integrity)
    throw new Error(`${what}: integrity ${actual} is not the pinned ${integrity}; refusing to use it`);
}

const octal = (block, from, length) =>
  Number.parseInt(
    block
      .toString("latin1", from, from + length)
      .replace(/\0.*$/s, "")
      .trim() || "0",
    8,
  );
const text = (block, from, length) => block.toString("utf8", from, from + length).replace(/\0.*$/s, "");

/**
 * One file's bytes out of a gzipped tar (ustar names with their prefix, GNU long names, pax
 * `path` records), or null when the archive has no such file.
 */
export function extractFromTarball(gzipped, wanted) {
  const tar = gunzipSync(gzipped);
  let offset = 0;
  let longName = null;
  while (offset + 512 <= tar.length) {
    const header = tar.subarray(offset, offset + 512);
    if (header.every((b) => b === 0)) return null; // the end-of-archive blocks
    const size = octal(header, 124, 12);
    const type = String.fromCharCode(header[156] || 48);
    const body = tar.subarray(offset + 512, offset + 512 + size);
    offset += 512 + Math.ceil(size / 512) * 512;
    if (type === "L") {
      longName = text(body, 0, body.length);
      continue;
    }
    if (type === "x") {
      const pax = /(?:^|\n)\d+ path=([^\n]*)\n/.exec(body.toString("utf8"));
      if (pax) longName = pax[1];
      continue;
    }
    // Only a ustar header has a name prefix there (old GNU headers keep times in those bytes).
    const ustar = header.toString("latin1", 257, 263) === "ustar\0";
    const prefix = ustar ? text(header, 345, 155) : "";
    const name = longName ?? (prefix ? `${prefix}/${text(header, 0, 100)}` : text(header, 0, 100));
    longName = null;
    if ((type === "0" || type === "\0") && name === wanted) return Buffer.from(body);
  }
  return null;
}

/**
 * The pinned tarball's bytes: from this checkout's cache, else fetched with `npm pack` (npm's
 * own registry settings, proxy and cache apply), checked against the pinned integrity.
 */
export function loadTarball(pin = readPin(), run = execFileSync, dir = cacheDir) {
  const name = `${pin.package.replace(/^@/, "").replace("/", "-")}-${pin.version}.tgz`;
  const file = path.join(dir, name);
  if (existsSync(file)) {
    const cached = readFileSync(file);
    try {
      verifyIntegrity(cached, pin.integrity, file);
      return cached;
    } catch {
      rmSync(file); // a stale or damaged copy: fetch it again
    }
  }
  // Fetched into a directory of this process's own and moved into place whole: a build and a
  // dev server starting together never read each other's half-written file.
  mkdirSync(dir, { recursive: true });
  const own = mkdtempSync(path.join(dir, "fetch-"));
  try {
    run(
      "npm",
      ["pack", `${pin.package}@${pin.version}`, "--pack-destination", own, "--prefer-offline", "--silent"],
      {
        cwd: own,
        stdio: ["ignore", "ignore", "inherit"],
      },
    );
    const fetched = readFileSync(path.join(own, name));
    verifyIntegrity(fetched, pin.integrity, `${pin.package}@${pin.version} from the registry`);
    renameSync(path.join(own, name), file);
    return fetched;
  } finally {
    rmSync(own, { recursive: true, force: true });
  }
}

/** Scalar's browser bundle, as its pinned release ships it. */
export function loadBundle(pin = readPin()) {
  const bytes = extractFromTarball(loadTarball(pin), BUNDLE_PATH);
  if (!bytes) throw new Error(`${pin.package}@${pin.version} has no ${BUNDLE_PATH}`);
  return bytes.toString("utf8");
}

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
  const pin = readPin();
  const stamp = JSON.stringify({ version: pin.version, integrity: pin.integrity, patch: PATCH_VERSION });
  // Every dev start and build passes here: nothing to do while the copy is of the pinned release.
  if (existsSync(target) && existsSync(stampFile) && readFileSync(stampFile, "utf8") === stamp) return;
  const { text: patched, replaced } = patchScalar(loadBundle(pin));
  mkdirSync(path.dirname(target), { recursive: true });
  writeFileSync(target, patched);
  writeFileSync(stampFile, stamp);
  console.log(
    `API reference renderer: ${pin.package} ${pin.version} → public/vendor/ (${replaced} <main> → <section>)`,
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) main();
