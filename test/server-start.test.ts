// npm start without DATABASE_URL: a clear refusal, not a silent embedded database.
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { REFUSED_MESSAGE } from "@/lib/embedded/open";

const dataRoot = mkdtempSync(path.join(tmpdir(), "jsa-start-"));
afterAll(() => rmSync(dataRoot, { recursive: true, force: true }));

const production = {
  NODE_ENV: "production",
  DATABASE_URL: "",
  KEY_HASH_SECRET: randomBytes(32).toString("hex"),
  NEXTAUTH_SECRET: randomBytes(32).toString("hex"),
  APP_URL: "https://api.example.com",
  SMTP_URL: "smtp://127.0.0.1:9",
  EMBEDDED_DATA_DIR: path.join(dataRoot, "data"),
};

function start(env: Record<string, string>) {
  return spawnSync(process.execPath, ["--import", "tsx", "server.ts"], {
    env: { ...process.env, ALLOW_EMBEDDED: "", ...env } as NodeJS.ProcessEnv,
    encoding: "utf8",
    timeout: 60_000,
  });
}

describe("npm start (server.ts)", () => {
  it("refuses the embedded database in production unless ALLOW_EMBEDDED=1", () => {
    const run = start(production);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(REFUSED_MESSAGE);
    expect(existsSync(production.EMBEDDED_DATA_DIR)).toBe(false);
  });

  it("checks the rest of the environment before creating an embedded database", () => {
    const run = start({ ...production, ALLOW_EMBEDDED: "1", KEY_HASH_SECRET: "" });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/KEY_HASH_SECRET: required in production/);
    expect(existsSync(production.EMBEDDED_DATA_DIR)).toBe(false);
  });
});
