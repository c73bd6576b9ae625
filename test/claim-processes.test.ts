// The data directory's claim across processes: with a stale file left by a crash and several
// processes starting at once, exactly one may open the embedded database.
import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

const run = promisify(execFile);

describe("claiming an embedded data directory from several processes", () => {
  it("gives a stale directory to exactly one of six processes starting together", async () => {
    for (let round = 0; round < 2; round++) {
      const dir = await mkdtemp(path.join(tmpdir(), "jsa-claims-"));
      try {
        await writeFile(
          path.join(dir, "pglite.json"),
          JSON.stringify({ pid: 999_999_999, role: "server", port: 1 }),
        );
        const startAt = String(Date.now() + 4_000);
        const outs = await Promise.all(
          Array.from({ length: 6 }, () =>
            run(process.execPath, ["--import", "tsx", "test/support/claim-worker.ts", dir, startAt]),
          ),
        );
        const results = outs.map((o) => o.stdout.trim());
        expect(results.filter((r) => r === "won")).toHaveLength(1);
        expect(results.filter((r) => r === "lost")).toHaveLength(5);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    }
  });
});
