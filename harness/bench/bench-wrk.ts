// The measuring half of npm run bench (harness/bench/bench.ts): one wrk run with the server's CPU
// time per request, the server's memory, and the table's medians and ratios.
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { countInstructions, groupCpuSeconds, processCpuSeconds } from "./cpu";

export type Result = {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** CPU µs per request of the listening process alone. */
  cpuUs: number;
  /** CPU µs per request of its whole process group (what the bench reported before). */
  groupCpuUs: number;
  /** Instructions per request of the listening process; NaN without hardware counters. */
  insnsPerReq: number;
  requests: number;
};

function toMs(v: string): number {
  const m = /([\d.]+)(us|ms|s)/.exec(v);
  if (!m) return NaN;
  return Number(m[1]) * (m[2] === "us" ? 0.001 : m[2] === "s" ? 1000 : 1);
}

/** What one wrk run loads: the server's base URL, a file of paths, a key, and whose CPU to read. */
export type Target = {
  name: string;
  base: string;
  file: string;
  key: string;
  /** The process that listens on the port: the CPU figure is this process's alone. */
  pid: number;
  /** Its process group, for the wider figure the bench once reported. */
  pgid: number;
};

/**
 * One wrk run. Besides rates and latencies it gives the listening process's CPU time per
 * request, which the other work on a shared machine disturbs far less than the rate does, and
 * its instructions per request where perf can count them.
 */
export async function wrk(t: Target, seconds: number): Promise<Result> {
  const cpuBefore = processCpuSeconds(t.pid);
  const groupBefore = groupCpuSeconds(t.pgid);
  const instructions = countInstructions(t.pid);
  const out = await new Promise<string>((resolve, reject) =>
    execFile(
      "wrk",
      [
        "-t1",
        "-c32",
        `-d${seconds}s`,
        "--latency",
        "-s",
        "harness/bench/rotate.lua",
        t.base,
        "--",
        t.file,
        t.key,
      ],
      { encoding: "utf8", maxBuffer: 1 << 24 },
      (err, stdout) => (err ? reject(err) : resolve(stdout)),
    ),
  );
  const cpu = processCpuSeconds(t.pid) - cpuBefore;
  const group = groupCpuSeconds(t.pgid) - groupBefore;
  const insns = await instructions();
  const requests = Number(/(\d+) requests in/.exec(out)?.[1] ?? 0);
  const non2xx = Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  return {
    name: t.name,
    rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1]),
    p50: toMs(/\s50%\s+(\S+)/.exec(out)?.[1] ?? ""),
    p99: toMs(/\s99%\s+(\S+)/.exec(out)?.[1] ?? ""),
    errors: non2xx + (socket ? socket.slice(1).reduce((s, n) => s + Number(n), 0) : 0),
    cpuUs: requests ? (cpu / requests) * 1e6 : NaN,
    groupCpuUs: requests ? (group / requests) * 1e6 : NaN,
    insnsPerReq: requests ? insns / requests : NaN,
    requests,
  };
}

export function memoryOf(pid: number): { rssMb: number; peakMb: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rssMb: Math.round(kb("VmRSS") / 1024), peakMb: Math.round(kb("VmHWM") / 1024) };
}

export type Row = Result & {
  ratio: number;
  ratioBare: number;
  /** CPU per request ÷ the bare app's, each round against its own round's (median). */
  cpuRatioBare: number;
  p99Ratio: number;
  p99RatioBare: number;
  rounds: number[];
};

export function summarise(plan: Plan[], runs: Result[][]): Row[] {
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
  const bare = runs[plan.findIndex((p) => p.name.startsWith("ceiling: bare"))] ?? [];
  const own = runs[plan.findIndex((p) => p.name.startsWith("ceiling: in-app"))] ?? [];
  const per = (xs: Result[], ys: Result[], f: (x: Result, y: Result) => number) =>
    median(xs.flatMap((x, r) => (ys[r] ? [f(x, ys[r])] : [])));
  return plan.map(({ name }, i) => {
    const mine = runs[i] ?? [];
    return {
      name,
      rps: median(mine.map((x) => x.rps)),
      p50: median(mine.map((x) => x.p50)),
      p99: median(mine.map((x) => x.p99)),
      errors: mine.reduce((n, x) => n + x.errors, 0),
      cpuUs: median(mine.map((x) => x.cpuUs)),
      groupCpuUs: median(mine.map((x) => x.groupCpuUs)),
      insnsPerReq: median(mine.map((x) => x.insnsPerReq)),
      requests: mine.reduce((n, x) => n + x.requests, 0),
      ratio: per(mine, own, (x, y) => x.rps / y.rps),
      ratioBare: per(mine, bare, (x, y) => x.rps / y.rps),
      cpuRatioBare: per(mine, bare, (x, y) => x.cpuUs / y.cpuUs),
      p99Ratio: per(mine, own, (x, y) => x.p99 / y.p99),
      p99RatioBare: per(mine, bare, (x, y) => x.p99 / y.p99),
      rounds: mine.map((x) => Math.round(x.rps)),
    };
  });
}

export type Plan = Target & { short: string };
