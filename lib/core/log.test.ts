import { execFileSync } from "node:child_process";
import { afterEach, describe, expect, it, vi } from "vitest";
import { env } from "./env";
import { log } from "./log";

afterEach(() => vi.restoreAllMocks());

function captureStdout() {
  const writes: string[] = [];
  vi.spyOn(process.stdout, "write").mockImplementation((chunk: string | Uint8Array) => {
    writes.push(String(chunk));
    return true;
  });
  return writes;
}

describe("log", () => {
  it("writes a turn's info lines to stdout in one write, in order, before the next turn", async () => {
    const e = env() as { LOG_LEVEL: string };
    const level = e.LOG_LEVEL;
    e.LOG_LEVEL = "info";
    const writes = captureStdout();
    try {
      log.info("first", { n: 1 });
      log.info("second", { n: 2 });
      expect(writes).toEqual([]);
      await new Promise((r) => setImmediate(r));
      expect(writes).toHaveLength(1);
      const lines = writes[0]
        ?.trimEnd()
        .split("\n")
        .map((l) => JSON.parse(l));
      expect(lines?.map((l) => [l.msg, l.n])).toEqual([
        ["first", 1],
        ["second", 2],
      ]);
    } finally {
      e.LOG_LEVEL = level;
    }
  });

  it("writes warnings at once, on stderr, after the lines logged before them", () => {
    const e = env() as { LOG_LEVEL: string };
    const level = e.LOG_LEVEL;
    e.LOG_LEVEL = "info";
    const order: string[] = [];
    vi.spyOn(console, "error").mockImplementation(
      (line: string) => void order.push(`stderr ${JSON.parse(line).msg}`),
    );
    vi.spyOn(process.stdout, "write").mockImplementation((chunk: string | Uint8Array) => {
      order.push(`stdout ${JSON.parse(String(chunk)).msg}`);
      return true;
    });
    try {
      log.info("before");
      log.warn("careful", { n: 3 });
      expect(order).toEqual(["stdout before", "stderr careful"]);
    } finally {
      e.LOG_LEVEL = level;
    }
  });

  it("writes what is buffered when the process exits", () => {
    const script = `import { log } from "./lib/core/log.ts"; log.info("last words"); process.exit(0);`;
    const out = execFileSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
      cwd: process.cwd(),
      env: { ...process.env, LOG_LEVEL: "info" },
      encoding: "utf8",
    });
    expect(out).toContain('"msg":"last words"');
  });
});
