// npm run bench:handlers — CPU time per request of our own route code, outside Next: each
// route module's GET is called in-process with 32 requests in flight (as wrk sends them), on
// the bench catalog (BENCH_DATABASE_URL, made by npm run bench) and the local Redis. What the
// server spends beyond these figures is Next's and Node's HTTP work (compare /api/health).
// Requests run inside an AsyncLocalStorage context, as Next runs them: on Node 20 that turns on
// the promise hooks every promise of a request then pays for.
import { AsyncLocalStorage } from "node:async_hooks";
import pg from "pg";

const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/jobs_bench";
Object.assign(process.env, {
  DATABASE_URL,
  KEY_HASH_SECRET: process.env.KEY_HASH_SECRET ?? "b".repeat(64),
  REDIS_URL: process.env.REDIS_URL ?? "redis://127.0.0.1:6379",
  REDIS_PREFIX: `bench-handlers:${process.pid}:`,
  LOG_LEVEL: "warn",
});
// Checks the environment for what the bench uses (lib/core/env.ts ENV_COMMANDS), not the
// server's needs.
(await import("../../lib/core/env")).setEnvCommand("bench");
const { insertKey, upsertUserByEmail } = await import("../../lib/keys/store");
const { db, disconnectDb } = await import("../../lib/core/db");
const { closeRedis } = await import("../../lib/redis/client");
const { flushUsage } = await import("../../lib/quota/usage-buffer");
type Get = (req: Request, ctx?: { params: Promise<Record<string, string>> }) => Promise<Response>;
const route = async (path: string) => ((await import(path)) as { GET: Get }).GET;
const routes = {
  health: await route("../../app/api/health/route"),
  detail: await route("../../app/v1/jobs/[id]/route"),
  search: await route("../../app/v1/jobs/route"),
  salary: await route("../../app/v1/salary/route"),
  usage: await route("../../app/api/keys/usage/route"),
  filtered: await route("../../app/v1/jobs/route"),
  facets: await route("../../app/v1/jobs/facets/route"),
};

async function proKey(): Promise<string> {
  const u = await upsertUserByEmail(`bench-h-${Date.now()}-${Math.random()}@example.com`);
  await db().user.update({ where: { id: u.id }, data: { tier: "pro" } });
  return (await insertKey(u.id, "active")).key;
}

const c = new pg.Client({ connectionString: DATABASE_URL });
await c.connect();
const ids = (
  await c.query("SELECT id FROM jobs WHERE snapshot_id = (SELECT snapshot_id FROM catalog_live) LIMIT 2000")
).rows.map((r: { id: string }) => r.id);
await c.end();
const titles = ["engineer", "nurse", "data", "manager", "sales"];
const countries = ["US", "DE", "GB", "IN", "EU"];

const requestContext = new AsyncLocalStorage<object>();

type Case = { name: keyof typeof routes; request: (i: number) => [string, Record<string, string>] };
const cases: Case[] = [
  { name: "health", request: () => ["/api/health", {}] },
  { name: "detail", request: (i) => [`/v1/jobs/${ids[i % ids.length]}`, { id: ids[i % ids.length] ?? "" }] },
  {
    name: "search",
    request: (i) => [`/v1/jobs?title=${titles[i % 5]}&country=${countries[Math.floor(i / 5) % 5]}`, {}],
  },
  { name: "salary", request: (i) => [`/v1/salary?country=${countries[i % 4]}`, {}] },
  { name: "usage", request: () => ["/api/keys/usage", {}] },
  {
    name: "filtered",
    request: (i) => [
      `/v1/jobs?title=${titles[i % 5]}&country=${countries[Math.floor(i / 5) % 4]}&remote=remote,hybrid&employment_type=full_time&sort=date`,
      {},
    ],
  },
  {
    name: "facets",
    request: (i) => [`/v1/jobs/facets?title=${titles[i % 5]}&country=${countries[i % 4]}`, {}],
  },
];
// BENCH_ONLY=detail,filtered: those cases alone (for a CPU profile of one route).
const only = process.env.BENCH_ONLY?.split(",");

async function cpuPerRequest(c: Case, key: string, n: number): Promise<number> {
  let next = 0;
  const get = routes[c.name];
  const worker = async () => {
    while (next < n) {
      const [path, params] = c.request(next++);
      const req = new Request(`http://127.0.0.1${path}`, { headers: { "x-api-key": key } });
      const res = await get(req, { params: Promise.resolve(params) });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`${c.name}: status ${res.status}`);
    }
  };
  const before = process.cpuUsage();
  await Promise.all(Array.from({ length: 32 }, () => requestContext.run({}, worker)));
  const used = process.cpuUsage(before);
  return (used.user + used.system) / n;
}

const rows: string[] = [];
for (const k of cases) {
  if (only && !only.includes(k.name)) continue;
  const key = await proKey();
  await cpuPerRequest(k, key, 3000); // warm-up: JIT, caches, the key's Redis record
  const runs = [];
  for (let r = 0; r < 5; r++) runs.push(await cpuPerRequest(k, key, 2000));
  runs.sort((a, b) => a - b);
  rows.push(`| ${k.name} | ${runs[2]?.toFixed(0)} | ${runs.map((x) => x.toFixed(0)).join(", ")} |`);
}
console.log("| route (in-process, 32 in flight) | CPU µs/request (median) | runs |\n|---|---|---|");
console.log(rows.join("\n"));
await flushUsage();
await disconnectDb();
await closeRedis();
