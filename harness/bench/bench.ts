// npm run bench [-- --skip-build] [--seconds 15] [--rounds 3] [--only detail,search] [--cpu-prof]
// The production server on a 1,000,000-job catalog, measured with wrk (one thread, 32
// connections) against two ceilings in the same run: the app's own /api/health (everything
// our server adds around Next, no work) and a bare Next app with default settings
// (harness/bench/bare-next: `next start`, a route handler returning a constant JSON). Then
// GET /v1/jobs/{id}, /v1/jobs?title&country, /v1/salary, /api/keys/usage, the keyless
// /api/jobs, a filtered search, facets, keywords, places, pay and salary history (ENDPOINTS). For each: req/s, latencies, and the CPU
// time per request of the process listening on the port (and its instructions per request,
// where perf can count them). Prints a table and writes harness/bench/results.json. BENCH_NODE_ARGS replaces the
// server's node flags and BENCH_SERVER_ENTRY its script (default: as `npm start`), to measure
// the heap cap or the server run through tsx (`--import tsx` and `server.ts`).
import { type ChildProcess, execFileSync, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import { ENDPOINTS, pathLists } from "./bench-endpoints";
import { memoryOf, type Plan, type Result, summarise, wrk } from "./bench-wrk";
import { perfUnavailable } from "./cpu";
import { freePort, NEXT_BIN, startServer, stop, waitUp } from "./servers";

const { values } = parseArgs({
  options: {
    "skip-build": { type: "boolean", default: false },
    seconds: { type: "string", default: "15" },
    rounds: { type: "string", default: "3" },
    only: { type: "string", default: "" },
    // Another server bundle (say, the last commit's .next/server.mjs, copied aside) measured in
    // the same rounds: each app row is followed by its "(before)" row. When it is the
    // .next/server.mjs of another built checkout (a git worktree), that checkout's whole build
    // runs, pages and routes included, not only its server.
    before: { type: "string", default: "" },
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

const BARE_DIR = "harness/bench/bare-next";

async function main() {
  if (spawnSync("sh", ["-c", "command -v wrk"]).status !== 0)
    throw new Error("wrk is needed: apt-get install -y wrk");
  const jobs = Number(values.jobs);
  await prepareCatalog(jobs);
  const keyed = ENDPOINTS.filter((e) => e.keyed).flatMap((e) =>
    values.before ? [e.short, `${e.short}-before`] : [e.short],
  );
  const keys = await Promise.all(
    keyed.map(async (short, i) => {
      const u = await upsertUserByEmail(`bench-${Date.now()}-${i}@example.com`);
      await db().user.update({ where: { id: u.id }, data: { tier: "pro" } });
      return [short, (await insertKey(u.id, "active")).key] as const;
    }),
  );
  const keyOf = new Map(keys);
  const lists = await pathLists(DATABASE_URL, await mkdtemp(path.join(tmpdir(), "bench-")));
  if (!values["skip-build"]) sh("npm", ["run", "-s", "build"]);
  if (!values["skip-build"] || !existsSync(`${BARE_DIR}/.next/BUILD_ID`))
    sh(process.execPath, [NEXT_BIN, "build", BARE_DIR]);

  const [port, barePort, beforePort] = await Promise.all([freePort(), freePort(), freePort()]);
  const base = `http://127.0.0.1:${port}`;
  const bareBase = `http://127.0.0.1:${barePort}`;
  const beforeBase = `http://127.0.0.1:${beforePort}`;
  mkdirSync("harness/bench/out/prof", { recursive: true });
  const nodeArgs = process.env.BENCH_NODE_ARGS?.split(" ").filter(Boolean) ?? ["--max-old-space-size=384"];
  const profArgs = values["cpu-prof"] ? ["--cpu-prof", "--cpu-prof-dir", "harness/bench/out/prof"] : [];
  const serverArgs = [...profArgs, ...nodeArgs, process.env.BENCH_SERVER_ENTRY ?? ".next/server.mjs"];
  const appServer = (entryArgs: string[], port: number, logFile: string, cwd?: string) =>
    startServer(
      process.execPath,
      entryArgs,
      {
        NODE_ENV: "production",
        PORT: String(port),
        APP_URL: `http://127.0.0.1:${port}`,
        // Its own secret: the server refuses one secret used for both.
        NEXTAUTH_SECRET: randomBytes(32).toString("hex"),
        SMTP_URL: "smtp://127.0.0.1:9",
        SITE_RATE_LIMIT_PER_MIN: "100000",
        SITE_DAILY_LIMIT: "100000000",
        // The production default: one JSON line per request, as `npm start` writes them.
        LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? "info",
      },
      logFile,
      cwd,
    );
  const beforeEntry = values.before ? path.resolve(values.before) : "";
  const beforeTree = path.resolve(path.dirname(beforeEntry), "..");
  const server = appServer(serverArgs, port, "harness/bench/out/server.log");
  const before = values.before
    ? appServer(
        [...nodeArgs, beforeEntry],
        beforePort,
        "harness/bench/out/server-before.log",
        existsSync(path.join(beforeTree, ".next", "BUILD_ID")) ? beforeTree : undefined,
      )
    : undefined;
  let bare: ChildProcess | undefined;
  try {
    bare = startServer(
      process.execPath,
      [NEXT_BIN, "start", BARE_DIR, "-p", String(barePort), "-H", "127.0.0.1"],
      { NODE_ENV: "production" },
      "harness/bench/out/bare.log",
    );
    // The CPU figures are the listening processes' own (found by their ports); the process
    // groups' are kept beside them.
    const [serverPid, barePid, beforePid] = await Promise.all([
      waitUp(`${base}/api/health`, "harness/bench/out/server.log"),
      waitUp(`${bareBase}/api/ping`, "harness/bench/out/bare.log"),
      before ? waitUp(`${beforeBase}/api/health`, "harness/bench/out/server-before.log") : 0,
    ]);
    const all: Plan[] = ENDPOINTS.flatMap((e) => {
      const file = lists[e.list];
      if (e.short === "bare")
        return [
          { name: e.name, short: e.short, base: bareBase, file, key: "", pid: barePid, pgid: bare?.pid ?? 0 },
        ];
      const row = { name: e.name, short: e.short, base, file, key: keyOf.get(e.short) ?? "", pid: serverPid };
      const old = `${e.short}-before`;
      return [
        { ...row, pgid: server.pid ?? 0 },
        ...(before
          ? [
              {
                ...row,
                name: `${e.name} (before)`,
                short: old,
                base: beforeBase,
                key: keyOf.get(old) ?? "",
                pid: beforePid,
                pgid: before.pid ?? 0,
              },
            ]
          : []),
      ];
    });
    const only = values.only
      ? new Set(["bare", "health", ...values.only.split(",")].flatMap((s) => [s, `${s}-before`]))
      : null;
    // Profiling: the selected endpoints alone, so the profile holds nothing else.
    const plan = values["cpu-prof"]
      ? all.filter((p) => values.only.split(",").includes(p.short))
      : only
        ? all.filter((p) => only.has(p.short))
        : all;
    let warmUp = 0; // warm-up: JIT, pools, caches
    for (const p of plan) warmUp += (await wrk(p, 3)).requests;
    // Throughput on shared cores drifts over minutes (CPU clocks, Postgres background work), so the
    // endpoints are measured in interleaved rounds, each compared with the ceilings of its own
    // round; the table gives medians over the rounds.
    const rounds = Number(values.rounds);
    const perRound = Math.max(1, Math.round(Number(values.seconds) / rounds));
    const runs = plan.map(() => [] as Result[]);
    for (let r = 0; r < rounds; r++)
      for (const [i, p] of plan.entries()) runs[i]?.push(await wrk(p, perRound));
    const results = summarise(plan, runs);
    const memory = memoryOf(serverPid);
    const memoryBefore = beforePid ? memoryOf(beforePid) : undefined;
    console.log(
      `\n${jobs.toLocaleString("en-US")} jobs, wrk -t1 -c32, ${rounds} interleaved rounds of ${perRound} s on ${sh("nproc", []).trim()} cores; server node ${serverArgs.join(" ")}; server RSS ${memory.rssMb} MB (peak ${memory.peakMb} MB)${memoryBefore ? `, before: ${memoryBefore.rssMb} MB (peak ${memoryBefore.peakMb} MB)` : ""}; instructions: ${perfUnavailable() ?? "perf stat"}\n`,
    );
    console.log(
      "| endpoint | req/s | ÷ bare | p50 ms | p99 ms | p99 ÷ bare's | CPU µs/req | ÷ bare CPU | goal | group CPU µs/req | instructions/req | errors | req/s per round |",
    );
    console.log("|---|---|---|---|---|---|---|---|---|---|---|---|---|");
    for (const r of results) {
      const goal = ENDPOINTS.find((e) => r.name.startsWith(e.name))?.goal;
      const met = goal === undefined ? "" : `≤ ${goal} ${r.cpuRatioBare <= goal ? "met" : "MISSED"}`;
      const insns = Number.isNaN(r.insnsPerReq) ? "n/a" : Math.round(r.insnsPerReq).toLocaleString("en-US");
      console.log(
        `| ${r.name} | ${r.rps.toFixed(0)} | ${r.ratioBare.toFixed(2)} | ${r.p50.toFixed(2)} | ${r.p99.toFixed(2)} | ${r.p99RatioBare.toFixed(2)} | ${r.cpuUs.toFixed(0)} | ${r.cpuRatioBare.toFixed(2)} | ${met} | ${r.groupCpuUs.toFixed(0)} | ${insns} | ${r.errors} | ${r.rounds.join(", ")} |`,
      );
    }
    const round3 = (x: number) => +x.toFixed(3);
    writeFileSync(
      "harness/bench/results.json",
      `${JSON.stringify({ date: new Date().toISOString(), jobs, connections: 32, rounds, secondsPerRound: perRound, serverArgs, memory, memoryBefore, instructions: perfUnavailable() ?? "perf stat", results: results.map((r) => ({ ...r, ratio: round3(r.ratio), ratioBare: round3(r.ratioBare), cpuRatioBare: round3(r.cpuRatioBare), p99Ratio: round3(r.p99Ratio), p99RatioBare: round3(r.p99RatioBare) })) }, null, 2)}\n`,
    );
    console.log("\nwritten to harness/bench/results.json");
    if (values["cpu-prof"])
      console.log(
        `profile: ${warmUp + results.reduce((n, r) => n + r.requests, 0)} requests in all; it is written to harness/bench/out/prof when the server exits`,
      );
  } finally {
    const exited = new Promise((r) => server.once("exit", r));
    stop(server);
    stop(before);
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
