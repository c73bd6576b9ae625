// CPU accounting for the benches: the process that listens on a port (not its process group,
// which also holds whatever that process spawned, and not the load generator), its CPU time
// from /proc/<pid>/stat, and retired instructions where `perf stat` can count them.
import { type ChildProcess, execFileSync, spawn, spawnSync } from "node:child_process";
import { readdirSync, readFileSync, readlinkSync } from "node:fs";

/** Clock ticks per second of /proc's utime and stime. */
export const CLK_TCK = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;

/** The socket inodes listening on `port` (IPv4 and IPv6). */
function listeningInodes(port: number): Set<string> {
  const inodes = new Set<string>();
  for (const table of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    let text = "";
    try {
      text = readFileSync(table, "utf8");
    } catch {
      continue;
    }
    for (const line of text.split("\n").slice(1)) {
      const f = line.trim().split(/\s+/);
      // local_address is HEX_IP:HEX_PORT, st 0A is LISTEN, the inode is the tenth field.
      const local = f[1]?.split(":").at(-1);
      if (local && parseInt(local, 16) === port && f[3] === "0A" && f[9]) inodes.add(f[9]);
    }
  }
  return inodes;
}

/** The pid of the process that owns the listening socket on `port`, or undefined. */
export function listenerPid(port: number): number | undefined {
  const inodes = listeningInodes(port);
  if (!inodes.size) return undefined;
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    let fds: string[];
    try {
      fds = readdirSync(`/proc/${entry}/fd`);
    } catch {
      continue; // gone, or not ours to read
    }
    for (const fd of fds) {
      try {
        const m = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${entry}/fd/${fd}`));
        if (m?.[1] && inodes.has(m[1])) return Number(entry);
      } catch {}
    }
  }
  return undefined;
}

/** Fields after the command name (which may hold spaces and parentheses). */
function statFields(pid: number): string[] | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  } catch {
    return undefined;
  }
}

/** CPU seconds (user + system, every thread) one process has used so far: stat fields 14 and 15. */
export function processCpuSeconds(pid: number): number {
  const f = statFields(pid);
  return f ? (Number(f[11]) + Number(f[12])) / CLK_TCK : NaN;
}

/** CPU seconds used so far by every live process of a process group (the old, wider measure). */
export function groupCpuSeconds(pgid: number): number {
  let ticks = 0;
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const f = statFields(Number(entry));
    if (f && Number(f[2]) === pgid) ticks += Number(f[11]) + Number(f[12]);
  }
  return ticks / CLK_TCK;
}

let perfChecked: string | null | undefined;

/** Null when `perf stat -e instructions` counts; otherwise why it cannot. */
export function perfUnavailable(): string | null {
  if (perfChecked !== undefined) return perfChecked;
  const r = spawnSync("perf", ["stat", "-x,", "-e", "instructions", "true"], { encoding: "utf8" });
  if (r.error) perfChecked = "perf is not installed (apt-get install -y linux-perf)";
  else if (/not supported|not counted/i.test(r.stderr) || r.status !== 0)
    perfChecked = "no hardware counters (perf stat -e instructions: <not supported>)";
  else perfChecked = null;
  return perfChecked;
}

/** Counts the instructions `pid` retires until the returned function is called. */
export function countInstructions(pid: number): () => Promise<number> {
  if (perfUnavailable()) return async () => NaN;
  const perf: ChildProcess = spawn("perf", ["stat", "-x,", "-e", "instructions", "-p", String(pid)], {
    stdio: ["ignore", "ignore", "pipe"],
  });
  let err = "";
  perf.stderr?.on("data", (d) => {
    err += d;
  });
  return () =>
    new Promise((resolve) => {
      perf.once("exit", () => resolve(Number(/^(\d+),/m.exec(err)?.[1] ?? NaN)));
      perf.kill("SIGINT");
    });
}
