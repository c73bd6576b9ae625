// The embedded development database: PGlite (Postgres compiled to WebAssembly) in this process,
// its data under <dataRoot>/pglite, served on a local port through the one-client gate so that
// node-postgres, Prisma and the CLI reach it exactly as they reach a real server.
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";
import { claim, embeddedUrl, publishPort, type Role, release, START_OVER_HINT } from "./claim";
import { type Gate, startGate } from "./gate";

export type EmbeddedPostgres = { url: string; close(): Promise<void> };

async function settle(server: PGLiteSocketServer): Promise<void> {
  // The socket server forgets a closed connection on a later tick.
  for (let i = 0; i < 200 && server.getStats().activeConnections > 0; i++) await sleep(5);
}

/** After a client leaves: nothing it did may reach the next one. */
async function resetSession(db: PGlite): Promise<void> {
  // Unconditionally: a departed client's last message may still have opened a transaction
  // (outside one, ROLLBACK is only a warning). Again if the first was refused (a client that
  // left mid-COPY): pglite-socket serves no one else while the session is in a transaction.
  for (let i = 0; i < 3; i++) {
    await db.exec("ROLLBACK").catch(() => {});
    if (!db.isInTransaction()) break;
  }
  if (db.isInTransaction()) throw new Error("the session is still in a transaction");
  await db.exec("DISCARD ALL"); // settings, prepared statements, advisory locks, temp tables
}

/** Opens (creating on first use) the data directory and serves it. One process per directory. */
export async function startEmbeddedPostgres(
  dataRoot: string,
  role: Role,
  port = 0,
): Promise<EmbeddedPostgres> {
  const dataDir = path.join(dataRoot, "pglite");
  await mkdir(dataDir, { recursive: true });
  await claim(dataRoot, role);
  let db: PGlite | undefined;
  let inner: PGLiteSocketServer | undefined;
  let gate: Gate | undefined;
  const stop = async () => {
    await gate?.close();
    if (inner && db) {
      // The socket server rolls back a departed client's transaction on its own, unawaited:
      // let it finish before the database closes under it.
      await settle(inner);
      await db.exec("ROLLBACK").catch(() => {});
    }
    await inner?.stop();
    await db?.close();
    await release(dataRoot);
  };
  try {
    db = await PGlite.create({ dataDir, extensions: { pg_trgm, unaccent } }).catch((err: Error) => {
      throw new Error(
        `The embedded database in ${dataDir} could not be opened (${err.message}). ${START_OVER_HINT}`,
      );
    });
    const opened = db;
    // Two slots: the client that just left may not be forgotten yet when the next one arrives;
    // the gate never lets two talk at once.
    inner = new PGLiteSocketServer({ db: opened, host: "127.0.0.1", port: 0, maxConnections: 2 });
    await inner.start();
    const served = inner;
    gate = await startGate({
      upstream: { host: "127.0.0.1", port: Number(served.getServerConn().split(":").pop()) },
      port,
      between: async () => {
        await settle(served);
        await resetSession(opened);
      },
      onSlowWait: (waitedMs, heldMs) =>
        console.warn(
          `embedded database: a connection has waited ${Math.round(waitedMs / 1000)} s; the current one has held it for ${Math.round(heldMs / 1000)} s (it serves one client at a time: a psql or a database GUI left open blocks everyone)`,
        ),
    });
    await publishPort(dataRoot, role, gate.port);
  } catch (err) {
    await stop().catch(() => {});
    throw err;
  }
  let closed: Promise<void> | undefined;
  return { url: embeddedUrl(gate.port), close: () => (closed ??= stop()) };
}
