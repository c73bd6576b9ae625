// npm run bench:pieces [-- --skip-build] [--seconds 4] [--rounds 3] [--only a,b]
// The server taken apart: one no-op route (a constant JSON, or the app's /api/health) through
// `next start`, through Next's programmatic handler alone, with each per-request step of
// lib/api/app-server.ts added one at a time, with the app's next.config.mjs and proxy.ts on and
// off, and with the production bundle's node flags. For each row: CPU µs per request of the
// listening process (wrk -t1 -c32, interleaved rounds, medians) and what it adds to the row it
// builds on, measured in the same rounds. Writes harness/bench/out/pieces.json.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { parseArgs } from "node:util";
import { build } from "esbuild";
import { memoryOf, type Result, wrk } from "./bench-wrk";
import { callgrindPrefix, instructionsPerRequest } from "./callgrind";
import { perfUnavailable } from "./cpu";
import { APPS, BARE, OUT, type Piece, rows } from "./pieces-rows";
import { freePort, NEXT_BIN, startServer, stop, waitUp } from "./servers";

const { values } = parseArgs({
  options: {
    "skip-build": { type: "boolean", default: false },
    seconds: { type: "string", default: "4" },
    rounds: { type: "string", default: "3" },
    only: { type: "string", default: "" },
    // Another server bundle (say, the last commit's .next/server.mjs, copied aside): one more
    // row, `npm start` with it.
    before: { type: "string", default: "" },
    // A V8 CPU profile of each selected row's server, in harness/bench/out/pieces/prof/<row>/
    // (then tsx harness/bench/profile-summary.ts <file> --requests N).
    "cpu-prof": { type: "boolean", default: false },
    // Instead of wrk: instructions per request under callgrind, over this many requests after
    // three times as many to warm up, one row at a time (harness/bench/callgrind.ts).
    callgrind: { type: "string", default: "" },
  },
});

const sh = (cmd: string, args: string[]) => execFileSync(cmd, args, { encoding: "utf8", maxBuffer: 1 << 24 });

/** The bare app with the app's next.config.mjs, its proxy.ts, or both. */
function writeVariants(): void {
  const proxySource = readFileSync("proxy.ts", "utf8")
    .replace(
      'import { type NextRequest, NextResponse } from "next/server";',
      'import { NextResponse } from "next/server";',
    )
    .replace("(req: NextRequest)", "(req)")
    .replace('"./lib/api/security-headers"', '"../../../../../lib/api/security-headers"');
  if (/NextRequest|"\.\/lib/.test(proxySource))
    throw new Error("proxy.ts changed shape: update writeVariants");
  for (const [name, { dir }] of Object.entries(APPS)) {
    if (name === "bare" || name === "app") continue;
    mkdirSync(`${dir}/app/api/ping`, { recursive: true });
    copyFileSync(`${BARE}/app/api/ping/route.js`, `${dir}/app/api/ping/route.js`);
    copyFileSync(`${BARE}/package.json`, `${dir}/package.json`);
    const config = name.includes("config")
      ? `export { default } from "${path.resolve("next.config.mjs")}";\n`
      : "export default {};\n";
    writeFileSync(`${dir}/next.config.mjs`, config);
    if (name.includes("proxy")) writeFileSync(`${dir}/proxy.js`, proxySource);
  }
}

async function prepare(): Promise<void> {
  writeVariants();
  await prepareDatabase();
  if (!values["skip-build"]) sh("npm", ["run", "-s", "build"]);
  for (const [name, { dir }] of Object.entries(APPS)) {
    if (name === "app") continue;
    if (!values["skip-build"] || !existsSync(`${dir}/.next/BUILD_ID`))
      sh(process.execPath, [NEXT_BIN, "build", dir]);
  }
  await build({
    entryPoints: ["harness/bench/pieces-server.ts"],
    outfile: `${OUT}/pieces-server.mjs`,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    logLevel: "warning",
  });
}

const DATABASE_URL = process.env.PIECES_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/jobs_pieces";

/** An empty migrated database: the app's own server starts only on one. */
async function prepareDatabase(): Promise<void> {
  process.env.DATABASE_URL = DATABASE_URL;
  const { ensureDatabase, migrate } = await import("../../lib/core/migrate");
  await ensureDatabase(DATABASE_URL);
  await migrate(DATABASE_URL);
}

/** What the app needs to start: the database, secrets, Redis. */
function appEnv(port: number): NodeJS.ProcessEnv {
  return {
    NODE_ENV: "production",
    DATABASE_URL,
    PORT: String(port),
    APP_URL: `http://127.0.0.1:${port}`,
    KEY_HASH_SECRET: randomBytes(32).toString("hex"),
    NEXTAUTH_SECRET: randomBytes(32).toString("hex"),
    SMTP_URL: "smtp://127.0.0.1:9",
    REDIS_URL: process.env.REDIS_URL ?? "redis://127.0.0.1:6379",
    REDIS_PREFIX: `pieces:${process.pid}:`,
    LOG_LEVEL: "info",
  };
}

type Running = { row: Piece; child: ChildProcess; base: string; file: string; pid: number };

// Added to every server's node flags (say, --trace-gc, whose lines go to harness/bench/out/pieces/<row>.log).
const nodeFlags = process.env.PIECES_NODE_ARGS?.split(" ").filter(Boolean) ?? [];

async function launch(row: Piece, wrapper: string[] = []): Promise<Running> {
  const port = await freePort();
  const app = APPS[row.app];
  const env = appEnv(port);
  const args =
    row.mode === "next start"
      ? [NEXT_BIN, "start", app.dir, "-p", String(port), "-H", "127.0.0.1"]
      : row.mode === "npm start"
        ? [...(row.nodeArgs ?? []), row.entry ?? ".next/server.mjs"]
        : [
            ...(row.nodeArgs ?? []),
            `${OUT}/pieces-server.mjs`,
            "--dir",
            app.dir,
            "--port",
            String(port),
            "--pieces",
            row.pieces ?? "",
            "--ballast",
            String(row.ballast ?? 0),
          ];
  const log = `${OUT}/${row.id}.log`;
  const prof = values["cpu-prof"] ? ["--cpu-prof", "--cpu-prof-dir", `${OUT}/prof/${row.id}`] : [];
  const child = wrapper.length
    ? startServer("valgrind", [...wrapper, process.execPath, ...args], env, log)
    : startServer(process.execPath, [...prof, ...nodeFlags, ...args], env, log);
  const base = `http://127.0.0.1:${port}`;
  const pid = await waitUp(`${base}${app.path}`, log);
  const file = `${OUT}/${row.app}.txt`;
  writeFileSync(file, `${app.path}\n`);
  return { row, child, base, file, pid };
}

async function main() {
  mkdirSync(OUT, { recursive: true });
  await prepare();
  const only = values.only ? new Set(values.only.split(",")) : null;
  const selected = rows(values.before).filter((r) => !only || only.has(r.id) || r.id === "next-start");
  if (values.callgrind) return countInstructions(selected, Number(values.callgrind));
  const running: Running[] = [];
  try {
    // One at a time: start-up compiles, and would disturb the others' figures.
    for (const row of selected) running.push(await launch(row));
    const target = (r: Running) => ({
      name: r.row.name,
      base: r.base,
      file: r.file,
      key: "",
      pid: r.pid,
      pgid: r.child.pid ?? r.pid,
    });
    for (const r of running) await wrk(target(r), 2); // warm-up: JIT
    const runs = new Map<string, Result[]>(selected.map((r) => [r.id, []]));
    const rounds = Number(values.rounds);
    for (let i = 0; i < rounds; i++)
      for (const r of running) {
        const hog = r.row.hog ? spawn(process.execPath, ["-e", "for (;;);"], { stdio: "ignore" }) : undefined;
        runs.get(r.row.id)?.push(await wrk(target(r), Number(values.seconds)));
        hog?.kill();
      }
    const memory = new Map(running.map((r) => [r.row.id, memoryOf(r.pid)]));
    report(selected, runs, rounds, memory);
    for (const r of running)
      console.log(
        `${r.row.id}: ${(runs.get(r.row.id) ?? []).reduce((n, x) => n + x.requests, 0)} measured requests`,
      );
  } finally {
    const exited = running.map((r) => new Promise((done) => r.child.once("exit", done)));
    for (const r of running) stop(r.child);
    // A profile is written as its server exits.
    if (values["cpu-prof"]) await Promise.race([Promise.all(exited), sleep(20_000)]);
  }
}

/** Each row alone under callgrind: instructions per request. */
async function countInstructions(selected: Piece[], count: number): Promise<void> {
  const out: { id: string; name: string; insns: number }[] = [];
  for (const row of selected) {
    const dir = `${OUT}/callgrind/${row.id}`;
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    const r = await launch(row, callgrindPrefix(`${dir}/callgrind.out.%p`));
    try {
      const insns = await instructionsPerRequest(
        r.pid,
        `${r.base}${APPS[row.app].path}`,
        dir,
        3 * count,
        count,
      );
      out.push({ id: row.id, name: row.name, insns });
      console.log(`${row.id}: ${Math.round(insns).toLocaleString("en-US")} instructions per request`);
    } finally {
      stop(r.child);
    }
  }
  const bare = out.find((r) => r.id === "next-start")?.insns ?? NaN;
  console.log(`\ncallgrind, ${count} requests after ${3 * count} to warm up, 8 at a time\n`);
  console.log("| row | instructions/req | ÷ bare `next start` |\n|---|---|---|");
  for (const r of out)
    console.log(
      `| ${r.name} | ${Math.round(r.insns).toLocaleString("en-US")} | ${(r.insns / bare).toFixed(2)} |`,
    );
  writeFileSync(
    `${OUT}-callgrind.json`,
    `${JSON.stringify({ date: new Date().toISOString(), count, rows: out }, null, 2)}\n`,
  );
}

function report(
  rows: Piece[],
  runs: Map<string, Result[]>,
  rounds: number,
  memory: Map<string, { rssMb: number; peakMb: number }>,
): void {
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
  const diff = (a: string, b: string | undefined) => {
    const xs = runs.get(a) ?? [];
    const ys = b ? (runs.get(b) ?? []) : [];
    return median(xs.flatMap((x, i) => (ys[i] ? [x.cpuUs - (ys[i]?.cpuUs ?? NaN)] : [])));
  };
  const out = rows.map((row) => {
    const mine = runs.get(row.id) ?? [];
    return {
      id: row.id,
      name: row.name,
      cpuUs: median(mine.map((x) => x.cpuUs)),
      addsUs: diff(row.id, row.base),
      ofBare: median(
        mine.flatMap((x, i) => {
          const b = runs.get("next-start")?.[i];
          return b ? [x.cpuUs / b.cpuUs] : [];
        }),
      ),
      rps: median(mine.map((x) => x.rps)),
      p99: median(mine.map((x) => x.p99)),
      errors: mine.reduce((n, x) => n + x.errors, 0),
      rssMb: memory.get(row.id)?.rssMb ?? NaN,
      base: row.base,
    };
  });
  console.log(
    `\nwrk -t1 -c32, ${rounds} interleaved rounds of ${values.seconds} s; instructions: ${perfUnavailable() ?? "counted"}\n`,
  );
  console.log(
    "| row | CPU µs/req | adds (µs) | to | ÷ bare `next start` | req/s | p99 ms | RSS MB | errors |",
  );
  console.log("|---|---|---|---|---|---|---|---|---|");
  for (const r of out)
    console.log(
      `| ${r.name} | ${r.cpuUs.toFixed(0)} | ${Number.isNaN(r.addsUs) ? "" : r.addsUs.toFixed(0)} | ${r.base ?? ""} | ${r.ofBare.toFixed(2)} | ${r.rps.toFixed(0)} | ${r.p99.toFixed(1)} | ${r.rssMb} | ${r.errors} |`,
    );
  writeFileSync(
    `${OUT}.json`,
    `${JSON.stringify({ date: new Date().toISOString(), rounds, seconds: Number(values.seconds), rows: out }, null, 2)}\n`,
  );
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
