// Which database a process uses: DATABASE_URL when set; outside production, the embedded PGlite
// under .data/ when a process already serves it, else the local Postgres on 127.0.0.1:5432 when
// one answers, else the embedded PGlite served by this process. Production never falls back
// silently: the embedded database only with ALLOW_EMBEDDED=1.
import net from "node:net";
import { DEV_DATABASE_URL, databaseSettings, useDatabase } from "../env";
import { migrate } from "../migrate";
import { embeddedUrl, runningEmbedded, startEmbeddedPostgres } from "./postgres";

export type DatabaseKind = "configured" | "local" | "embedded" | "refused";

export const REFUSED_MESSAGE =
  "DATABASE_URL is not set, and in production (npm start) the embedded development database is not used: " +
  "PGlite serves one connection at a time and keeps its data in .data/. " +
  "Set DATABASE_URL to your PostgreSQL server, or ALLOW_EMBEDDED=1 to run on the embedded one anyway.";

/** The decision alone, so it can be tested without servers. */
export function decideDatabase(s: { configured: boolean; production: boolean; allowEmbedded: boolean; embeddedRunning: boolean; localAnswers: boolean }): DatabaseKind {
  if (s.configured) return "configured";
  if (s.production) return s.allowEmbedded ? "embedded" : "refused";
  // A command run beside a server on the embedded database joins it.
  if (s.embeddedRunning) return "embedded";
  return s.localAnswers ? "local" : "embedded";
}

/** True when something accepts a TCP connection there within the timeout. */
export function answers(host: string, port: number, timeoutMs = 1_000): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once("connect", () => done(true));
    socket.once("error", () => done(false));
  });
}

export class DatabaseRefused extends Error {}

export type OpenedDatabase = {
  kind: Exclude<DatabaseKind, "refused">;
  url: string;
  /** For the console: where the data is, never a password. */
  description: string;
  /** Stops the embedded server when this process started it; otherwise nothing. */
  close(): Promise<void>;
};

/** The port of the process serving the data directory, waiting for one that is still opening it. */
async function runningPort(dataRoot: string): Promise<number | undefined> {
  for (let i = 0; i < 120; i++) {
    const running = await runningEmbedded(dataRoot);
    if (!running) return undefined;
    if (running.port && (await answers("127.0.0.1", running.port))) return running.port;
    await new Promise((r) => setTimeout(r, 250));
  }
  return undefined;
}

/** Joins the process serving the data directory, or serves it (migrated) from this one. */
export async function joinOrServe(dataRoot: string): Promise<{ url: string; owner: boolean; close(): Promise<void> }> {
  const port = await runningPort(dataRoot);
  if (port) return { url: embeddedUrl(port), owner: false, close: async () => {} };
  const server = await startEmbeddedPostgres(dataRoot);
  try {
    // Whoever serves the directory brings its schema up to date, so any command works on a fresh one.
    await migrate(server.url);
  } catch (err) {
    await server.close();
    throw err;
  }
  return { url: server.url, owner: true, close: server.close };
}

/** Chooses the database, points env() (and child processes) at it, and says what it chose. */
export async function openDatabase(): Promise<OpenedDatabase> {
  const s = databaseSettings();
  const local = new URL(DEV_DATABASE_URL);
  const probing = !s.configuredUrl && !s.production;
  const kind = decideDatabase({
    configured: s.configuredUrl !== undefined,
    production: s.production,
    allowEmbedded: s.allowEmbedded,
    embeddedRunning: probing && (await runningEmbedded(s.dataRoot)) !== undefined,
    localAnswers: probing && (await answers(local.hostname, Number(local.port))),
  });
  if (kind === "refused") throw new DatabaseRefused(REFUSED_MESSAGE);
  if (kind !== "embedded") {
    const url = new URL(s.configuredUrl ?? DEV_DATABASE_URL);
    useDatabase(url.toString(), false);
    return { kind, url: url.toString(), description: `PostgreSQL at ${url.host}${url.pathname}`, close: async () => {} };
  }
  const embedded = await joinOrServe(s.dataRoot);
  useDatabase(embedded.url, true);
  const how = embedded.owner ? "served by this process" : "served by another process";
  return { kind, url: embedded.url, description: `embedded PGlite in ${s.dataRoot}/pglite (${how}, one connection at a time)`, close: embedded.close };
}
