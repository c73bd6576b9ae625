// Starts test/support/stub-app-server.ts as a child process and reads what it prints.
import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";

export type StubProcess = {
  port: number;
  child: ChildProcess;
  /** Everything the process printed so far (stdout and stderr). */
  output: () => string;
  /** Resident memory of the server process, in bytes. */
  rss: () => number;
  /** Sends SIGTERM and resolves with the request ids it handled, once it exits. */
  terminate: () => Promise<string[]>;
  stop: () => void;
};

export async function startStub(): Promise<StubProcess> {
  const script = path.join(import.meta.dirname, "stub-app-server.ts");
  const child = spawn(process.execPath, ["--import", "tsx", script], {
    env: { ...process.env, LOG_LEVEL: "warn" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout?.on("data", (c: Buffer) => {
    out += c.toString();
  });
  child.stderr?.on("data", (c: Buffer) => {
    out += c.toString();
  });
  const port = await new Promise<number>((resolve, reject) => {
    const check = () => {
      const m = /port (\d+)/.exec(out);
      if (m) return resolve(Number(m[1]));
    };
    child.stdout?.on("data", check);
    child.once("exit", (code) => reject(new Error(`stub server exited (${code}): ${out}`)));
  });
  const exited = new Promise<void>((resolve) => child.once("close", () => resolve()));
  return {
    port,
    child,
    output: () => out,
    rss: () => {
      const status = readFileSync(`/proc/${child.pid}/status`, "utf8");
      return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024;
    },
    terminate: async () => {
      child.kill("SIGTERM");
      await exited;
      const m = /handled (\[.*\])/.exec(out);
      return m ? (JSON.parse(m[1] ?? "[]") as string[]) : [];
    },
    stop: () => {
      if (child.exitCode === null) child.kill("SIGKILL");
    },
  };
}
