// Next behind lib/api/app-server.ts, for both `npm start` (server.ts) and `npm run dev`
// (scripts/dev.ts): one HTTP server in front of Next in development and production alike, so
// what the app server adds or takes away (the peer address stamp, the body cap, an API answer's
// Vary without Next's router headers, JSON for protocol errors) is the same on both. It shuts
// down gracefully, writing pending usage counts to Postgres before it exits.
import type { Server } from "node:http";
import { networkInterfaces } from "node:os";
import type { Duplex } from "node:stream";
import next from "next";
import { startAlertSender } from "../alerts/sender";
import { startPlanChanges } from "../billing/due-changes";
import { startExpiryWorker } from "../catalog/expiry-worker";
import { disconnectDb } from "../core/db";
import { env } from "../core/env";
import { log } from "../core/log";
import type { OpenedDatabase } from "../embedded/open";
import { flushUsage } from "../quota/usage-buffer";
import { startUsageSweeper } from "../quota/usage-sweeper";
import { describeQuotaBackend } from "../redis/client";
import { flushRequestLog } from "../request-log/writer";
import { startDeliveryWorker } from "../saved-searches/worker";
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
  // Upgraded connections (development's live reload) are no requests: a drain would wait for
  // them until its grace ran out, so they are closed as it starts.
  const upgraded = new Set<Duplex>();
  let stopping = false;
  async function shutdown(signal: string, code = 0) {
    if (stopping) {
      // A second Ctrl-C while developing: stop waiting, but still close the database cleanly.
      // In production a second signal changes nothing: the drain and the usage flush finish.
      if (!opts.dev) return;
      await database.close().catch(() => {});
      process.exit(code);
    }
    stopping = true;
    log.info("shutting down", { signal });
    for (const socket of upgraded) socket.destroy();
    // Requests in flight finish (10 s at most), then their counts are written.
    await drain?.(10_000);
    await flushUsage().catch((err) => log.error("final usage flush failed", { error: String(err) }));
    await flushRequestLog().catch((err) =>
      log.warn("final request log flush failed", { error: String(err) }),
    );
    await disconnectDb();
    await database.close();
    process.exit(code);
  }
  // From here on every way out closes the database (the embedded one must be closed cleanly).
  process.on("SIGTERM", () => void shutdown("SIGTERM", opts.dev ? 143 : 0));
  process.on("SIGINT", () => void shutdown("SIGINT", opts.dev ? 130 : 0));

  try {
    const { PORT } = env();
    const app = next({ dev: opts.dev, port: PORT, ...(opts.dev ? { turbopack: true } : {}) });
    await app.prepare();
    const handle = app.getRequestHandler();
    const appServer = createAppServer((req, res) => handle(req, res), {
      hsts: env().APP_URL.startsWith("https:"),
      refuseUpgrades: !opts.dev,
    });
    drain = appServer.drain;
    const { server } = appServer;
    server.on("upgrade", (_req, socket: Duplex) => {
      upgraded.add(socket);
      socket.once("close", () => upgraded.delete(socket));
    });
    server.on("error", (err) => {
      console.error(`cannot listen on port ${PORT}: ${err.message}`);
      void shutdown("listen failure", 1);
    });
    await listen(server, PORT, opts, startedAt, database);
  } catch (err) {
    console.error(`the app could not start: ${(err as Error).message}`);
    await shutdown("startup failure", 1);
  }
  return { shutdown };
}

async function listen(
  server: Server,
  port: number,
  opts: { dev: boolean },
  startedAt: number,
  database: OpenedDatabase,
): Promise<void> {
  const { APP_URL, SMTP_URL } = env();
  // Usage journals that dead instances left in Redis are written by whichever instance gets to
  // them first, including one that has served nothing yet (a replacement for the dead one).
  startUsageSweeper();
  // Usage alerts queued by any instance are sent by whichever claims them first.
  startAlertSender();
  // Saved searches' deliveries after each import: planned and sent by whichever instance claims them.
  startDeliveryWorker();
  // Jobs past their expires_at leave the live snapshot within seconds, on whichever instance sees it first.
  startExpiryWorker();
  // Downgrades and cancellations bought through Stripe take effect at the end of the paid period.
  startPlanChanges();
  await new Promise<void>((resolve) => server.listen(port, resolve));
  const seconds = ((performance.now() - startedAt) / 1000).toFixed(1);
  if (opts.dev) {
    // npm run dev has already said which database, quotas and mail sink it uses.
    console.log(`> ready on ${APP_URL} (port ${port}) in ${seconds} s; pages compile on first visit`);
    const network = networkAddresses().map((ip) => `http://${ip}:${port}`);
    if (network.length) console.log(`  also on this network: ${network.join(", ")}`);
  } else {
    console.log(
      `> ready on ${APP_URL} (port ${port}) in ${seconds} s\n  database: ${database.description}\n  quotas: ${describeQuotaBackend()}\n  mail: SMTP at ${new URL(SMTP_URL).host}`,
    );
    if (database.kind === "embedded")
      console.warn("  warning: running on the embedded database (ALLOW_EMBEDDED=1); not for real traffic");
  }
}

/** This machine's IPv4 addresses other than loopback: where others on its network reach it. */
function networkAddresses(): string[] {
  return Object.values(networkInterfaces())
    .flatMap((list) => list ?? [])
    .filter((a) => a.family === "IPv4" && !a.internal)
    .map((a) => a.address);
}
