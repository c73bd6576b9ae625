// Which database a process uses: DATABASE_URL when set; outside production, the embedded PGlite
// under .data/ when a process already serves it, else the local Postgres on 127.0.0.1:5432 when
// one answers, else the embedded PGlite served by this process. Production never falls back
// silently: the embedded database only with ALLOW_EMBEDDED=1.
import net from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { DEV_DATABASE_URL, databaseSettings, pointAtDatabase } from "../core/env";
import { migrate } from "../core/migrate";
import {
  ClaimedElsewhere,
  currentClaim,
  type EmbeddedState,
  embeddedUrl,
  type Role,
  START_OVER_HINT,
  stateFile,
} from "./claim";

export type DatabaseKind = "configured" | "local" | "embedded" | "refused";

export const REFUSED_MESSAGE =
  "DATABASE_URL is not set, and in production (npm start) the embedded development database is not used: " +
  "PGlite serves one connection at a time and keeps its data in .data/. " +
  "Set DATABASE_URL to your PostgreSQL server, or ALLOW_EMBEDDED=1 to run on the embedded one anyway.";

/** The decision alone, so it can be tested without servers. */
export function decideDatabase(s: {
  configured: boolean;
  production: boolean;
  allowEmbedded: boolean;
  embeddedRunning: boolean;
  localAnswers: boolean;
}): DatabaseKind {
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

export type OpenedDatabase = {
  kind: Exclude<DatabaseKind, "refused">;
  /** For the console: where the data is, never a password. */
  description: string;
  /** Stops the embedded server when this process started it; otherwise nothing. */
  close(): Promise<void>;
};

/**
 * A command joins a server (npm run dev, npm start) that serves the directory; anyone waits for
 * a command that holds it to finish (it would close the database under a joiner); otherwise
 * this process serves it, migrated.
 */
export async function joinOrServe(
  dataRoot: string,
  role: Role,
): Promise<{ url: string; owner: boolean; close(): Promise<void> }> {
  // Counted per holder: a new holder gets its own time.
  let seen: EmbeddedState | undefined;
  let since = 0;
  let refused = 0;
  let lastNotice = 0;
  for (;;) {
    const holder = await currentClaim(dataRoot);
    if (!holder) {
      const { startEmbeddedPostgres } = await import("./postgres"); // PGlite loads only when used
      const server = await startEmbeddedPostgres(dataRoot, role).catch((err: Error) => {
        if (err instanceof ClaimedElsewhere) return null; // another process was quicker: look again
        throw err;
      });
      if (!server) continue;
      // Whoever serves the directory brings its schema up to date, so any command works on a fresh one.
      await migrate(server.url).catch(async (err: Error) => {
        await server.close();
        throw new Error(`${err.message}\n${START_OVER_HINT}`);
      });
      return { url: server.url, owner: true, close: server.close };
    }
    if (!seen || seen.pid !== holder.pid || seen.role !== holder.role) {
      seen = holder;
      since = Date.now();
      refused = 0;
      lastNotice = 0;
    }
    if (holder.role === "server") {
      if (role === "server") throw new ClaimedElsewhere(holder, dataRoot);
      if (holder.port && (await answers("127.0.0.1", holder.port)))
        return { url: embeddedUrl(holder.port), owner: false, close: async () => {} };
      // Port 0: still opening (give it a minute). A port that refuses: not what the file says.
      if ((holder.port && ++refused > 12) || Date.now() - since > 60_000)
        throw new ClaimedElsewhere(holder, dataRoot);
    } else if (Date.now() - since > 2_000 && Date.now() - lastNotice > 30_000) {
      // A command may legitimately hold it for minutes (a large import): wait, and say so.
      lastNotice = Date.now();
      console.error(
        `waiting for process ${holder.pid} (a command) to finish with the embedded database; if that process is not yours, delete ${stateFile(dataRoot)}`,
      );
    }
    await sleep(250);
  }
}

/** Chooses the database, points env() (and child processes) at it, and says what it chose. */
export async function openDatabase(role: Role): Promise<OpenedDatabase> {
  const s = databaseSettings();
  const local = new URL(DEV_DATABASE_URL);
  const probing = !s.configuredUrl && !s.production;
  const kind = decideDatabase({
    configured: s.configuredUrl !== undefined,
    production: s.production,
    allowEmbedded: s.allowEmbedded,
    embeddedRunning: probing && (await currentClaim(s.dataRoot))?.role === "server",
    localAnswers: probing && (await answers(local.hostname, Number(local.port))),
  });
  if (kind === "refused") throw new Error(REFUSED_MESSAGE);
  if (kind !== "embedded") {
    const url = s.configuredUrl ?? DEV_DATABASE_URL;
    pointAtDatabase(url, false);
    const where = new URL(url);
    return { kind, description: `PostgreSQL at ${where.host}${where.pathname}`, close: async () => {} };
  }
  const embedded = await joinOrServe(s.dataRoot, role);
  pointAtDatabase(embedded.url, true);
  const how = embedded.owner ? "served by this process" : "served by another process";
  return {
    kind,
    description: `embedded PGlite in ${s.dataRoot}/pglite (${how}, one connection at a time)`,
    close: embedded.close,
  };
}
