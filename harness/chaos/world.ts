// The private world the scenarios run in: a Postgres cluster, a Redis and a mail sink of our
// own on free ports, a migrated database with a small demo catalog, and the production server.
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import pg from "pg";
import { importDemo } from "../../lib/catalog/demo/import-demo";
import { ensureDatabase, migrate } from "../../lib/core/migrate";
import { ChaosRedis } from "../support/chaos-redis";
import { PrivatePostgres } from "../support/private-postgres";
import { AppServer } from "./app-server";
import { onCleanup } from "./cleanup";
import { freePorts, MailSink } from "./local-services";

export const DEMO = { jobs: 2_000, asOf: new Date("2026-11-21T00:00:00Z") };

export type Tier = "free" | "builder" | "pro";
export type ApiKey = { id: string; key: string };

/** Runs a child to completion, output to the console; killed (by its group) on a harness exit. */
export function runChild(cmd: string, args: string[], env: NodeJS.ProcessEnv): Promise<number> {
  const child: ChildProcess = spawn(cmd, args, { stdio: "inherit", env, detached: true });
  const kill = () => {
    if (child.exitCode === null && child.signalCode === null && child.pid)
      process.kill(-child.pid, "SIGKILL");
  };
  onCleanup(`${cmd} ${args.join(" ")}`, async () => kill(), kill);
  return new Promise((resolve) => child.on("exit", (code) => resolve(code ?? 1)));
}

export class World {
  private keyCount = 0;

  constructor(
    readonly logDir: string,
    readonly pg: PrivatePostgres,
    readonly redis: ChaosRedis,
    readonly sink: MailSink,
    readonly server: AppServer,
  ) {}

  get env(): NodeJS.ProcessEnv {
    return this.server.env;
  }

  /** A new user and key through the operator CLI, with the server's secrets (the hash uses them). */
  createKey(tier: Tier, label: string): Promise<ApiKey> {
    const email = `${label}-${++this.keyCount}-${randomBytes(3).toString("hex")}@chaos.test`;
    const args = ["--import", "tsx", "scripts/keys.ts", "create", "--email", email, "--tier", tier];
    const child = spawn(process.execPath, args, { env: this.env, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    let err = "";
    child.stdout.on("data", (d: Buffer) => (out += d));
    child.stderr.on("data", (d: Buffer) => (err += d));
    const timer = setTimeout(() => child.kill("SIGKILL"), 60_000);
    return new Promise((resolve, reject) =>
      child.on("exit", (code) => {
        clearTimeout(timer);
        const line = out.trim().split("\n").at(-1) ?? "";
        if (code !== 0) return reject(new Error(`keys create exited ${code}: ${err.trim() || out.trim()}`));
        const parsed = JSON.parse(line) as { id: string; key: string };
        resolve({ id: parsed.id, key: parsed.key });
      }),
    );
  }

  /** One number about a key from the private Postgres, on a connection of its own. */
  private async count(sql: string, keyId: string): Promise<number> {
    const client = new pg.Client({ connectionString: this.pg.url, connectionTimeoutMillis: 3_000 });
    client.on("error", () => {});
    await client.connect();
    try {
      const { rows } = await client.query<{ n: string }>(sql, [keyId]);
      return Number(rows[0]?.n ?? 0);
    } finally {
      await client.end().catch(() => {});
    }
  }

  /** The units of today's quota reserved for a key (leased to Redis or admitted on Postgres). */
  reserved(keyId: string): Promise<number> {
    return this.count(
      "SELECT coalesce(sum(leased + admitted), 0)::text AS n FROM quota_reservations WHERE key_id = $1 AND day = (now() AT TIME ZONE 'UTC')::date",
      keyId,
    );
  }

  /** The key's total in key_usage, the ledger Postgres keeps of admitted requests. */
  charged(keyId: string): Promise<number> {
    return this.count("SELECT coalesce(sum(count), 0)::text AS n FROM key_usage WHERE key_id = $1", keyId);
  }

  /**
   * How many requests Redis admitted today on a key's allowance (field `u` of
   * `<prefix>{<hash32>}:q:<YYYY-MM-DD>`), for the notes: Redis is the fast path, key_usage the
   * ledger that is asserted. null when Redis has no state for it today.
   */
  async redisDayCount(keyId: string): Promise<number | null> {
    const client = new pg.Client({ connectionString: this.pg.url, connectionTimeoutMillis: 3_000 });
    client.on("error", () => {});
    await client.connect();
    let hash: string | undefined;
    try {
      const { rows } = await client.query<{ hash: string }>("SELECT hash FROM api_keys WHERE id = $1", [
        keyId,
      ]);
      hash = rows[0]?.hash;
    } finally {
      await client.end().catch(() => {});
    }
    if (!hash) return null;
    const day = new Date().toISOString().slice(0, 10);
    const value = await this.redis.hget(`${this.env.REDIS_PREFIX}{${hash.slice(0, 32)}}:q:${day}`, "u");
    return value === null ? null : Number(value);
  }

  /** Puts every fault right again before the next scenario: thawed, started, serving. */
  async restore(): Promise<string[]> {
    const done: string[] = [];
    if (this.pg.isFrozen || !this.pg.pid) {
      this.pg.thaw();
      await this.pg.start();
      done.push("postgres");
    }
    if (!this.redis.pid) {
      await this.redis.start();
      done.push("redis restarted");
    }
    this.redis.thaw();
    if (!this.sink.running) {
      await this.sink.start();
      done.push("mail sink");
    }
    if (!this.server.pid) {
      const how = this.server.exitStatus;
      await this.server.start();
      done.push(`server restarted (previous one ended: ${how})`);
    }
    return done;
  }
}

/** Starts everything; each piece is registered for cleanup as soon as it exists. */
export async function startWorld(build: boolean): Promise<World> {
  const [pgPort = 0, redisPort = 0, smtp = 0, web = 0, appPort = 0] = await freePorts(5);
  const pgServer = new PrivatePostgres(pgPort);
  onCleanup(
    "postgres",
    () => pgServer.destroy(),
    () => pgServer.killNow(),
  );
  const redis = new ChaosRedis(redisPort);
  onCleanup(
    "redis",
    () => redis.destroy(),
    () => redis.killNow(),
  );
  const sink = new MailSink(smtp, web);
  onCleanup(
    "mail sink",
    () => sink.stop(),
    () => {},
  );
  await Promise.all([pgServer.start(), redis.start(), sink.start()]);
  console.log(
    `postgres :${pgPort} (pid ${pgServer.pid}), redis :${redisPort} (pid ${redis.pid}), smtp :${smtp}`,
  );

  // Belt and braces: library code in this process that reads the environment must see only the
  // private servers, never the shared ones its defaults point at.
  process.env.DATABASE_URL = pgServer.url;
  process.env.REDIS_URL = redis.url;
  delete process.env.UPSTASH_REDIS_REST_URL;
  delete process.env.UPSTASH_REDIS_REST_TOKEN;
  await ensureDatabase(pgServer.url);
  await migrate(pgServer.url);
  const imported = await importDemo(pgServer.url, DEMO);
  console.log(`demo catalog: ${imported.jobs} jobs (snapshot ${imported.snapshotId})`);

  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    NEXT_TELEMETRY_DISABLED: "1",
    PORT: String(appPort),
    APP_URL: `http://127.0.0.1:${appPort}`,
    DATABASE_URL: pgServer.url,
    REDIS_URL: redis.url,
    REDIS_PREFIX: `chaos:${process.pid}:`,
    SMTP_URL: `smtp://127.0.0.1:${smtp}`,
    MAILDEV_WEB_PORT: String(web),
    KEY_HASH_SECRET: randomBytes(32).toString("hex"),
    NEXTAUTH_SECRET: randomBytes(32).toString("hex"),
    USAGE_FLUSH_MS: "200",
    LOG_LEVEL: "info",
  };
  // Upstash would win over REDIS_URL, and a proxy setting would change client addresses.
  for (const name of ["UPSTASH_REDIS_REST_URL", "UPSTASH_REDIS_REST_TOKEN", "TRUST_PROXY", "ALLOW_EMBEDDED"])
    delete env[name];

  if (build) {
    console.log("building (npm run -s build) ...");
    if ((await runChild("npm", ["run", "-s", "build"], env)) !== 0) throw new Error("npm run build failed");
  }
  const logDir = mkdtempSync("/tmp/chaos-run-");
  const server = new AppServer(appPort, env, logDir);
  const w = new World(logDir, pgServer, redis, sink, server);
  onCleanup(
    "server",
    () => server.stop(),
    () => server.killNow(),
  );
  await server.start();
  console.log(`server ${server.url} (pid ${server.pid}); logs in ${w.logDir}`);
  return w;
}
