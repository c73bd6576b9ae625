// Starting and stopping the servers the benches measure (harness/bench/bench.ts, pieces.ts).
import { type ChildProcess, spawn } from "node:child_process";
import { openSync, readFileSync } from "node:fs";
import { createServer } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { listenerPid } from "./cpu";

export const NEXT_BIN = "node_modules/next/dist/bin/next";

export const freePort = () =>
  new Promise<number>((r) => {
    const s = createServer().listen(0, "127.0.0.1", () => {
      const p = (s.address() as { port: number }).port;
      s.close(() => r(p));
    });
  });

/** In a process group of its own, output to `logFile`. */
export function startServer(
  cmd: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  logFile: string,
  cwd?: string,
): ChildProcess {
  return spawn(cmd, args, {
    cwd,
    detached: true,
    stdio: ["ignore", openSync(logFile, "w"), openSync(logFile, "a")],
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", ...env },
  });
}

/** Waits for `url` to answer 2xx, then gives the pid listening on its port. */
export async function waitUp(url: string, logFile: string): Promise<number> {
  for (let i = 0; i < 240; i++) {
    const ok = await fetch(url).then(
      (r) => r.ok,
      () => false,
    );
    const pid = ok ? listenerPid(Number(new URL(url).port)) : undefined;
    if (pid) return pid;
    await sleep(500);
  }
  throw new Error(`${url} did not come up:\n${readFileSync(logFile, "utf8").slice(-2000)}`);
}

export function stop(child: ChildProcess | undefined): void {
  if (!child?.pid) return;
  try {
    process.kill(-child.pid, "SIGTERM");
  } catch {}
}
