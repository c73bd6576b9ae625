import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// The allowed direction of imports inside lib/ (ARCHITECTURE.md explains it): a module may
// import from its own folder and from any entry of a lower layer, never upward or sideways.
const LAYER: Record<string, number> = {
  // Infrastructure, bottom up: no domain knowledge.
  // What lib/env.ts itself is made of, below everything.
  "env-schema": -1,
  "secret-strength": -1,
  env: 0,
  clock: 0,
  lru: 0,
  freeze: 0,
  arrays: 0,
  result: 0,
  plans: 0,
  generated: 0,
  time: 0,
  log: 1,
  "query-params": 1,
  migrate: 1,
  db: 2,
  "db-replicas": 3,
  metrics: 1,
  redis: 2,
  net: 2,
  ratelimit: 3,
  readiness: 3,
  unavailable: 0,
  "request-scope": 0,
  // Domains that need only infrastructure.
  catalog: 4,
  mail: 4,
  embedded: 4,
  // Domains that send mail or cache key state in Redis.
  keys: 5,
  auth: 5,
  // Quotas, which read keys.
  quota: 6,
  // What the site and the Studio put together.
  site: 7,
  studio: 7,
  // HTTP.
  api: 8,
};

const LIB = path.resolve("lib");

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === "generated" ? [] : sources(full);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [full] : [];
  });
}

/** "lib/catalog/import/load.ts" → "catalog"; "lib/env.ts" → "env". */
const entryOf = (file: string) =>
  path
    .relative(LIB, file)
    .split(path.sep)[0]
    ?.replace(/\.tsx?$/, "") ?? "";

describe("lib/ layering", () => {
  it("every import points to the same entry or a lower layer", () => {
    const wrong: string[] = [];
    for (const file of sources(LIB)) {
      const from = entryOf(file);
      for (const m of readFileSync(file, "utf8").matchAll(/from "(\.{1,2}\/[^"]+)"/g)) {
        const target = path.resolve(path.dirname(file), m[1] ?? "");
        if (!target.startsWith(`${LIB}${path.sep}`)) continue; // emails/, outside lib
        const to = entryOf(target);
        if (to === from) continue;
        const [a, b] = [LAYER[from], LAYER[to]];
        if (a === undefined || b === undefined) wrong.push(`${from} or ${to} has no layer (add it above)`);
        else if (b >= a) wrong.push(`${path.relative(LIB, file)} imports ${m[1]} (layer ${a} → ${b})`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("no domain module speaks HTTP", () => {
    for (const file of sources(LIB).filter((f) => /\/(catalog|keys|site|quota)\//.test(f))) {
      expect(readFileSync(file, "utf8"), file).not.toMatch(/from "(\.\.\/)+api\//);
    }
  });
});
