// Next behind lib/api/app-server.ts, for both `npm start` (server.ts) and `npm run dev`
// (scripts/dev.ts): one HTTP server in front of Next in development and production alike, so
// what the app server adds or takes away (the peer address stamp, the body cap, an API answer's
// Vary without Next's router headers, JSON for protocol errors) is the same on both. It shuts
// down gracefully, writing pending usage counts to Postgres before it exits.
import next from "next";
import { disconnectDb } from "../core/db";
import { env } from "../core/env";
import { log } from "../core/log";
import type { OpenedDatabase } from "../embedded/open";
import { flushUsage } from "../quota/usage-buffer";
import { startUsageSweeper } from "../quota/usage-sweeper";
import { describeQuotaBackend } from "../redis/client";
import { createAppServer } from "./app-server";

export type Serving = { shutdown: (signal: string, code?: number) => Promise<void> };

/**
 * Prepares Next (`dev` compiles on demand with Turbopack and serves HMR over this server's
 * upgrade event), listens on PORT, and installs SIGTERM/SIGINT handlers that drain, flush
 * usage, and close the database. Resolves once it listens.
 */
export async function serveApp(opts: { dev: boolean; database: OpenedDatabase }): Promise<Serving> {
  const startedAt = performance.now();
  const { database } = opts;
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
  process.on("SIGTERM", () => void shutdown("SIGTERM", opts.dev ? 143 : 0));
  process.on("SIGINT", () => void shutdown("SIGINT", opts.dev ? 130 : 0));

  const { PORT, APP_URL, SMTP_URL } = env();
  const app = next({ dev: opts.dev, port: PORT, ...(opts.dev ? { turbopack: true } : {}) });
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
  await new Promise<void>((resolve) => server.listen(PORT, resolve));
  const seconds = ((performance.now() - startedAt) / 1000).toFixed(1);
  if (opts.dev) {
    // npm run dev has already said which database, quotas and mail sink it uses.
    console.log(`> ready on ${APP_URL} (port ${PORT}) in ${seconds} s; pages compile on first visit`);
  } else {
    console.log(
      `> ready on ${APP_URL} (port ${PORT}) in ${seconds} s\n  database: ${database.description}\n  quotas: ${describeQuotaBackend()}\n  mail: SMTP at ${new URL(SMTP_URL).host}`,
    );
    if (database.kind === "embedded")
      console.warn("  warning: running on the embedded database (ALLOW_EMBEDDED=1); not for real traffic");
  }
  return { shutdown };
}
