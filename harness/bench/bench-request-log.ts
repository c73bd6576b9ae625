// npm run bench:request-log [-- --lines 200000]
// What the request log costs the process that serves requests, in CPU µs of this process:
// queueing one line as the scaffolding does (the key checks of its query and the push), and
// writing lines in the writer's batches of a thousand (building the statement's arrays, sending
// it, Postgres's answer), against the bench database. Medians of 5 rounds; writes nothing but the
// table's own rows (for a key that exists, so that the insert does its real work).
import { parseArgs } from "node:util";

const { values } = parseArgs({ options: { lines: { type: "string", default: "200000" } } });
const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/jobs_bench";
Object.assign(process.env, {
  DATABASE_URL,
  KEY_HASH_SECRET: process.env.KEY_HASH_SECRET ?? "b".repeat(64),
  // The timer must not write while a round is measured: the bench flushes itself.
  REQUEST_LOG_FLUSH_MS: "60000",
});
(await import("../../lib/core/env")).setEnvCommand("bench");
const { ensureDatabase, migrate } = await import("../../lib/core/migrate");
await ensureDatabase(DATABASE_URL);
await migrate(DATABASE_URL);
const { loggableQuery, loggedPath } = await import("../../lib/request-log/line");
const { flushRequestLog, recordRequestLine, requestLogBacklog } = await import(
  "../../lib/request-log/writer"
);
const { insertKey, upsertUserByEmail, hashOf } = await import("../../lib/keys/store");
const { disconnectDb } = await import("../../lib/core/db");

const user = await upsertUserByEmail(`bench-log-${Date.now()}@example.com`);
const { key } = await insertKey(user.id, "active");
const keyHash = hashOf(key);
const n = Number(values.lines);
// One escape, so that the per-parameter check runs as it does for a search with a space.
const QUERY = "?title=data%20engineer&country=DE&seniority=senior,lead&per_page=50&page=3";

const cpuMicros = () => {
  const u = process.cpuUsage();
  return u.user + u.system;
};
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const queue: number[] = [];
const write: number[] = [];
for (let round = 0; round < 5; round++) {
  let t = cpuMicros();
  for (let i = 0; i < n; i++) {
    recordRequestLine({
      at: new Date(),
      requestId: `req_${round}${String(i).padStart(15, "0")}`,
      keyHash,
      method: "GET",
      route: "/v1/jobs",
      path: loggedPath("/v1/jobs"),
      query: loggableQuery(QUERY, false),
      status: 200,
      errorCode: null,
      ms: 12.3,
    });
    // As many lines as the queue holds at most, then written: what a busy process does.
    if ((i + 1) % 20_000 === 0 || i === n - 1) {
      queue.push((cpuMicros() - t) / ((i % 20_000) + 1));
      const before = cpuMicros();
      await flushRequestLog();
      write.push((cpuMicros() - before) / ((i % 20_000) + 1));
      t = cpuMicros();
    }
  }
}
console.log(
  `request log, ${n.toLocaleString("en-US")} lines × 5 rounds: queueing ${median(queue).toFixed(2)} µs/line, ` +
    `writing ${median(write).toFixed(2)} µs/line (this process's CPU; dropped ${requestLogBacklog().dropped})`,
);
await disconnectDb();
process.exit(0);
