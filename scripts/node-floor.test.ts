// The Node floor in package.json's engines is one every installed package accepts, so an
// install on a supported Node prints no engine warning (docs/decisions/0018-node-floor.md).
import { readFileSync } from "node:fs";
import path from "node:path";
import semver from "semver";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "..");
const read = (file: string) => JSON.parse(readFileSync(path.join(root, file), "utf8"));

describe("the Node floor", () => {
  const pkg = read("package.json");
  const floor = semver.minVersion(pkg.engines.node as string);
  const lock = read("package-lock.json") as {
    packages: Record<string, { version?: string; engines?: { node?: string } | string[] }>;
  };

  it("is the Node 20 line this project runs on", () => {
    expect(floor?.version).toBe("20.19.0");
  });

  it("is accepted by every package in the lockfile, whatever the platform", () => {
    const refusing = Object.entries(lock.packages)
      .filter(([name]) => name !== "")
      .flatMap(([name, entry]) => {
        // Old packages may still say engines as an array; npm ignores that form.
        const wanted = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
        return wanted && floor && !semver.satisfies(floor, wanted, { includePrerelease: true })
          ? [`${name}@${entry.version}: node ${wanted}`]
          : [];
      });
    expect(refusing).toEqual([]);
  });

  it("keeps the reference renderer out of the install: its bundle is fetched by pin instead", () => {
    expect(Object.keys(lock.packages).filter((name) => name.includes("@scalar/"))).toEqual([]);
    expect(pkg.referenceRenderer).toMatchObject({ package: "@scalar/api-reference" });
  });

  it("records a decision for every dependency's install script, so installs list none as unreviewed", () => {
    const withScripts = Object.entries(lock.packages)
      .filter(([name, entry]) => name !== "" && (entry as { hasInstallScript?: boolean }).hasInstallScript)
      .map(([name]) => name.replace(/^.*node_modules\//, ""));
    const decided = Object.keys(pkg.allowScripts ?? {}).map((spec) => spec.replace(/(?<=.)@.*$/, ""));
    expect([...new Set(withScripts)].filter((name) => !decided.includes(name))).toEqual([]);
  });
});
