// npm start — the production server: Next's own request handler behind a plain HTTP server
// that records each connection's peer address (route handlers cannot see sockets), and shuts
// down gracefully, writing pending usage counts to Postgres before it exits. It runs on
// DATABASE_URL; the embedded development database only with ALLOW_EMBEDDED=1.
import next from "next";
import { createAppServer } from "./lib/api/app-server";
import { disconnectDb } from "./lib/core/db";
import { env } from "./lib/core/env";
import { log } from "./lib/core/log";
import { openDatabase } from "./lib/embedded/open";
import { flushUsage } from "./lib/quota/usage-buffer";
import { startUsageSweeper } from "./lib/quota/usage-sweeper";
import { describeQuotaBackend } from "./lib/redis/client";

// Before anything reads the environment: DATABASE_URL, or the embedded database only when allowed.
const database = await openDatabase("server").catch((err: Error) => {
  console.error(err.message); // a refusal, a bad variable, or a database that cannot be opened
  process.exit(1);
});
let drain: ((graceMs: number) => Promise<void>) | undefined;
let stopping = false;
async function shutdown(signal: string, code = 0) {
  if (stopping) return;
  stopping = true;
  log.info("shutting down", { signal });
  // Requests in flight finish (10 s at most), then their counts are written.
  await drain?.(10_000);
  await flushUsage().catch((err) => log.error("final usage flush failed", { error: String(err) }));
  await disconnectDb();
  await database.close();
  process.exit(code);
}
// From here on every way out closes the database (the embedded one must be closed cleanly).
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));

const { PORT, APP_URL, SMTP_URL } = env();
const app = next({ dev: false, port: PORT });
await app.prepare().catch((err: Error) => {
  console.error(`the app could not start: ${err.message}`);
  return shutdown("startup failure", 1);
});
const handle = app.getRequestHandler();

const appServer = createAppServer((req, res) => handle(req, res), { hsts: APP_URL.startsWith("https:") });
const { server } = appServer;
drain = appServer.drain;
server.on("error", (err) => {
  console.error(`cannot listen on port ${PORT}: ${err.message}`);
  void shutdown("listen failure", 1);
});
// Usage journals that dead instances left in Redis are written by whichever instance gets to
// them first, including one that has served nothing yet (a replacement for the dead one).
startUsageSweeper();
server.listen(PORT, () => {
  console.log(
    `> ready on ${APP_URL} (port ${PORT})\n  database: ${database.description}\n  quotas: ${describeQuotaBackend()}\n  mail: SMTP at ${new URL(SMTP_URL).host}`,
  );
  if (database.kind === "embedded")
    console.warn("  warning: running on the embedded database (ALLOW_EMBEDDED=1); not for real traffic");
});
