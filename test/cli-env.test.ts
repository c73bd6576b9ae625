// Each command, run in production, needs what it uses and nothing else: db:migrate and the
// catalog commands only a database, keys also the key secret; a missing setting of its own is
// named. Runs on a database of its own, made here, so the run's catalog is not touched.
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dropDatabase, ensureDatabase } from "@/lib/core/migrate";

const exec = promisify(execFile);
const url = new URL(process.env.DATABASE_URL!);
url.pathname = `${url.pathname}_cli_${randomBytes(3).toString("hex")}`;
const DATABASE_URL = url.toString();
const dir = mkdtempSync(path.join(tmpdir(), "jsa-cli-env-"));

beforeAll(async () => {
  await ensureDatabase(DATABASE_URL);
});
afterAll(async () => {
  try {
    await dropDatabase(DATABASE_URL);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

/** Runs a script in production with exactly these settings (no secrets, Redis or mail inherited). */
async function run(script: string, args: string[], settings: Record<string, string>) {
  const env = { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: "production", ...settings };
  try {
    const { stdout, stderr } = await exec(process.execPath, ["--import", "tsx", script, ...args], {
      env: env as NodeJS.ProcessEnv,
      timeout: 60_000,
    });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

describe("commands in production", () => {
  it("db:migrate runs with DATABASE_URL alone", async () => {
    const r = await run("scripts/db-migrate.ts", [], { DATABASE_URL });
    expect(r.stderr).toBe("");
    expect(r).toMatchObject({ code: 0, stdout: expect.stringMatching(/applied /) });
  }, 60_000);

  it("catalog:import runs with DATABASE_URL alone; without it, it says so", async () => {
    const file = path.join(dir, "jobs.jsonl");
    const job = { title: "Nurse", company: "Clinic", country: "DE", posted_at: "2026-11-01T00:00:00Z" };
    writeFileSync(
      file,
      `${JSON.stringify({ id: "cli-1", ...job })}\n${JSON.stringify({ id: "cli-2", ...job })}\n`,
    );
    const r = await run("scripts/catalog-import.ts", [file], { DATABASE_URL });
    expect(r.stderr).not.toMatch(/Invalid environment/);
    expect(r).toMatchObject({ code: 0, stdout: expect.stringMatching(/2 jobs/) });
    const without = await run("scripts/catalog-import.ts", [file], {});
    expect(without.code).toBe(1);
    expect(without.stderr).toMatch(/DATABASE_URL/);
    expect(without.stderr).not.toMatch(/SMTP_URL|APP_URL|SECRET/);
  }, 60_000);

  it("catalog:demo runs with DATABASE_URL alone", async () => {
    const r = await run("scripts/catalog-demo.ts", ["--jobs", "30", "--seed", "7"], { DATABASE_URL });
    expect(r.stderr).not.toMatch(/Invalid environment/);
    expect(r.code).toBe(0);
  }, 60_000);

  it("keys runs with DATABASE_URL and KEY_HASH_SECRET; it names a missing or weak secret", async () => {
    const email = `cli-env-${Date.now()}@example.com`;
    const missing = await run("scripts/keys.ts", ["create", "--email", email], { DATABASE_URL });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/KEY_HASH_SECRET: required in production by npm run keys/);
    expect(missing.stderr).not.toMatch(/SMTP_URL|APP_URL|NEXTAUTH_SECRET/);

    const weak = "k".repeat(40);
    const refused = await run("scripts/keys.ts", ["create", "--email", email], {
      DATABASE_URL,
      KEY_HASH_SECRET: weak,
    });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/KEY_HASH_SECRET: too predictable/);
    expect(refused.stderr).not.toContain(weak);

    const made = await run("scripts/keys.ts", ["create", "--email", email], {
      DATABASE_URL,
      KEY_HASH_SECRET: randomBytes(32).toString("hex"),
    });
    expect(made.stderr).toBe("");
    expect(JSON.parse(made.stdout)).toMatchObject({ email, status: "active" });
  }, 60_000);
});
