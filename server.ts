// npm start — the production server: Next's own request handler behind a plain HTTP server
// that records each connection's peer address (route handlers cannot see sockets), and shuts
// down gracefully, writing pending usage counts to Postgres before it exits.
import { createServer } from "node:http";
import next from "next";
import { env } from "./lib/env";
import { log } from "./lib/log";
import { flushUsage } from "./lib/quota/usage-buffer";
import { redisBackend } from "./lib/redis";
import { PEER_HEADER, peerHeaderValue } from "./lib/site/client-ip";

const { PORT, APP_URL } = env();
const app = next({ dev: false, port: PORT });
await app.prepare();
const handle = app.getRequestHandler();

const server = createServer((req, res) => {
  // Always overwritten: a client cannot choose its own rate-limit bucket.
  req.headers[PEER_HEADER] = peerHeaderValue(req.socket.remoteAddress ?? "unknown");
  void handle(req, res);
});
server.keepAliveTimeout = 65_000;
server.listen(PORT, () => {
  console.log(`> ready on ${APP_URL} (port ${PORT}); quotas on ${redisBackend() === "none" ? "Postgres" : `Redis (${redisBackend()})`}`);
});

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  log.info("shutting down", { signal });
  // Stop accepting, let requests in flight finish (10 s at most), then write their counts.
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  await Promise.race([closed, new Promise((r) => setTimeout(r, 10_000))]);
  await flushUsage().catch((err) => log.error("final usage flush failed", { error: String(err) }));
  process.exit(0);
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
