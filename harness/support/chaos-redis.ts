// A private redis-server the chaos scenarios may kill, flush, freeze and restart on the same
// port. The machine's Redis on 6379 is shared with CI and is never used here.
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { setTimeout as sleep } from "node:timers/promises";
import { Redis } from "ioredis";

export class ChaosRedis {
  private proc?: ChildProcess;
  private frozen = false;

  constructor(readonly port: number) {}

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  get pid(): number | undefined {
    return this.proc && this.proc.exitCode === null && this.proc.signalCode === null
      ? this.proc.pid
      : undefined;
  }

  /** Starts (or starts again, on the same port) and waits until it answers PING. */
  async start(): Promise<void> {
    if (this.pid) return;
    // Own process group: a Ctrl-C in the terminal reaches the harness, which stops this by pid.
    this.proc = spawn(
      "redis-server",
      ["--port", String(this.port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
      { stdio: "ignore", detached: true },
    );
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline) {
      if (!this.pid) throw new Error(`redis-server exited at start on port ${this.port}`);
      if (await this.ping()) return;
      await sleep(50);
    }
    throw new Error(`redis-server did not answer on ${this.port} within 10 s`);
  }

  /** SIGKILL, as a crash would: no shutdown, nothing kept. */
  async kill(): Promise<void> {
    const proc = this.proc;
    if (!proc || !this.pid) return;
    const exited = once(proc, "exit");
    proc.kill("SIGKILL");
    await exited;
    this.frozen = false;
  }

  async restart(): Promise<void> {
    await this.kill();
    await this.start();
  }

  /** FLUSHALL on this private instance only. */
  async flushAll(): Promise<void> {
    const client = this.client();
    try {
      await client.flushall();
    } finally {
      client.disconnect();
    }
  }

  /** HGET on this private instance (to read the server's counters). */
  async hget(key: string, field: string): Promise<string | null> {
    const client = this.client();
    try {
      return await client.hget(key, field);
    } finally {
      client.disconnect();
    }
  }

  freeze(): void {
    if (!this.proc || !this.pid) throw new Error("redis-server is not running");
    this.proc.kill("SIGSTOP");
    this.frozen = true;
  }

  thaw(): void {
    if (this.frozen) this.proc?.kill("SIGCONT");
    this.frozen = false;
  }

  async destroy(): Promise<void> {
    this.thaw();
    await this.kill();
  }

  killNow(): void {
    this.thaw();
    if (this.pid) this.proc?.kill("SIGKILL");
  }

  private client(): Redis {
    const client = new Redis(this.url, {
      lazyConnect: true,
      maxRetriesPerRequest: 0,
      connectTimeout: 1_000,
      commandTimeout: 1_000,
      retryStrategy: () => null,
    });
    client.on("error", () => {}); // surfaced by the command that fails
    return client;
  }

  private async ping(): Promise<boolean> {
    const client = this.client();
    try {
      await client.connect();
      return (await client.ping()) === "PONG";
    } catch {
      return false;
    } finally {
      client.disconnect();
    }
  }
}
