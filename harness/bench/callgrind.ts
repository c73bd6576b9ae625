// Instructions per request under valgrind's callgrind: slow (a server runs some 30 times slower),
// but the count does not move with what else the machine runs, unlike CPU time. The server
// starts with instrumentation off; after a warm-up (JIT tiers, caches) it is switched on for a
// fixed number of requests, and the dump's total is divided by them.
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { Agent, get } from "node:http";

/** The command prefix that runs a server under callgrind, counting nothing until switched on. */
export const callgrindPrefix = (outFile: string) => [
  "--tool=callgrind",
  "--instr-atstart=no",
  // V8 writes and rewrites machine code in anonymous memory.
  "--smc-check=all-non-file",
  `--callgrind-out-file=${outFile}`,
];

/** `count` GET requests to `url`, `concurrency` at a time on keep-alive connections. */
export async function load(url: string, count: number, concurrency = 8): Promise<void> {
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
  let left = count;
  const one = () =>
    new Promise<void>((resolve, reject) =>
      get(url, { agent }, (res) => {
        res.resume();
        res.on("end", () =>
          res.statusCode === 200 ? resolve() : reject(new Error(`${url}: ${res.statusCode}`)),
        );
      }).on("error", reject),
    );
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (left-- > 0) await one();
    }),
  );
  agent.destroy();
}

/** Instructions per request: warm up, count `count` requests, dump. */
export async function instructionsPerRequest(
  pid: number,
  url: string,
  outDir: string,
  warm: number,
  count: number,
): Promise<number> {
  await load(url, warm);
  execFileSync("callgrind_control", ["-i", "on", String(pid)], { stdio: "ignore" });
  await load(url, count);
  execFileSync("callgrind_control", ["-d", String(pid)], { stdio: "ignore" });
  execFileSync("callgrind_control", ["-i", "off", String(pid)], { stdio: "ignore" });
  // Every thread's dump (callgrind writes one file per dump); totals are instructions (Ir).
  let total = 0;
  for (const f of readdirSync(outDir)) {
    const m = /^(?:summary|totals):\s+(\d+)/m.exec(readFileSync(`${outDir}/${f}`, "utf8"));
    if (m?.[1]) total += Number(m[1]);
  }
  return total / count;
}
