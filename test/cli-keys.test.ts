// The operator CLI, exactly as support staff and scripts call it.
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { beforeAll, describe, expect, it } from "vitest";
import { loadCatalog } from "./support/fixtures";
import { request } from "./support/http";

const exec = promisify(execFile);

async function keys(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await exec("npx", ["tsx", "scripts/keys.ts", ...args], { env: process.env });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

beforeAll(async () => {
  await loadCatalog();
});

describe("npm run -s keys", () => {
  it("creates a working key, changes tiers on the next request, shows without the key, revokes", async () => {
    const email = `cli-${Date.now()}@example.com`;
    const created = await keys("create", "--email", email, "--tier", "builder");
    expect(created.code).toBe(0);
    const line = JSON.parse(created.stdout);
    expect(Object.keys(line).sort()).toEqual(["email", "id", "key", "status", "tier"]);
    expect(line).toMatchObject({ status: "active", tier: "builder", email });
    const first = await request("/v1/jobs/de-1", { key: line.key });
    expect(first.status).toBe(200);
    expect(first.headers.get("x-ratelimit-limit")).toBe("10000");

    expect((await keys("tier", "--email", email, "--tier", "free")).code).toBe(0);
    expect((await request("/v1/jobs/de-1", { key: line.key })).headers.get("x-ratelimit-limit")).toBe("50");

    const shown = await keys("show", "--email", email);
    expect(shown.code).toBe(0);
    expect(shown.stdout).not.toContain(line.key.slice(4));
    expect(JSON.parse(shown.stdout)).toMatchObject({
      email,
      tier: "free",
      keys: [{ id: line.id, status: "active" }],
    });

    expect((await keys("create", "--email", email)).code).toBe(1); // one live key per user
    expect((await keys("revoke", "--email", email)).code).toBe(0);
    expect((await request("/v1/jobs/de-1", { key: line.key })).status).toBe(401);
  }, 60_000);

  it("creates inactive keys on request", async () => {
    const created = await keys("create", "--email", `cli-in-${Date.now()}@example.com`, "--inactive");
    const line = JSON.parse(created.stdout);
    expect(line).toMatchObject({ status: "inactive", tier: "free" });
    expect((await (await request("/v1/jobs", { key: line.key })).json()).error.code).toBe("key_inactive");
  }, 30_000);

  it.each([
    [[]],
    [["create"]],
    [["create", "--email", "not-an-email"]],
    [["tier", "--email", "a@example.com", "--tier", "gold"]],
    [["frobnicate", "--email", "a@example.com"]],
  ])(
    "prints usage and exits non-zero for %j",
    async (args) => {
      const r = await keys(...args);
      expect(r.code).not.toBe(0);
      expect(r.stderr).toMatch(/^usage: npm run -s keys -- create/m);
      expect(r.stdout).toBe("");
    },
    30_000,
  );
});
