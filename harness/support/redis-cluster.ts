// A private Redis Cluster: 6 `redis-server --cluster-enabled yes` on free ports (each port and its
// bus port, +10000, free), joined by `redis-cli --cluster create` as 3 masters and 3 replicas.
// Nodes are killed by the pid this class started; the machine's Redis on 6379 is never used.
import { type ChildProcess, execFile, spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { promisify } from "node:util";
import { Redis } from "ioredis";

const run = promisify(execFile);

function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.once("error", () => resolve(false));
    srv.listen(port, "127.0.0.1", () => srv.close(() => resolve(true)));
  });
}

/** Ports below the ephemeral range whose cluster bus port (+10000) is free too. */
export async function clusterPorts(n: number): Promise<number[]> {
  const out: number[] = [];
  for (let tries = 0; out.length < n && tries < 500; tries++) {
    const p = 20_000 + Math.floor(Math.random() * 12_000);
    if (out.includes(p) || out.includes(p + 10_000) || out.includes(p - 10_000)) continue;
    if ((await portFree(p)) && (await portFree(p + 10_000))) out.push(p);
  }
  if (out.length < n) throw new Error("no free ports for the Redis Cluster");
  return out;
}

type Node = { port: number; proc: ChildProcess };

export class PrivateRedisCluster {
  readonly dir = mkdtempSync("/tmp/private-redis-cluster-");
  private readonly nodes: Node[] = [];

  constructor(readonly ports: number[]) {}

  /** For REDIS_CLUSTER_NODES. */
  get nodeList(): string {
    return this.ports.map((p) => `127.0.0.1:${p}`).join(",");
  }

  async start(): Promise<void> {
    for (const port of this.ports) {
      const proc = spawn(
        "redis-server",
        [
          ...["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
          ...["--cluster-enabled", "yes", "--cluster-config-file", `nodes-${port}.conf`],
          ...["--cluster-node-timeout", "2000", "--dir", this.dir],
        ],
        { stdio: "ignore", detached: true },
      );
      this.nodes.push({ port, proc });
    }
    for (const port of this.ports) await this.waitPing(port);
    await run("redis-cli", [
      "--cluster",
      "create",
      ...this.ports.map((p) => `127.0.0.1:${p}`),
      "--cluster-replicas",
      "1",
      "--cluster-yes",
    ]);
    await this.waitOk(this.ports, 30_000);
  }

  pidOf(port: number): number | undefined {
    const proc = this.nodes.find((n) => n.port === port)?.proc;
    return proc && proc.exitCode === null && proc.signalCode === null ? proc.pid : undefined;
  }

  /** The port of the master that owns `key`'s slot, from any live node's view. */
  async masterOf(key: string): Promise<number> {
    const port = this.ports.find((p) => this.pidOf(p)) ?? 0;
    const io = this.single(port);
    try {
      const slot = Number(await io.call("CLUSTER", "KEYSLOT", key));
      const text = String(await io.call("CLUSTER", "NODES"));
      for (const line of text.trim().split("\n")) {
        const f = line.split(" ");
        if (!f[2]?.includes("master") || f[2].includes("fail")) continue;
        for (const range of f.slice(8)) {
          const [a, b] = range.split("-").map(Number);
          if (a !== undefined && slot >= a && slot <= (b ?? a))
            return Number(f[1]?.split(":")[1]?.split("@")[0]);
        }
      }
      throw new Error(`no master owns slot ${slot}`);
    } finally {
      io.disconnect();
    }
  }

  /** SIGKILL one node, as a crash would. */
  async kill(port: number): Promise<void> {
    const node = this.nodes.find((n) => n.port === port);
    if (!node || !this.pidOf(port)) return;
    const exited = once(node.proc, "exit");
    node.proc.kill("SIGKILL");
    await exited;
  }

  /** Waits until every live node says cluster_state:ok; returns how long that took. */
  async waitOk(ports = this.ports.filter((p) => this.pidOf(p)), ms = 30_000): Promise<number> {
    const started = Date.now();
    while (Date.now() - started < ms) {
      const states = await Promise.all(ports.map((p) => this.info(p)));
      if (states.every((s) => s.includes("cluster_state:ok"))) return Date.now() - started;
      await sleep(100);
    }
    throw new Error(`the Redis Cluster did not reach cluster_state:ok within ${ms} ms`);
  }

  /** HGET on the master that owns the key's slot now (retried while a failover settles). */
  async hget(key: string, field: string): Promise<string | null> {
    let last: unknown;
    for (let attempt = 0; attempt < 20; attempt++) {
      try {
        const io = this.single(await this.masterOf(key));
        try {
          return await io.hget(key, field);
        } finally {
          io.disconnect();
        }
      } catch (err) {
        last = err;
        await sleep(250);
      }
    }
    throw last;
  }

  /** Every key matching `match` on the live masters (SCAN on each). */
  async scanMasters(match: string): Promise<string[]> {
    const keys = new Set<string>();
    for (const port of this.ports.filter((p) => this.pidOf(p))) {
      const io = this.single(port);
      try {
        const role = (await io.call("ROLE")) as unknown[];
        if (role[0] !== "master") continue;
        for await (const batch of io.scanStream({ match, count: 1000 })) {
          for (const k of batch as string[]) keys.add(k);
        }
      } finally {
        io.disconnect();
      }
    }
    return [...keys];
  }

  async destroy(): Promise<void> {
    this.killNow();
    await sleep(100);
    rmSync(this.dir, { recursive: true, force: true });
  }

  killNow(): void {
    for (const n of this.nodes) if (this.pidOf(n.port)) n.proc.kill("SIGKILL");
  }

  private single(port: number): Redis {
    const io = new Redis({
      port,
      host: "127.0.0.1",
      lazyConnect: false,
      maxRetriesPerRequest: 0,
      connectTimeout: 1_000,
      retryStrategy: () => null,
    });
    io.on("error", () => {});
    return io;
  }

  private async info(port: number): Promise<string> {
    const io = this.single(port);
    try {
      return String(await io.call("CLUSTER", "INFO"));
    } catch {
      return "";
    } finally {
      io.disconnect();
    }
  }

  private async waitPing(port: number): Promise<void> {
    for (let i = 0; i < 200; i++) {
      const io = this.single(port);
      try {
        if ((await io.ping()) === "PONG") return;
      } catch {
        await sleep(50);
      } finally {
        io.disconnect();
      }
    }
    throw new Error(`redis-server did not start on ${port}`);
  }
}
