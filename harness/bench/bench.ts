// npm run bench [-- --skip-build] [--seconds 15] [--rounds 3] [--only detail,search] [--cpu-prof]
// The production server on a 1,000,000-job catalog, measured with wrk (one thread, 32
// connections) against two ceilings in the same run: the app's own /api/health (everything
// our server adds around Next, no work) and a bare Next app with default settings
// (harness/bench/bare-next: `next start`, a route handler returning a constant JSON). Then
// GET /v1/jobs/{id}, /v1/jobs?title&country, /v1/salary, /api/keys/usage, the keyless
// /api/jobs, a filtered search and facets. Prints a table and writes harness/bench/results.json. BENCH_NODE_ARGS replaces the
// server's node flags and BENCH_SERVER_ENTRY its script (default: as `npm start`), to measure
// the heap cap or the server run through tsx (`--import tsx` and `server.ts`).
import { type ChildProcess, execFileSync, spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, openSync, readFileSync, writeFileSync } from "node:fs";
import { mkdtemp } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import { memoryOf, type Plan, type Result, summarise, wrk } from "./bench-wrk";

const { values } = parseArgs({
  options: {
    "skip-build": { type: "boolean", default: false },
    seconds: { type: "string", default: "15" },
    rounds: { type: "string", default: "3" },
    only: { type: "string", default: "" },
    "cpu-prof": { type: "boolean", default: false },
    jobs: { type: "string", default: "1000000" },
  },
});
const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/jobs_bench";
const SECRET = randomBytes(32).toString("hex");
// Before lib/ reads env: the keys made here must hash like the server's.
Object.assign(process.env, {
  DATABASE_URL,
  KEY_HASH_SECRET: SECRET,
  REDIS_URL: process.env.REDIS_URL ?? "redis://127.0.0.1:6379",
  REDIS_PREFIX: `bench:${process.pid}:`,
});

// Checks the environment for what the bench uses (lib/core/env.ts ENV_COMMANDS), not the
// server's needs.
(await import("../../lib/core/env")).setEnvCommand("bench");
const { ensureDatabase, migrate } = await import("../../lib/core/migrate");
const { importDemo } = await import("../../lib/catalog/demo/import-demo");
const { insertKey, upsertUserByEmail } = await import("../../lib/keys/store");
const { disconnectDb, db } = await import("../../lib/core/db");

const sh = (cmd: string, args: string[]) => execFileSync(cmd, args, { encoding: "utf8", maxBuffer: 1 << 24 });
const freePort = () =>
  new Promise<number>((r) => {
    const s = createServer().listen(0, "127.0.0.1", () => {
      const p = (s.address() as { port: number }).port;
      s.close(() => r(p));
    });
  });

async function prepareCatalog(jobs: number): Promise<void> {
  await ensureDatabase(DATABASE_URL);
  await migrate(DATABASE_URL);
  const c = new pg.Client({ connectionString: DATABASE_URL });
  await c.connect();
  const { rows } = await c.query(
    "SELECT s.job_count FROM catalog_live l JOIN catalog_snapshots s ON s.id = l.snapshot_id",
  );
  await c.end();
  if ((rows[0]?.job_count ?? 0) >= jobs) return;
  console.log(`importing a ${jobs.toLocaleString("en-US")}-job demo catalog (about a minute)…`);
  await importDemo(DATABASE_URL, { jobs, asOf: new Date("2026-11-21T00:00:00Z") });
  // Settle what a fresh import leaves to background work, so it does not run during a measurement.
  const v = new pg.Client({ connectionString: DATABASE_URL });
  await v.connect();
  await v.query("VACUUM ANALYZE");
  await v.query("CHECKPOINT");
  await v.end();
}

async function pathLists(dir: string) {
  const c = new pg.Client({ connectionString: DATABASE_URL });
  await c.connect();
  const ids = (
    await c.query(
      "SELECT id FROM jobs WHERE snapshot_id = (SELECT snapshot_id FROM catalog_live) ORDER BY md5(id) LIMIT 2000",
    )
  ).rows.map((r) => `/v1/jobs/${r.id}`);
  await c.end();
  const titles = [
    "engineer",
    "software engineer",
    "data",
    "nurse",
    "manager",
    "senior",
    "developer",
    "accountant",
    "sales",
    "analyst",
  ];
  const countries = ["US", "DE", "GB", "IN", "FR", "NL", "EU", "JP", "BR", "CA"];
  const search = titles.flatMap((t) => countries.map((c) => `?title=${encodeURIComponent(t)}&country=${c}`));
  const files = {
    ping: ["/api/ping"],
    health: ["/api/health"],
    usage: ["/api/keys/usage"],
    detail: ids,
    search: search.map((q) => `/v1/jobs${q}`),
    salary: ["DE", "US", "GB", "FR", "IN", "JP", "BR", "NL", "ES", "IT"].map(
      (c) => `/v1/salary?country=${c}`,
    ),
    site: search.map((q) => `/api/jobs${q}`),
    // The search filters and facets, on the same titles and single countries.
    filtered: titles.flatMap((t) =>
      ["US", "DE", "GB", "IN", "FR"].map(
        (c) =>
          `/v1/jobs?title=${encodeURIComponent(t)}&country=${c}&remote=remote,hybrid&employment_type=full_time&sort=date`,
      ),
    ),
    facets: titles.flatMap((t) =>
      ["US", "DE", "GB", "IN", "FR"].map(
        (c) => `/v1/jobs/facets?title=${encodeURIComponent(t)}&country=${c}`,
      ),
    ),
  };
  return Object.fromEntries(
    Object.entries(files).map(([name, lines]) => {
      const file = path.join(dir, `${name}.txt`);
      writeFileSync(file, `${lines.join("\n")}\n`);
      return [name, file];
    }),
  ) as Record<keyof typeof files, string>;
}

const BARE_DIR = "harness/bench/bare-next";

function startServer(cmd: string, args: string[], env: NodeJS.ProcessEnv, logFile: string): ChildProcess {
  return spawn(cmd, args, {
    detached: true,
    stdio: ["ignore", openSync(logFile, "w"), openSync(logFile, "a")],
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", ...env },
  });
}

async function waitUp(url: string, logFile: string): Promise<void> {
  for (let i = 0; i < 120; i++) {
    if (
      await fetch(url).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${url} did not come up:\n${readFileSync(logFile, "utf8").slice(-2000)}`);
}

function stop(child: ChildProcess | undefined): void {
  if (!child?.pid) return;
  try {
    process.kill(-child.pid, "SIGTERM");
  } catch {}
}

async function main() {
  if (spawnSync("sh", ["-c", "command -v wrk"]).status !== 0)
    throw new Error("wrk is needed: apt-get install -y wrk");
  const jobs = Number(values.jobs);
  await prepareCatalog(jobs);
  // A fresh pro key per endpoint, so no endpoint runs into another's quota.
  const keys = await Promise.all(
    Array.from({ length: 6 }, async (_, i) => {
      const u = await upsertUserByEmail(`bench-${Date.now()}-${i}@example.com`);
      await db().user.update({ where: { id: u.id }, data: { tier: "pro" } });
      return (await insertKey(u.id, "active")).key;
    }),
  );
  const lists = await pathLists(await mkdtemp(path.join(tmpdir(), "bench-")));
  if (!values["skip-build"]) sh("npm", ["run", "-s", "build"]);
  if (!values["skip-build"] || !existsSync(`${BARE_DIR}/.next/BUILD_ID`))
    sh(process.execPath, ["node_modules/next/dist/bin/next", "build", BARE_DIR]);

  const [port, barePort] = await Promise.all([freePort(), freePort()]);
  const base = `http://127.0.0.1:${port}`;
  const bareBase = `http://127.0.0.1:${barePort}`;
  mkdirSync("harness/bench/out/prof", { recursive: true });
  const nodeArgs = process.env.BENCH_NODE_ARGS?.split(" ").filter(Boolean) ?? ["--max-old-space-size=384"];
  const profArgs = values["cpu-prof"] ? ["--cpu-prof", "--cpu-prof-dir", "harness/bench/out/prof"] : [];
  const serverArgs = [...profArgs, ...nodeArgs, process.env.BENCH_SERVER_ENTRY ?? ".next/server.mjs"];
  const server = startServer(
    process.execPath,
    serverArgs,
    {
      NODE_ENV: "production",
      PORT: String(port),
      APP_URL: base,
      // Its own secret: the server refuses one secret used for both.
      NEXTAUTH_SECRET: randomBytes(32).toString("hex"),
      SMTP_URL: "smtp://127.0.0.1:9",
      SITE_RATE_LIMIT_PER_MIN: "100000",
      SITE_DAILY_LIMIT: "100000000",
      // The production default: one JSON line per request, as `npm start` writes them.
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? "info",
    },
    "harness/bench/out/server.log",
  );
  let bare: ChildProcess | undefined;
  try {
    bare = startServer(
      process.execPath,
      ["node_modules/next/dist/bin/next", "start", BARE_DIR, "-p", String(barePort), "-H", "127.0.0.1"],
      { NODE_ENV: "production" },
      "harness/bench/out/bare.log",
    );
    await Promise.all([
      waitUp(`${base}/api/health`, "harness/bench/out/server.log"),
      waitUp(`${bareBase}/api/ping`, "harness/bench/out/bare.log"),
    ]);
    const serverPid = server.pid ?? 0;
    const barePid = bare.pid ?? 0;
    const all: Plan[] = [
      {
        name: "ceiling: bare Next app",
        short: "bare",
        base: bareBase,
        file: lists.ping,
        key: "",
        pgid: barePid,
      },
      {
        name: "ceiling: in-app /api/health",
        short: "health",
        base,
        file: lists.health,
        key: "",
        pgid: serverPid,
      },
      {
        name: "GET /v1/jobs/{id}",
        short: "detail",
        base,
        file: lists.detail,
        key: keys[0] ?? "",
        pgid: serverPid,
      },
      {
        name: "GET /v1/jobs?title&country",
        short: "search",
        base,
        file: lists.search,
        key: keys[1] ?? "",
        pgid: serverPid,
      },
      {
        name: "GET /v1/salary",
        short: "salary",
        base,
        file: lists.salary,
        key: keys[2] ?? "",
        pgid: serverPid,
      },
      {
        name: "GET /api/keys/usage",
        short: "usage",
        base,
        file: lists.usage,
        key: keys[3] ?? "",
        pgid: serverPid,
      },
      {
        name: "GET /api/jobs (site, IP-limited)",
        short: "site",
        base,
        file: lists.site,
        key: "",
        pgid: serverPid,
      },
      {
        name: "GET /v1/jobs with filters",
        short: "filtered",
        base,
        file: lists.filtered,
        key: keys[4] ?? "",
        pgid: serverPid,
      },
      {
        name: "GET /v1/jobs/facets",
        short: "facets",
        base,
        file: lists.facets,
        key: keys[5] ?? "",
        pgid: serverPid,
      },
    ];
    const only = values.only ? new Set(["bare", "health", ...values.only.split(",")]) : null;
    // Profiling: the selected endpoints alone, so the profile holds nothing else.
    const plan = values["cpu-prof"]
      ? all.filter((p) => values.only.split(",").includes(p.short))
      : only
        ? all.filter((p) => only.has(p.short))
        : all;
    let warmUp = 0; // warm-up: JIT, pools, caches
    for (const p of plan) warmUp += wrk(p.name, p.base, p.file, p.key, 3, p.pgid).requests;
    // Throughput on shared cores drifts over minutes (CPU clocks, Postgres background work), so the
    // endpoints are measured in interleaved rounds, each compared with the ceilings of its own
    // round; the table gives medians over the rounds.
    const rounds = Number(values.rounds);
    const perRound = Math.max(1, Math.round(Number(values.seconds) / rounds));
    const runs = plan.map(() => [] as Result[]);
    for (let r = 0; r < rounds; r++)
      for (const [i, p] of plan.entries())
        runs[i]?.push(wrk(p.name, p.base, p.file, p.key, perRound, p.pgid));
    const results = summarise(plan, runs);
    const memory = server.pid ? memoryOf(server.pid) : { rssMb: NaN, peakMb: NaN };
    console.log(
      `\n${jobs.toLocaleString("en-US")} jobs, wrk -t1 -c32, ${rounds} interleaved rounds of ${perRound} s on ${sh("nproc", []).trim()} cores; server node ${serverArgs.join(" ")}; server RSS ${memory.rssMb} MB (peak ${memory.peakMb} MB)\n`,
    );
    console.log(
      "| endpoint | req/s | ÷ in-app ceiling | ÷ bare Next | p50 ms | p99 ms | p99 ÷ ceiling's | server CPU µs/req | errors | req/s per round |",
    );
    console.log("|---|---|---|---|---|---|---|---|---|---|");
    for (const r of results)
      console.log(
        `| ${r.name} | ${r.rps.toFixed(0)} | ${r.ratio.toFixed(2)} | ${r.ratioBare.toFixed(2)} | ${r.p50.toFixed(2)} | ${r.p99.toFixed(2)} | ${r.p99Ratio.toFixed(2)} | ${r.cpuUs.toFixed(0)} | ${r.errors} | ${r.rounds.join(", ")} |`,
      );
    writeFileSync(
      "harness/bench/results.json",
      `${JSON.stringify({ date: new Date().toISOString(), jobs, connections: 32, rounds, secondsPerRound: perRound, serverArgs, memory, results: results.map((r) => ({ ...r, ratio: +r.ratio.toFixed(3), ratioBare: +r.ratioBare.toFixed(3), p99Ratio: +r.p99Ratio.toFixed(3) })) }, null, 2)}\n`,
    );
    console.log("\nwritten to harness/bench/results.json");
    if (values["cpu-prof"])
      console.log(
        `profile: ${warmUp + results.reduce((n, r) => n + r.requests, 0)} requests in all; it is written to harness/bench/out/prof when the server exits`,
      );
  } finally {
    const exited = new Promise((r) => server.once("exit", r));
    stop(server);
    stop(bare);
    // The profile is written as the server exits.
    if (values["cpu-prof"]) await Promise.race([exited, new Promise((r) => setTimeout(r, 20_000))]);
    await disconnectDb();
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
