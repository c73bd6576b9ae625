// npm test's OpenAPI lint: the generated document must pass Redocly's recommended rules and
// Spectral's spectral:oas with no error and no warning, and the OWASP API Security ruleset
// (.spectral-owasp.yaml) with no error; its warnings are printed. The CLIs run offline from
// node_modules; Redocly's telemetry and update check are switched off.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

// Linted as a deployment serves it: there APP_URL is the public origin, while the development
// default (localhost) is exactly what no-server-example.com is meant to catch.
process.env.APP_URL = process.env.LINT_APP_URL ?? "https://api.jobs-salary.test";

type Count = { errors: number; warnings: number; lines: string[] };

function run(bin: string, args: string[]): string {
  const res = spawnSync(path.resolve("node_modules/.bin", bin), args, {
    encoding: "utf8",
    env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true", CI: "true" },
  });
  if (res.error) throw res.error;
  // Both exit non-zero when they find problems; the JSON report says which.
  if (!res.stdout.trim()) throw new Error(`${bin} printed no report:\n${res.stderr}`);
  return res.stdout;
}

function redocly(file: string): Count {
  const report = JSON.parse(run("redocly", ["lint", "--extends=recommended", "--format=json", file])) as {
    totals: { errors: number; warnings: number };
    problems: { severity: string; ruleId: string; message: string; location: { pointer: string }[] }[];
  };
  const lines = report.problems.map(
    (p) => `  ${p.severity} ${p.ruleId}: ${p.message} (${p.location[0]?.pointer ?? ""})`,
  );
  return { errors: report.totals.errors, warnings: report.totals.warnings, lines };
}

function spectral(file: string, rulesetFile = ".spectral.yaml"): Count {
  const ruleset = path.resolve(rulesetFile);
  const results = JSON.parse(
    run("spectral", ["lint", "--ruleset", ruleset, "--format=json", "--quiet", "--fail-severity=hint", file]),
  ) as { severity: number; code: string; message: string; path: string[] }[];
  // 0 error, 1 warning, 2 info, 3 hint: information and hints count as warnings here too.
  const lines = results.map((r) => `  ${r.severity} ${r.code}: ${r.message} (${r.path.join(".")})`);
  return {
    errors: results.filter((r) => r.severity === 0).length,
    warnings: results.filter((r) => r.severity > 0).length,
    lines,
  };
}

/** How many lines each rule has, leaving out those starting with `except`. */
function perRule(lines: string[], except: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const line of lines) {
    if (line.startsWith(except)) continue;
    const rule = line.trim().split(" ")[1]?.replace(/:$/, "") ?? "";
    out.set(rule, (out.get(rule) ?? 0) + 1);
  }
  return out;
}

async function main(): Promise<number> {
  const { openApiDocument } = await import("../lib/api/openapi");
  const dir = mkdtempSync(path.join(tmpdir(), "openapi-lint-"));
  try {
    const file = path.join(dir, "openapi.json");
    writeFileSync(file, JSON.stringify(openApiDocument(), null, 2));
    let failed = false;
    for (const [name, count, warningsFail] of [
      ["redocly lint --extends=recommended", redocly(file), true],
      ["spectral lint (spectral:oas)", spectral(file), true],
      ["spectral lint (OWASP API Security)", spectral(file, ".spectral-owasp.yaml"), false],
    ] as const) {
      console.log(`${name}: ${count.errors} errors, ${count.warnings} warnings`);
      // Warnings that do not fail the run are summed up per rule; anything that fails is listed.
      const listed = warningsFail ? count.lines : count.lines.filter((l) => l.startsWith("  0 "));
      for (const line of listed) console.log(line);
      if (!warningsFail)
        for (const [rule, n] of perRule(count.lines, "  0 ")) console.log(`  ${n} × ${rule}`);
      if (count.errors || (warningsFail && count.warnings)) failed = true;
    }
    return failed ? 1 : 0;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
