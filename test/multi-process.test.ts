// N parallel requests against R remaining admit exactly min(N, R), across two processes too.
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { createTestKey } from "./support/api-keys";

const run = promisify(execFile);

async function twoProcesses(key: string, each: number, extraEnv: Record<string, string>): Promise<number[]> {
  const env = { ...process.env, ...extraEnv };
  const startAt = String(Date.now() + 6_000); // both are up and connected by then
  const outs = await Promise.all(
    [0, 1].map(() =>
      run("npx", ["tsx", "test/support/admit-worker.ts", key, String(each), startAt], { env }),
    ),
  );
  return outs.map((o) => Number(o.stdout.trim()));
}

describe("admission across two app processes", () => {
  it("admits exactly 50 of 2 × 100 on Redis", async () => {
    const { key } = await createTestKey({ tier: "free" });
    const admitted = await twoProcesses(key, 100, {});
    expect(admitted[0]! + admitted[1]!).toBe(50);
  }, 30_000);

  it("admits exactly 50 of 2 × 100 on Postgres alone", async () => {
    const { key } = await createTestKey({ tier: "free" });
    const admitted = await twoProcesses(key, 100, { REDIS_URL: "" });
    expect(admitted[0]! + admitted[1]!).toBe(50);
  }, 30_000);
});
