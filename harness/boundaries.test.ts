// test/, e2e/ and the harness share code only through harness/support/; user commands in
// scripts/ reach no test code but that shared support; app code reaches neither; the typed
// client stands alone, as it would once published.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "..");

function sources(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === "generated" || e.name === "node_modules" ? [] : sources(rel);
    // This file's own samples below are crossings on purpose.
    return /\.(tsx?|mjs)$/.test(e.name) && rel !== path.join("harness", "boundaries.test.ts") ? [rel] : [];
  });
}

/** The top folder ("test", "harness/support", "harness", …) an import of `file` lands in, if local. */
function landsIn(file: string, spec: string): string | undefined {
  let target: string;
  if (spec.startsWith(".")) target = path.resolve(ROOT, path.dirname(file), spec);
  else if (spec.startsWith("@/")) target = path.resolve(ROOT, spec.slice(2));
  else return undefined;
  const rel = path.relative(ROOT, target);
  return rel.startsWith(`harness${path.sep}support${path.sep}`) ? "harness/support" : rel.split(path.sep)[0];
}

function importsOf(text: string): string[] {
  const found = text.matchAll(/\bfrom\s*"([^"]+)"|\bimport\s*"([^"]+)"|\bimport\s*\(\s*["'`]([^"'`]+)["'`]/g);
  return [...found].map((m) => m[1] ?? m[2] ?? m[3] ?? "");
}

/** Imports from `dirs` that land in one of `forbidden`. */
function crossings(dirs: string[], forbidden: string[], { tests = true } = {}): string[] {
  const files = dirs.flatMap(sources).filter((f) => tests || !/\.test\.tsx?$/.test(f));
  return files.flatMap((file) =>
    importsOf(readFileSync(path.join(ROOT, file), "utf8"))
      .filter((spec) => forbidden.includes(landsIn(file, spec) ?? ""))
      .map((spec) => `${file} imports ${spec}`),
  );
}

describe("test and harness boundaries", () => {
  it("test/ and e2e/ reach the harness only through harness/support/", () => {
    expect(crossings(["test", "e2e"], ["harness"])).toEqual([]);
  });

  it("the harness imports no test/ or e2e/ code", () => {
    expect(crossings(["harness"], ["test", "e2e"])).toEqual([]);
  });

  it("scripts/ imports no test code but harness/support/", () => {
    expect(crossings(["scripts"], ["test", "e2e", "harness"])).toEqual([]);
  });

  it("the application (its tests aside) imports no test or harness code", () => {
    expect(
      crossings(["lib", "app", "emails"], ["test", "e2e", "harness", "harness/support", "scripts"], {
        tests: false,
      }),
    ).toEqual([]);
  });

  it("the typed client (packages/client) imports nothing of the repository outside itself", () => {
    expect(
      crossings(
        ["packages/client"],
        ["lib", "app", "emails", "scripts", "test", "e2e", "harness", "harness/support"],
      ),
    ).toEqual([]);
  });

  it("sees a crossing when there is one", () => {
    expect(landsIn("test/x.test.ts", "../harness/chaos/http")).toBe("harness");
    expect(landsIn("test/x.test.ts", "@/harness/support/raw-http")).toBe("harness/support");
    expect(landsIn("harness/chaos/world.ts", "../../test/support/fixtures")).toBe("test");
    expect(importsOf('const m = await import("../test/support/http");\nimport "../e2e/helpers";')).toEqual([
      "../test/support/http",
      "../e2e/helpers",
    ]);
  });
});
