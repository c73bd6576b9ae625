// HAProxy (Debian's package) in front of the app instances: round robin, health checks on
// /api/ready every 500 ms, and the serving instance named in X-Served-By so the harness can see
// the spread. Run in the foreground (-db) in its own process group and stopped by its pid.
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { openSync, readFileSync, writeFileSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import { send } from "../chaos/http";

export class HaProxy {
  private proc?: ChildProcess;
  readonly config: string;
  readonly logFile: string;

  constructor(
    readonly port: number,
    readonly backends: { name: string; port: number }[],
    dir: string,
  ) {
    this.config = `${dir}/haproxy.cfg`;
    this.logFile = `${dir}/haproxy.log`;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get pid(): number | undefined {
    return this.proc && this.proc.exitCode === null && this.proc.signalCode === null
      ? this.proc.pid
      : undefined;
  }

  async start(): Promise<void> {
    // Retries only on a failed connection (nothing was sent): a request an instance may have
    // admitted is never sent twice, so it can never be charged twice.
    const servers = this.backends.map((b) => `  server ${b.name} 127.0.0.1:${b.port} check`).join("\n");
    writeFileSync(
      this.config,
      `global
  maxconn 4096

defaults
  mode http
  timeout connect 1s
  timeout client 30s
  timeout server 30s
  retries 2
  retry-on conn-failure
  option redispatch

frontend api
  bind 127.0.0.1:${this.port}
  option forwardfor
  default_backend apps

backend apps
  balance roundrobin
  option httpchk GET /api/ready
  http-check expect status 200
  default-server inter 500ms fastinter 250ms fall 2 rise 2
  http-response set-header X-Served-By %s
${servers}
`,
    );
    const log = openSync(this.logFile, "a");
    this.proc = spawn("haproxy", ["-f", this.config, "-db"], { stdio: ["ignore", log, log], detached: true });
    const deadline = Date.now() + 15_000;
    while (Date.now() < deadline) {
      if (!this.pid) throw new Error(`haproxy exited at start:\n${readFileSync(this.logFile, "utf8")}`);
      if ((await send(this.url, "/api/health", { timeoutMs: 1_000 })).status === 200) return;
      await sleep(100);
    }
    throw new Error("haproxy did not answer within 15 s");
  }

  async stop(): Promise<void> {
    const proc = this.proc;
    if (!proc || !this.pid) return;
    const exited = once(proc, "exit");
    proc.kill("SIGTERM");
    await exited;
  }

  killNow(): void {
    if (this.pid) this.proc?.kill("SIGKILL");
  }
}
