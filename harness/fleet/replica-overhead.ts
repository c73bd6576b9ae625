// What routing catalog reads to a replica costs, measured with wrk (not part of npm run bench,
// which stays as it is): one production instance on a private primary with a 20,000-job demo
// catalog and a private Redis, started twice — without DATABASE_REPLICA_URLS and with the
// primary's streaming standby — in interleaved rounds. Detail lookups of random ids, so most
// requests miss the per-snapshot cache and run their query where they are routed.
//   npx tsx harness/fleet/replica-overhead.ts            (needs a production build in .next)
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { importDemo } from "../../lib/catalog/demo/import-demo";
import { ensureDatabase, migrate } from "../../lib/core/migrate";
import { AppServer } from "../chaos/app-server";
import { cleanupAll, installExitHandlers, onCleanup } from "../chaos/cleanup";
import { freePorts } from "../chaos/local-services";
import { ChaosRedis } from "../support/chaos-redis";
import { PrivatePostgres } from "../support/private-postgres";
import { PrivateStandby } from "./postgres-pair";

const JOBS = 20_000;
const ROUNDS = 3;
const SECONDS = 8;

function wrk(
  url: string,
  script: string,
  key: string,
  seconds = SECONDS,
): { rps: number; p50: number; p99: number } {
  const out = spawnSync(
    "wrk",
    ["-t1", "-c32", `-d${seconds}s`, "--latency", "-s", script, "-H", `X-API-Key: ${key}`, url],
    { encoding: "utf8", timeout: (seconds + 30) * 1000 },
  ).stdout;
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? 0);
  const ms = (label: string) => {
    const m = new RegExp(`${label}%\\s+([\\d.]+)(us|ms|s)`).exec(out);
    if (!m) return Number.NaN;
    const v = Number(m[1]);
    return m[2] === "us" ? v / 1000 : m[2] === "s" ? v * 1000 : v;
  };
  return { rps, p50: ms("50"), p99: ms("99") };
}

async function main(): Promise<void> {
  installExitHandlers();
  const [pgPort = 0, standbyPort = 0, redisPort = 0, appPort = 0, smtp = 0] = await freePorts(5);
  const primary = new PrivatePostgres(pgPort, "overhead");
  onCleanup(
    "primary",
    () => primary.destroy(),
    () => primary.killNow(),
  );
  const redis = new ChaosRedis(redisPort);
  onCleanup(
    "redis",
    () => redis.destroy(),
    () => redis.killNow(),
  );
  await Promise.all([primary.start(), redis.start()]);
  process.env.DATABASE_URL = primary.url;
  await ensureDatabase(primary.url);
  await migrate(primary.url);
  const { snapshotId } = await importDemo(primary.url, {
    jobs: JOBS,
    asOf: new Date("2026-11-21T00:00:00Z"),
  });
  const standby = new PrivateStandby(standbyPort, pgPort, "overhead");
  onCleanup(
    "standby",
    () => standby.destroy(),
    () => standby.killNow(),
  );
  await standby.start();

  const dir = mkdtempSync("/tmp/replica-overhead-");
  const base: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    NEXT_TELEMETRY_DISABLED: "1",
    PORT: String(appPort),
    APP_URL: `http://127.0.0.1:${appPort}`,
    DATABASE_URL: primary.url,
    REDIS_URL: redis.url,
    REDIS_PREFIX: "overhead:",
    SMTP_URL: `smtp://127.0.0.1:${smtp}`,
    KEY_HASH_SECRET: randomBytes(32).toString("hex"),
    NEXTAUTH_SECRET: randomBytes(32).toString("hex"),
    LOG_LEVEL: "warn",
  };
  // One pro key per setting: its 50,000 a day covers that setting's rounds and warm-ups.
  const keyFor = (email: string) => {
    const out = spawnSync(
      process.execPath,
      ["--import", "tsx", "scripts/keys.ts", "create", "--email", email, "--tier", "pro"],
      { env: base, encoding: "utf8" },
    ).stdout;
    return (JSON.parse(out.trim().split("\n").at(-1) ?? "{}") as { key: string }).key;
  };
  const keys: Record<string, string> = {
    primary: keyFor("primary@overhead.test"),
    replica: keyFor("replica@overhead.test"),
  };
  const script = `${dir}/ids.lua`;
  writeFileSync(
    script,
    `math.randomseed(os.time())\nrequest = function() return wrk.format("GET", string.format("/v1/jobs/job-%07d", math.random(1, ${JOBS}))) end\n`,
  );
  console.log(
    `snapshot ${snapshotId}, ${JOBS} jobs; ${ROUNDS} rounds of ${SECONDS} s per setting, wrk -t1 -c32`,
  );
  const results: Record<string, { rps: number; p50: number; p99: number }[]> = { primary: [], replica: [] };
  for (let round = 0; round < ROUNDS; round++) {
    for (const setting of round % 2 ? ["replica", "primary"] : ["primary", "replica"]) {
      const env = setting === "replica" ? { ...base, DATABASE_REPLICA_URLS: standby.url } : base;
      const logDir = `${dir}/${setting}-${round}`;
      mkdirSync(logDir);
      const app = new AppServer(appPort, env, logDir);
      onCleanup(
        `app ${setting}`,
        () => app.stop(),
        () => app.killNow(),
      );
      await app.start();
      wrk(app.url, script, keys[setting] ?? "", 3); // warm-up: JIT, pools, replica probe
      const r = wrk(app.url, script, keys[setting] ?? "");
      results[setting]?.push(r);
      console.log(
        `round ${round + 1} ${setting}: ${r.rps.toFixed(0)} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms`,
      );
      await app.stop();
    }
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
  for (const [setting, rs] of Object.entries(results)) {
    console.log(
      `${setting}: median ${median(rs.map((r) => r.rps)).toFixed(0)} req/s, p50 ${median(rs.map((r) => r.p50))} ms, p99 ${median(rs.map((r) => r.p99))} ms`,
    );
  }
  await cleanupAll();
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    void cleanupAll().finally(() => process.exit(1));
  },
);
