// The fleet: a Postgres primary and its streaming standby, a Redis Cluster of 3 masters and 3
// replicas, 3 production app instances and HAProxy in front, all private, on free ports.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync } from "node:fs";
import pg from "pg";
import { importDemo } from "../../lib/catalog/demo/import-demo";
import { ensureDatabase, migrate } from "../../lib/core/migrate";
import { AppServer } from "../chaos/app-server";
import { onCleanup } from "../chaos/cleanup";
import { freePorts } from "../chaos/local-services";
import { runChild } from "../chaos/world";
import { PrivatePostgres } from "../support/private-postgres";
import { clusterPorts, PrivateRedisCluster } from "../support/redis-cluster";
import { HaProxy } from "./haproxy";
import { PrivateStandby } from "./postgres-pair";

export const DEMO_A = { jobs: 2_000, seed: 42, asOf: new Date("2026-11-21T00:00:00Z") };
export const DEMO_B = { jobs: 3_000, seed: 7, asOf: new Date("2026-11-22T00:00:00Z") };
export const INSTANCES = 3;
export const STANDBY_DELAY_MS = 1_000;
export const SWEEP_MS = 1_000;
export const SWEEP_AGE_MS = 3_000;

export type Key = { id: string; key: string; hash: string };

export class Fleet {
  private keyCount = 0;

  constructor(
    readonly logDir: string,
    readonly primary: PrivatePostgres,
    readonly standby: PrivateStandby,
    readonly redis: PrivateRedisCluster,
    readonly apps: AppServer[],
    readonly lb: HaProxy,
    readonly env: NodeJS.ProcessEnv,
  ) {}

  async createKey(tier: "free" | "builder" | "pro", label: string): Promise<Key> {
    const email = `${label}-${++this.keyCount}-${randomBytes(3).toString("hex")}@fleet.test`;
    const args = ["--import", "tsx", "scripts/keys.ts", "create", "--email", email, "--tier", tier];
    const child = spawn(process.execPath, args, { env: this.env, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    child.stdout.on("data", (d: Buffer) => (out += d));
    child.stderr.on("data", (d: Buffer) => (out += d));
    const code = await new Promise<number | null>((r) => child.on("exit", r));
    if (code !== 0) throw new Error(`keys create exited ${code}: ${out.trim()}`);
    const parsed = JSON.parse(out.trim().split("\n").at(-1) ?? "") as { id: string; key: string };
    const rows = await this.query<{ hash: string }>("SELECT hash FROM api_keys WHERE id = $1", [parsed.id]);
    return { ...parsed, hash: rows[0]?.hash ?? "" };
  }

  async query<T extends pg.QueryResultRow>(sql: string, params: unknown[] = []): Promise<T[]> {
    const client = new pg.Client({ connectionString: this.primary.url, connectionTimeoutMillis: 3_000 });
    client.on("error", () => {});
    await client.connect();
    try {
      return (await client.query<T>(sql, params)).rows;
    } finally {
      await client.end().catch(() => {});
    }
  }

  /** key_usage's total for a key: the ledger of admitted requests. */
  async charged(keyId: string): Promise<number> {
    const rows = await this.query<{ n: string }>(
      "SELECT coalesce(sum(count), 0)::text AS n FROM key_usage WHERE key_id = $1",
      [keyId],
    );
    return Number(rows[0]?.n ?? 0);
  }

  /** Today's counter of a key on the Redis Cluster (the fast path's count). */
  async redisDayCount(key: Key): Promise<number | null> {
    const v = await this.redis.hget(this.dayCounterKey(key), "u");
    return v === null ? null : Number(v);
  }

  dayCounterKey(key: Key): string {
    return `${this.env.REDIS_PREFIX}{${key.hash.slice(0, 32)}}:q:${new Date().toISOString().slice(0, 10)}`;
  }

  headers(key: Key): Record<string, string> {
    return { "X-API-Key": key.key };
  }
}

export async function startFleet(build: boolean): Promise<Fleet> {
  const [pgPort = 0, standbyPort = 0, smtp = 0, lbPort = 0, ...appPorts] = await freePorts(4 + INSTANCES);
  const primary = new PrivatePostgres(pgPort, "fleet");
  onCleanup(
    "postgres primary",
    () => primary.destroy(),
    () => primary.killNow(),
  );
  const redis = new PrivateRedisCluster(await clusterPorts(6));
  onCleanup(
    "redis cluster",
    () => redis.destroy(),
    () => redis.killNow(),
  );
  await Promise.all([primary.start(), redis.start()]);
  process.env.DATABASE_URL = primary.url;
  delete process.env.REDIS_URL;
  await ensureDatabase(primary.url);
  await migrate(primary.url);
  const a = await importDemo(primary.url, DEMO_A);
  console.log(`primary :${pgPort}; demo catalog A: ${a.jobs} jobs (snapshot ${a.snapshotId})`);
  console.log(`redis cluster: ${redis.nodeList}`);

  // Its replay runs STANDBY_DELAY_MS behind the primary, so the swap meets a lagging replica.
  const standby = new PrivateStandby(standbyPort, pgPort, "fleet", STANDBY_DELAY_MS);
  onCleanup(
    "postgres standby",
    () => standby.destroy(),
    () => standby.killNow(),
  );
  await standby.start();
  console.log(`standby :${standbyPort} (streaming from :${pgPort})`);

  const lbUrl = `http://127.0.0.1:${lbPort}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    NEXT_TELEMETRY_DISABLED: "1",
    APP_URL: lbUrl,
    DATABASE_URL: primary.url,
    DATABASE_REPLICA_URLS: standby.url,
    REDIS_CLUSTER_NODES: redis.nodeList,
    REDIS_PREFIX: `fleet:${process.pid}:`,
    SMTP_URL: `smtp://127.0.0.1:${smtp}`,
    KEY_HASH_SECRET: randomBytes(32).toString("hex"),
    NEXTAUTH_SECRET: randomBytes(32).toString("hex"),
    METRICS_TOKEN: randomBytes(24).toString("hex"),
    TRUST_PROXY: "1",
    USAGE_FLUSH_MS: "200",
    // A dead instance's journals are written within seconds (defaults: 30 s and 60 s).
    USAGE_SWEEP_MS: String(SWEEP_MS),
    USAGE_SWEEP_AGE_MS: String(SWEEP_AGE_MS),
    DB_POOL_MAX: "5",
    LOG_LEVEL: "info",
    // The deliveries scenario's receiver listens on 127.0.0.1.
    WEBHOOKS_ALLOW_PRIVATE: "true",
  };
  for (const name of ["UPSTASH_REDIS_REST_URL", "UPSTASH_REDIS_REST_TOKEN", "REDIS_URL", "ALLOW_EMBEDDED"])
    delete env[name];

  if (build) {
    console.log("building (npm run -s build) ...");
    if ((await runChild("npm", ["run", "-s", "build"], env)) !== 0) throw new Error("npm run build failed");
  }
  const logDir = mkdtempSync("/tmp/fleet-run-");
  const apps = appPorts.map((port, i) => {
    const dir = `${logDir}/app${i + 1}`;
    mkdirSync(dir);
    return new AppServer(port, { ...env, PORT: String(port) }, dir);
  });
  for (const app of apps) {
    onCleanup(
      `app :${app.port}`,
      () => app.stop(),
      () => app.killNow(),
    );
  }
  await Promise.all(apps.map((app) => app.start()));
  const lb = new HaProxy(
    lbPort,
    apps.map((app, i) => ({ name: `app${i + 1}`, port: app.port })),
    logDir,
  );
  onCleanup(
    "haproxy",
    () => lb.stop(),
    () => lb.killNow(),
  );
  await lb.start();
  console.log(`apps ${apps.map((x) => `:${x.port}`).join(" ")} behind haproxy ${lb.url}; logs in ${logDir}`);
  return new Fleet(logDir, primary, standby, redis, apps, lb, env);
}
