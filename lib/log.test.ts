import { afterEach, describe, expect, it, vi } from "vitest";
import { env } from "./env";
import { flushLog, log } from "./log";

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

  it("writes warnings at once, on stderr", () => {
    const e = env() as { LOG_LEVEL: string };
    const level = e.LOG_LEVEL;
    e.LOG_LEVEL = "info";
    const errors: string[] = [];
    vi.spyOn(console, "error").mockImplementation((line: string) => void errors.push(line));
    const writes = captureStdout();
    try {
      log.warn("careful", { n: 3 });
      expect(JSON.parse(errors[0] ?? "{}")).toMatchObject({ level: "warn", msg: "careful", n: 3 });
      flushLog();
      expect(writes).toEqual([]);
    } finally {
      e.LOG_LEVEL = level;
    }
  });

  it("writes what is buffered when asked to, and on exit", () => {
    const e = env() as { LOG_LEVEL: string };
    const level = e.LOG_LEVEL;
    e.LOG_LEVEL = "info";
    const writes = captureStdout();
    try {
      log.info("pending");
      process.emit("exit", 0);
      expect(writes.join("")).toContain('"msg":"pending"');
    } finally {
      e.LOG_LEVEL = level;
    }
  });
});
