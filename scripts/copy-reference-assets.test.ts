// The copy of Scalar's bundle that /docs serves: taken from the pinned release's tarball (its
// integrity checked), its two <main> elements become <section>s (the page has its own main
// landmark), and a bundle that no longer renders them stops the build.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  extractFromTarball,
  loadBundle,
  loadTarball,
  patchScalar,
  readPin,
  verifyIntegrity,
} from "./copy-reference-assets.mjs";

const MAIN_VNODE = /[\w$]\((["'`])main\1,/g;

/** Temporary directories a test made, removed after it. */
const made: string[] = [];
function tempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  made.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A gzipped tar made by the system's tar, in the given format, of the files given. */
function tarball(format: "ustar" | "pax" | "gnu", files: Record<string, string>): Buffer {
  const dir = tempDir("tarball-");
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, "src", name)), { recursive: true });
    writeFileSync(path.join(dir, "src", name), content);
  }
  const out = path.join(dir, "out.tgz");
  execFileSync("tar", [
    `--format=${format}`,
    "-czf",
    out,
    "-C",
    path.join(dir, "src"),
    ...Object.keys(files),
  ]);
  return readFileSync(out);
}

describe("extractFromTarball", () => {
  const deep = `package/${"d".repeat(80)}/${"e".repeat(60)}/standalone.js`;
  for (const format of ["ustar", "pax", "gnu"] as const) {
    it(`finds a file by its full path in a ${format} archive, long paths included`, () => {
      const archive = tarball(format, {
        "package/README.md": "readme",
        "package/dist/browser/standalone.js": "bundle",
        [deep]: "deep bundle",
      });
      expect(extractFromTarball(archive, "package/dist/browser/standalone.js")?.toString()).toBe("bundle");
      expect(extractFromTarball(archive, deep)?.toString()).toBe("deep bundle");
      expect(extractFromTarball(archive, "package/missing.js")).toBeNull();
    });
  }
});

describe("verifyIntegrity", () => {
  it("accepts the bytes its sha512 names and refuses any other", () => {
    const bytes = Buffer.from("renderer");
    const computed = `sha512-${createHash("sha512").update(bytes).digest("base64")}`;
    const other = `sha512-${createHash("sha512").update("other").digest("base64")}`;
    expect(() => verifyIntegrity(bytes, computed, "test")).not.toThrow();
    expect(() => verifyIntegrity(bytes, other, "test")).toThrow(/refusing/);
    expect(() => verifyIntegrity(Buffer.from("renderer!"), computed, "test")).toThrow(/is not the pinned/);
  });
});

describe("loadTarball", () => {
  const bytes = Buffer.from("a tarball");
  const pin = {
    package: "@scope/renderer",
    version: "1.0.0",
    integrity: `sha512-${createHash("sha512").update(bytes).digest("base64")}`,
  };
  /** Stands in for `npm pack`: writes the given bytes where it was told to. */
  const packs = (content: Buffer) => {
    const calls: string[][] = [];
    const run = (_cmd: string, args: string[]) => {
      calls.push(args);
      writeFileSync(
        path.join(args[args.indexOf("--pack-destination") + 1]!, "scope-renderer-1.0.0.tgz"),
        content,
      );
    };
    return { run, calls };
  };

  it("fetches once, then reads the checked copy it kept", () => {
    const dir = tempDir("renderer-");
    const npm = packs(bytes);
    expect(loadTarball(pin, npm.run, dir)).toEqual(bytes);
    expect(loadTarball(pin, npm.run, dir)).toEqual(bytes);
    expect(npm.calls).toHaveLength(1);
    expect(npm.calls[0]?.slice(0, 2)).toEqual(["pack", "@scope/renderer@1.0.0"]);
  });

  it("fetches again over a damaged copy, and keeps nothing that fails the integrity", () => {
    const dir = tempDir("renderer-");
    writeFileSync(path.join(dir, "scope-renderer-1.0.0.tgz"), "half a tarb");
    expect(loadTarball(pin, packs(bytes).run, dir)).toEqual(bytes);
    const other = tempDir("renderer-");
    expect(() => loadTarball(pin, packs(Buffer.from("tampered")).run, other)).toThrow(/is not the pinned/);
    expect(readdirSync(other)).toEqual([]);
  });
});

describe("readPin", () => {
  it("refuses a pin without a sha512 integrity", () => {
    const dir = tempDir("pin-");
    const file = path.join(dir, "package.json");
    writeFileSync(file, JSON.stringify({ referenceRenderer: { package: "x", version: "1.0.0" } }));
    expect(() => readPin(file)).toThrow(/integrity/);
  });
});

describe("patchScalar", () => {
  it("renders the pinned Scalar's reference and try-it in a <section>, not a <main>", () => {
    const bundle = loadBundle();
    expect(bundle.match(MAIN_VNODE)?.length).toBe(2);
    const { text, replaced } = patchScalar(bundle);
    expect(replaced).toBe(2);
    expect(text.match(MAIN_VNODE)).toBeNull();
    // The reference keeps its name, so its section is a named region inside the page's main.
    expect(text).toMatch(/\(`section`,\{"aria-label":[^}]*navigation\.mainContent/);
    expect(text.length).toBe(bundle.length + 2 * ("section".length - "main".length));
  }, 120_000);

  it("changes element names only, not the word main elsewhere", () => {
    const source = 'h(`main`,{class:"a"});h("main",b);x.tagName===`main`;const main=1;e.MAIN=`main`;';
    expect(patchScalar(source)).toEqual({
      text: 'h(`section`,{class:"a"});h(`section`,b);x.tagName===`main`;const main=1;e.MAIN=`main`;',
      replaced: 2,
    });
  });

  it("stops when there is no <main> to change: a new Scalar needs a look first", () => {
    expect(() => patchScalar("h(`div`,{})")).toThrow(/no <main> element/);
  });
});
