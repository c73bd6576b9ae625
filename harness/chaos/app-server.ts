// The production server under test, started the way harness/e2e/run.ts does: node itself (no npx or
// tsx wrapper) in its own process group, so it can be signalled and stopped for sure by pid.
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { openSync, readFileSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import { SERVER_ARGS } from "../support/server-command";
import { send } from "./http";

export class AppServer {
  private proc?: ChildProcess;
  private exited?: Promise<void>;
  private starts = 0;
  logFile = "";

  constructor(
    readonly port: number,
    readonly env: NodeJS.ProcessEnv,
    private readonly logDir: string,
  ) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get pid(): number | undefined {
    return this.proc && this.proc.exitCode === null && this.proc.signalCode === null
      ? this.proc.pid
      : undefined;
  }

  /** How the last process ended: exit code or signal name; undefined while it runs. */
  get exitStatus(): string | undefined {
    if (!this.proc || this.pid) return undefined;
    return this.proc.signalCode ?? String(this.proc.exitCode);
  }

  async start(): Promise<void> {
    if (this.pid) return;
    this.logFile = `${this.logDir}/server-${++this.starts}.log`;
    const log = openSync(this.logFile, "a");
    const proc = spawn(process.execPath, SERVER_ARGS, {
      env: this.env,
      stdio: ["ignore", log, log],
      detached: true,
    });
    this.proc = proc;
    this.exited = once(proc, "exit").then(() => {});
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      if (!this.pid) throw new Error(`the server exited at start (${this.exitStatus}):\n${this.logTail()}`);
      const o = await send(this.url, "/api/health", { timeoutMs: 2_000 });
      if (o.status === 200) return;
      await sleep(200);
    }
    throw new Error(`the server did not answer /api/health within 60 s:\n${this.logTail()}`);
  }

  /** SIGTERM to the server process alone (its own graceful shutdown is what is tested). */
  sigterm(): void {
    if (this.pid) this.proc?.kill("SIGTERM");
  }

  /** Resolves true when the process has exited within `ms`. */
  async waitExit(ms: number): Promise<boolean> {
    if (!this.exited || !this.pid) return true;
    const timeout = sleep(ms).then(() => false);
    return Promise.race([this.exited.then(() => true), timeout]);
  }

  /** SIGTERM to the process group, then SIGKILL if it has not exited within 15 s. */
  async stop(): Promise<void> {
    const pid = this.pid;
    if (!pid) return;
    this.signalGroup(pid, "SIGTERM");
    if (!(await this.waitExit(15_000))) {
      this.signalGroup(pid, "SIGKILL");
      await this.waitExit(5_000);
    }
  }

  async restart(): Promise<void> {
    await this.stop();
    await this.start();
  }

  killNow(): void {
    const pid = this.pid; // only while it runs: a dead leader's pid may belong to someone else
    if (pid) this.signalGroup(pid, "SIGKILL");
  }

  logTail(lines = 30): string {
    try {
      return readFileSync(this.logFile, "utf8").trimEnd().split("\n").slice(-lines).join("\n");
    } catch {
      return "(no log)";
    }
  }

  private signalGroup(pid: number, sig: NodeJS.Signals): void {
    try {
      process.kill(-pid, sig);
    } catch {
      // the group is gone already
    }
  }
}
