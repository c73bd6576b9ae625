// The embedded development database: PGlite (Postgres compiled to WebAssembly) in this process,
// its data under <dataRoot>/pglite, served on a local port through the one-client gate so that
// node-postgres, Prisma and the CLI reach it exactly as they reach a real server.
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";
import { startGate } from "./gate";

export type EmbeddedPostgres = { url: string; port: number; dataDir: string; close(): Promise<void> };

/** Written while a process serves the data directory: others connect to it instead of opening it. */
export type EmbeddedState = { pid: number; port: number };

export const stateFile = (dataRoot: string) => path.join(dataRoot, "pglite.json");

export const embeddedUrl = (port: number) => `postgresql://postgres@127.0.0.1:${port}/postgres`;

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** The process serving this data directory now, if any (a file left by a dead one is ignored). */
export async function runningEmbedded(dataRoot: string): Promise<EmbeddedState | undefined> {
  try {
    const state = JSON.parse(await readFile(stateFile(dataRoot), "utf8")) as EmbeddedState;
    return Number.isInteger(state.pid) && Number.isInteger(state.port) && alive(state.pid) ? state : undefined;
  } catch {
    return undefined;
  }
}

async function settle(server: PGLiteSocketServer): Promise<void> {
  // The socket server forgets a closed connection on a later tick.
  for (let i = 0; i < 200 && server.getStats().activeConnections > 0; i++) await new Promise((r) => setTimeout(r, 5));
}

/** Takes the directory (port 0 until it is served): two processes opening one PGlite directory would corrupt it. */
async function claim(dataRoot: string): Promise<void> {
  const mine = JSON.stringify({ pid: process.pid, port: 0 } satisfies EmbeddedState);
  try {
    await writeFile(stateFile(dataRoot), mine, { flag: "wx" });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
    const other = await runningEmbedded(dataRoot);
    if (other) throw new Error(`The embedded database in ${dataRoot} is already served by process ${other.pid}${other.port ? ` on port ${other.port}` : ""}.`);
    await rm(stateFile(dataRoot), { force: true });
    await writeFile(stateFile(dataRoot), mine, { flag: "wx" });
  }
}

/** Opens (creating on first use) the data directory and serves it. One process per directory. */
export async function startEmbeddedPostgres(dataRoot: string, port = 0): Promise<EmbeddedPostgres> {
  const dataDir = path.join(dataRoot, "pglite");
  await mkdir(dataDir, { recursive: true });
  await claim(dataRoot);
  let db: PGlite;
  try {
    db = await PGlite.create({ dataDir });
  } catch (err) {
    await rm(stateFile(dataRoot), { force: true });
    throw err;
  }
  // Two slots: the client that just left may not be forgotten yet when the next one arrives;
  // the gate never lets two talk at once.
  const inner = new PGLiteSocketServer({ db, host: "127.0.0.1", port: 0, maxConnections: 2 });
  await inner.start();
  const innerPort = Number(inner.getServerConn().split(":").pop());
  const gate = await startGate({
    upstream: { host: "127.0.0.1", port: innerPort },
    port,
    between: async () => {
      await settle(inner);
      // What the last client left behind: an open transaction, settings, prepared statements, locks.
      if (db.isInTransaction()) await db.exec("ROLLBACK");
      await db.exec("DISCARD ALL");
    },
  });
  await writeFile(stateFile(dataRoot), JSON.stringify({ pid: process.pid, port: gate.port } satisfies EmbeddedState));
  let closed: Promise<void> | undefined;
  return {
    url: embeddedUrl(gate.port),
    port: gate.port,
    dataDir,
    close: () =>
      (closed ??= (async () => {
        await gate.close();
        await inner.stop();
        await db.close();
        await rm(stateFile(dataRoot), { force: true });
      })()),
  };
}
