import { spawnSync } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ClaimedElsewhere, claim, currentClaim, publishPort, release, stateFile } from "./claim";

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "jsa-claim-"));
});
afterEach(async () => {
  await release(dir);
  await rm(dir, { recursive: true, force: true });
});

const deadPid = () => spawnSync("true").pid!;
const holderFile = (state: object) => writeFile(stateFile(dir), JSON.stringify(state));

describe("the data directory's claim", () => {
  it("is taken, published with its port, and released", async () => {
    await claim(dir, "server");
    expect(await currentClaim(dir)).toEqual({ pid: process.pid, role: "server", port: 0 });
    await publishPort(dir, "server", 5555);
    expect(JSON.parse(await readFile(stateFile(dir), "utf8"))).toEqual({
      pid: process.pid,
      role: "server",
      port: 5555,
    });
    await release(dir);
    expect(await currentClaim(dir)).toBeUndefined();
  });

  it("goes to exactly one of many claimants at once", async () => {
    const results = await Promise.allSettled(Array.from({ length: 10 }, () => claim(dir, "cli")));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const r of results) if (r.status === "rejected") expect(r.reason).toBeInstanceOf(ClaimedElsewhere);
  });

  it("is refused while a live process holds it, naming the file to delete if it is not real", async () => {
    await holderFile({ pid: 1, role: "server", port: 4321 });
    await expect(claim(dir, "server")).rejects.toThrow(
      /in use by process 1 \(a server on port 4321\).*delete .*pglite\.json/,
    );
  });

  it("takes over from a dead process, and from its own pid left by an earlier process", async () => {
    await holderFile({ pid: deadPid(), role: "server", port: 4321 });
    expect(await currentClaim(dir)).toBeUndefined();
    await claim(dir, "cli");
    expect(await currentClaim(dir)).toMatchObject({ pid: process.pid, role: "cli" });
    await release(dir);
    await holderFile({ pid: process.pid, role: "server", port: 4321 }); // same pid, not served here
    expect(await currentClaim(dir)).toBeUndefined();
    await claim(dir, "server");
    expect(await currentClaim(dir)).toMatchObject({ pid: process.pid, port: 0 });
  });
});
