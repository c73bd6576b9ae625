// A private redis-server for tests that stop and restart Redis (the machine's is shared).
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { Redis } from "ioredis";

export class PrivateRedis {
  private proc?: ChildProcess;
  // Below Linux's ephemeral range (32768+), where the test's own outgoing connections take
  // their local ports: a port picked there can already be in use.
  readonly port = 20_000 + Math.floor(Math.random() * 12_000);
  readonly url = `redis://127.0.0.1:${this.port}`;

  async start(): Promise<void> {
    this.proc = spawn(
      "redis-server",
      ["--port", String(this.port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
      { stdio: "ignore" },
    );
    const probe = new Redis(this.url, {
      lazyConnect: true,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
    });
    probe.on("error", () => {}); // refused until the server is up
    for (let i = 0; i < 200; i++) {
      if (this.proc.exitCode !== null) break; // it could not start (the port was taken)
      try {
        await probe.connect();
        await probe.ping();
        probe.disconnect();
        return;
      } catch {
        await new Promise((r) => setTimeout(r, 50));
      }
    }
    throw new Error(`redis-server did not start on ${this.port}`);
  }

  async stop(): Promise<void> {
    // A process killed by a signal has signalCode set and exitCode null.
    if (!this.proc || this.proc.exitCode !== null || this.proc.signalCode !== null) return;
    const exited = once(this.proc, "exit");
    this.proc.kill("SIGKILL");
    await exited;
  }
}
