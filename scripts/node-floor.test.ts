// The Node floor in package.json's engines is one every installed package accepts, except the
// API reference's browser bundle, which Node never runs (docs/decisions/0018-node-floor.md).
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import semver from "semver";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "..");

/**
 * Scalar's packages declare Node 22 from the first release that is like the reference /docs
 * shows; the app only copies their prebuilt browser bundle (scripts/copy-reference-assets.mjs).
 */
const BROWSER_ONLY = /^node_modules\/@scalar\//;
const read = (file: string) => JSON.parse(readFileSync(path.join(root, file), "utf8"));

describe("the Node floor", () => {
  const floor = semver.minVersion(read("package.json").engines.node as string);
  const lock = read("package-lock.json") as {
    packages: Record<string, { version?: string; engines?: { node?: string } | string[] }>;
  };

  it("is the Node 20 line this project runs on", () => {
    expect(floor?.version).toBe("20.19.0");
  });

  it("is accepted by every package in the lockfile that Node runs, whatever the platform", () => {
    const refusing = Object.entries(lock.packages)
      .filter(([name]) => name !== "" && !BROWSER_ONLY.test(name))
      .flatMap(([name, pkg]) => {
        // Old packages may still say engines as an array; npm ignores that form.
        const wanted = Array.isArray(pkg.engines) ? undefined : pkg.engines?.node;
        return wanted && floor && !semver.satisfies(floor, wanted, { includePrerelease: true })
          ? [`${name}@${pkg.version}: node ${wanted}`]
          : [];
      });
    expect(refusing).toEqual([]);
  });

  it("leaves out only the reference's bundle, which nothing in the app imports", () => {
    const scalar = Object.keys(lock.packages).filter((name) => BROWSER_ONLY.test(name));
    expect(scalar).toContain("node_modules/@scalar/api-reference");
    // The app and its scripts reach Scalar only through the copied file, never by import.
    const importers = ["app", "lib", "scripts", "harness", "emails"].flatMap((dir) =>
      readdirSync(path.join(root, dir), { recursive: true, encoding: "utf8" })
        .filter((f) => /\.(ts|tsx|mjs|js)$/.test(f) && !f.includes("generated"))
        .map((f) => path.join(dir, f))
        .filter((f) =>
          /(from |import\(|require\()["']@scalar\//.test(readFileSync(path.join(root, f), "utf8")),
        ),
    );
    expect(importers).toEqual([]);
  });
});
