import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// The allowed direction of imports inside lib/ (ARCHITECTURE.md explains it): a module may
// import from its own folder and from any entry of a lower layer, never upward or sideways.
const LAYER: Record<string, number> = {
  // Infrastructure, bottom up: no domain knowledge. Each module of lib/core/ is its own entry.
  // What lib/core/env.ts itself is made of, below everything.
  "core/env-schema": -1,
  "core/secret-strength": -1,
  "core/env": 0,
  "core/clock": 0,
  "core/lru": 0,
  "core/snapshot-revision": 0,
  "core/freeze": 0,
  "core/arrays": 0,
  "core/result": 0,
  "core/plans": 0,
  generated: 0,
  "core/time": 0,
  "core/log": 1,
  "core/query-params": 1,
  "core/migrate": 1,
  "core/db": 2,
  "core/db-replicas": 3,
  metrics: 1,
  redis: 2,
  net: 2,
  // Requests this service makes to addresses its users give (webhooks): refuses private ones.
  outbound: 2,
  "core/ratelimit": 3,
  "core/readiness": 3,
  "core/unavailable": 0,
  "core/request-scope": 0,
  "core/key-placeholder": 0,
  // The gazetteer and distance math: places, not jobs.
  places: 1,
  // Domains that need only infrastructure.
  catalog: 4,
  mail: 4,
  embedded: 4,
  // Domains that send mail or cache key state in Redis.
  keys: 5,
  auth: 5,
  // Quotas, which read keys.
  quota: 6,
  // The request log: lines free of keys (keys/format), written beside quotas.
  "request-log": 6,
  // What the site and the Studio put together.
  site: 7,
  studio: 7,
  // Usage alerts: read quota states, send mail.
  alerts: 7,
  // Saved searches: each import's new jobs (catalog) by webhook (outbound, webhooks) or e-mail.
  "saved-searches": 7,
  // Signed deliveries to users' endpoints: signatures, retry schedule.
  webhooks: 3,
  // Plans bought through Stripe: change tiers (keys).
  billing: 6,
  // HTTP.
  api: 8,
};

// The one folder outside lib/ that lib/ may import: the e-mail templates (props in, markup
// out), which lib/mail renders. They may use only the bottom of lib/ themselves.
const OUTSIDE: Record<string, number> = { emails: 1 };

const ROOT = path.resolve(".");

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === "generated" ? [] : sources(full);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [full] : [];
  });
}

/**
 * Every module a source names: `import … from`, `export … from`, side-effect `import "x"` and
 * dynamic `import("x")`. Whole-line comments are dropped first, so prose about an import is not
 * one.
 */
function specifiersOf(text: string): string[] {
  const code = text.replace(/^\s*\/\*[\s\S]*?\*\//gm, "").replace(/^\s*\/\/.*$/gm, "");
  const found = code.matchAll(/\bfrom\s*"([^"]+)"|\bimport\s*"([^"]+)"|\bimport\s*\(\s*["'`]([^"'`]+)["'`]/g);
  return [...found].map((m) => m[1] ?? m[2] ?? m[3] ?? "");
}

/** "lib/catalog/import/load.ts" → "catalog"; "lib/core/env.ts" → "core/env"; "emails/sign-in.tsx" → "emails". */
function entryOf(abs: string): { entry: string; layer: number | undefined } | undefined {
  const rel = path.relative(ROOT, abs).split(path.sep);
  if (rel[0] === "lib" && rel.length > 1) {
    const inCore = rel[1] === "core" && rel.length > 2;
    const entry = (inCore ? `core/${rel[2]}` : (rel[1] ?? "")).replace(/\.tsx?$/, "");
    return { entry, layer: LAYER[entry] };
  }
  const top = rel[0] ?? "";
  return top in OUTSIDE ? { entry: top, layer: OUTSIDE[top] } : undefined;
}

/** What is wrong with the imports of `file` (relative to the repository) whose text is `text`. */
function problemsOf(file: string, text: string): string[] {
  const abs = path.resolve(ROOT, file);
  const from = entryOf(abs);
  if (!from) return [`${file} is neither in lib/ nor in a layer outside it`];
  const wrong: string[] = [];
  for (const spec of specifiersOf(text)) {
    let target: string;
    if (spec.startsWith(".")) target = path.resolve(path.dirname(abs), spec);
    else if (spec.startsWith("@/")) target = path.resolve(ROOT, spec.slice(2));
    else continue; // a package
    const to = entryOf(target);
    if (!to) {
      wrong.push(`${file} imports ${spec}: outside lib/ and its layers (${Object.keys(OUTSIDE).join(", ")})`);
      continue;
    }
    if (to.entry === from.entry) continue;
    const [a, b] = [from.layer, to.layer];
    if (a === undefined || b === undefined)
      wrong.push(`${from.entry} or ${to.entry} has no layer (add it above)`);
    else if (b >= a) wrong.push(`${file} imports ${spec} (layer ${a} → ${b})`);
  }
  return wrong;
}

const own = (dir: string) => sources(path.join(ROOT, dir)).map((f) => path.relative(ROOT, f));

describe("lib/ layering", () => {
  it("every import points to the same entry or a lower layer", () => {
    const files = [...own("lib"), ...Object.keys(OUTSIDE).flatMap(own)];
    expect(files.length).toBeGreaterThan(100);
    expect(files.flatMap((f) => problemsOf(f, readFileSync(f, "utf8")))).toEqual([]);
  });

  it("no domain module speaks HTTP", () => {
    for (const file of own("lib").filter((f) => /^lib\/(catalog|keys|site|quota)\//.test(f))) {
      const specs = specifiersOf(readFileSync(file, "utf8"));
      expect(
        specs.filter((s) => /^(\.\.\/)+api\/|^@\/lib\/api\//.test(s)),
        file,
      ).toEqual([]);
    }
  });
});

describe("what the layering check sees", () => {
  it("finds static, re-exported, side-effect and dynamic imports, not prose", () => {
    const text = [
      'import { a } from "../core/db";',
      'import type {\n  B,\n} from "./b";',
      'export * from "../core/result";',
      'import "../metrics/register";',
      'const m = await import("../api/errors");',
      "const n = await import(\n  '../quota/admission'\n);",
      '// once imported from "../site/limits"; import("../studio/x") is gone',
      '/**\n * a doc comment about import("../api/handle")\n */',
    ].join("\n");
    expect(specifiersOf(text)).toEqual([
      "../core/db",
      "./b",
      "../core/result",
      "../metrics/register",
      "../api/errors",
      "../quota/admission",
    ]);
  });

  it("flags upward dynamic and side-effect imports", () => {
    expect(problemsOf("lib/catalog/x.ts", 'const m = await import("../api/errors");')).toEqual([
      "lib/catalog/x.ts imports ../api/errors (layer 4 → 8)",
    ]);
    expect(problemsOf("lib/catalog/x.ts", 'import "../quota/admission";')).toEqual([
      "lib/catalog/x.ts imports ../quota/admission (layer 4 → 6)",
    ]);
    expect(problemsOf("lib/keys/x.ts", 'import { f } from "@/lib/site/limits";')).toEqual([
      "lib/keys/x.ts imports @/lib/site/limits (layer 5 → 7)",
    ]);
  });

  it("flags imports that leave lib/, except into emails/ from above its layer", () => {
    expect(problemsOf("lib/catalog/x.ts", 'import { GET } from "../../app/v1/jobs/route";')).toEqual([
      "lib/catalog/x.ts imports ../../app/v1/jobs/route: outside lib/ and its layers (emails)",
    ]);
    expect(problemsOf("lib/core/db.ts", 'const s = await import("@/scripts/with-database");')).toHaveLength(
      1,
    );
    expect(problemsOf("lib/mail/send.ts", 'import { SignInEmail } from "../../emails/sign-in";')).toEqual([]);
    expect(problemsOf("lib/core/log.ts", 'import { SignInEmail } from "../../emails/sign-in";')).toEqual([
      "lib/core/log.ts imports ../../emails/sign-in (layer 1 → 1)",
    ]);
    expect(problemsOf("emails/sign-in.tsx", 'import { env } from "../lib/core/env";')).toEqual([]);
    expect(problemsOf("emails/sign-in.tsx", 'import { send } from "../lib/mail/send";')).toEqual([
      "emails/sign-in.tsx imports ../lib/mail/send (layer 1 → 4)",
    ]);
  });
});
