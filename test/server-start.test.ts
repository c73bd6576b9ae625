// npm start without DATABASE_URL: a clear refusal, not a silent embedded database.
import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { REFUSED_MESSAGE } from "@/lib/embedded/open";

describe("npm start (server.ts)", () => {
  it("refuses the embedded database in production unless ALLOW_EMBEDDED=1", () => {
    const env = { ...process.env, NODE_ENV: "production", DATABASE_URL: "", ALLOW_EMBEDDED: "" } as NodeJS.ProcessEnv;
    const run = spawnSync(process.execPath, ["--import", "tsx", "server.ts"], { env, encoding: "utf8", timeout: 60_000 });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(REFUSED_MESSAGE);
    expect(run.stderr).toContain("ALLOW_EMBEDDED=1");
  });
});
