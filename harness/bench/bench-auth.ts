// npm run bench:auth [-- --postgres] — what API-key auth and quota add to one request, at p50
// and p99, measured in-process on the same trivial handler with and without them; then the CPU
// time they add per request with 32 requests in flight (as wrk sends them), which other work
// on a shared machine disturbs far less than latency. Uses the local Redis (or, with
// --postgres, the Postgres-only path) and a throwaway pro-tier key.
import { parseArgs } from "node:util";

const { values } = parseArgs({
  options: { postgres: { type: "boolean", default: false }, n: { type: "string", default: "20000" } },
});
// Before anything reads env: the bench picks its own backend and key prefix.
process.env.REDIS_URL = values.postgres ? "" : (process.env.REDIS_URL ?? "redis://127.0.0.1:6379");
process.env.REDIS_PREFIX = `bench:${process.pid}:`;

// Checks the environment for what the bench uses (lib/core/env.ts ENV_COMMANDS), not the
// server's needs.
(await import("../../lib/core/env")).setEnvCommand("bench");
const { withApiKey } = await import("../../lib/api/with-api-key");
const { newRequestId } = await import("../../lib/api/request-id");
const { render } = await import("../../lib/api/respond");
const { insertKey, upsertUserByEmail } = await import("../../lib/keys/store");
const { setUserTier } = await import("../../lib/keys/lifecycle");
const { disconnectDb } = await import("../../lib/core/db");
const { closeRedis } = await import("../../lib/redis/client");
const { flushUsage } = await import("../../lib/quota/usage-buffer");

const body = { ok: true };
const handler = async () => ({ body });
const keyed = withApiKey(handler, { consume: true });
// The same work minus key and quota: request id, handler, rendering, headers.
const bare = async (req: Request) => {
  const res = render(req, await handler());
  res.headers.set("X-Request-Id", newRequestId());
  return res;
};

const user = await upsertUserByEmail(`bench-${process.pid}@example.com`);
await setUserTier(user.id, "pro");
const { key } = await insertKey(user.id, "active");
const url = "http://localhost/v1/bench";

async function measure(fn: (req: Request) => Promise<Response>, n: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const req = new Request(url, { headers: { "x-api-key": key } });
    const t = performance.now();
    const res = await fn(req);
    times.push(performance.now() - t);
    if (res.status !== 200) throw new Error(`status ${res.status}: ${await res.text()}`);
  }
  return times.sort((a, b) => a - b);
}

const q = (xs: number[], p: number) => xs[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;
const n = Number(values.n);
await measure(keyed, 2000); // warm-up: JIT, connections, the key's Redis record
await measure(bare, 2000);
const withAuth = await measure(keyed, n);
const without = await measure(bare, n);
const row = (name: string, xs: number[]) =>
  `${name.padEnd(28)} p50 ${q(xs, 50).toFixed(3)} ms   p99 ${q(xs, 99).toFixed(3)} ms`;
console.log(
  `backend: ${values.postgres ? "Postgres only" : `Redis (${process.env.REDIS_URL})`}, ${n} sequential requests each`,
);
console.log(row("handler without auth/quota", without));
console.log(row("handler with auth + quota", withAuth));
console.log(
  `auth + quota add            p50 ${(q(withAuth, 50) - q(without, 50)).toFixed(3)} ms   p99 ${(q(withAuth, 99) - q(without, 99)).toFixed(3)} ms   (goal: < 0.3 ms at p50)`,
);
/** CPU µs per request with `concurrency` requests in flight at any time. */
async function cpuPerRequest(fn: (req: Request) => Promise<Response>, n: number, concurrency = 32) {
  let next = 0;
  const worker = async () => {
    while (next < n) {
      next++;
      const res = await fn(new Request(url, { headers: { "x-api-key": key } }));
      if (res.status !== 200) throw new Error(`status ${res.status}`);
    }
  };
  const before = process.cpuUsage();
  await Promise.all(Array.from({ length: concurrency }, worker));
  const used = process.cpuUsage(before);
  return (used.user + used.system) / n;
}
await cpuPerRequest(keyed, 2000);
const cpuRuns = [] as { keyed: number; bare: number }[];
for (let r = 0; r < 5; r++)
  cpuRuns.push({ keyed: await cpuPerRequest(keyed, n / 4), bare: await cpuPerRequest(bare, n / 4) });
const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
const cpuKeyed = med(cpuRuns.map((r) => r.keyed));
const cpuBare = med(cpuRuns.map((r) => r.bare));
console.log(
  `CPU per request, 32 in flight: with ${cpuKeyed.toFixed(0)} µs, without ${cpuBare.toFixed(0)} µs; auth + quota add ${med(cpuRuns.map((r) => r.keyed - r.bare)).toFixed(0)} µs (goal: < 100 µs)`,
);
await flushUsage();
await disconnectDb();
await closeRedis();
