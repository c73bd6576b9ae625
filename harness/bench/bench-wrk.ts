// The measuring half of npm run bench (harness/bench/bench.ts): one wrk run with the server's CPU
// time per request, the server's memory, and the table's medians and ratios.
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";

const sh = (cmd: string, args: string[]) => execFileSync(cmd, args, { encoding: "utf8", maxBuffer: 1 << 24 });

export type Result = {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  cpuUs: number;
  requests: number;
};

function toMs(v: string): number {
  const m = /([\d.]+)(us|ms|s)/.exec(v);
  if (!m) return NaN;
  return Number(m[1]) * (m[2] === "us" ? 0.001 : m[2] === "s" ? 1000 : 1);
}

/** CPU seconds (user + system) used so far by every process of a process group. */
function groupCpuSeconds(pgid: number): number {
  let ticks = 0;
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // Fields after the command name (which may hold spaces): state is [0], pgrp [2], utime [11], stime [12].
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (Number(f[2]) === pgid) ticks += Number(f[11]) + Number(f[12]);
    } catch {} // the process ended meanwhile
  }
  return ticks / 100; // USER_HZ
}

/**
 * One wrk run. Besides rates and latencies it gives the server's CPU time per request, which
 * the other work on a shared machine disturbs far less than the rate does.
 */
export function wrk(
  name: string,
  base: string,
  file: string,
  key: string,
  seconds: number,
  pgid: number,
): Result {
  const cpuBefore = groupCpuSeconds(pgid);
  const out = sh("wrk", [
    "-t1",
    "-c32",
    `-d${seconds}s`,
    "--latency",
    "-s",
    "harness/bench/rotate.lua",
    base,
    "--",
    file,
    key,
  ]);
  const cpu = groupCpuSeconds(pgid) - cpuBefore;
  const requests = Number(/(\d+) requests in/.exec(out)?.[1] ?? 0);
  const non2xx = Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  return {
    name,
    rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1]),
    p50: toMs(/\s50%\s+(\S+)/.exec(out)?.[1] ?? ""),
    p99: toMs(/\s99%\s+(\S+)/.exec(out)?.[1] ?? ""),
    errors: non2xx + (socket ? socket.slice(1).reduce((s, n) => s + Number(n), 0) : 0),
    cpuUs: requests ? (cpu / requests) * 1e6 : NaN,
    requests,
  };
}

export function memoryOf(pid: number): { rssMb: number; peakMb: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rssMb: Math.round(kb("VmRSS") / 1024), peakMb: Math.round(kb("VmHWM") / 1024) };
}

export type Row = Result & { ratio: number; ratioBare: number; p99Ratio: number; rounds: number[] };

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
      requests: mine.reduce((n, x) => n + x.requests, 0),
      ratio: per(mine, own, (x, y) => x.rps / y.rps),
      ratioBare: per(mine, bare, (x, y) => x.rps / y.rps),
      p99Ratio: per(mine, own, (x, y) => x.p99 / y.p99),
      rounds: mine.map((x) => Math.round(x.rps)),
    };
  });
}

export type Plan = { name: string; short: string; base: string; file: string; key: string; pgid: number };
