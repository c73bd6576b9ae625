// Who serves an embedded data directory: <dataRoot>/pglite.json holds the serving process's pid,
// role and port. PGlite takes no lock of its own, and two processes opening one directory
// corrupt it, so the file is the lock: it appears complete or not at all (written aside, then
// hard-linked into place, which fails if it exists), and a stale one is replaced by one process
// at a time, under a takeover lock, by renaming over it.
import { randomBytes } from "node:crypto";
import { link, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";

/** "server": npm run dev / npm start, which others may join. "cli": a command that is about to exit. */
export type Role = "server" | "cli";
export type EmbeddedState = { pid: number; role: Role; port: number };

export const stateFile = (dataRoot: string) => path.join(dataRoot, "pglite.json");

export const embeddedUrl = (port: number) => `postgresql://postgres@127.0.0.1:${port}/postgres`;

export const START_OVER_HINT =
  "To start over with an empty embedded database, stop every process using it and delete its data directory (.data/ by default).";

// Directories this process serves: its own pid in a file is then not a leftover of a dead
// process that happened to have the same pid.
const servedHere = new Set<string>();

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

async function read(file: string): Promise<EmbeddedState | undefined> {
  try {
    const s = JSON.parse(await readFile(file, "utf8")) as EmbeddedState;
    return Number.isInteger(s.pid) && Number.isInteger(s.port) && (s.role === "server" || s.role === "cli")
      ? s
      : undefined;
  } catch {
    return undefined;
  }
}

function live(s: EmbeddedState, dataRoot: string): boolean {
  if (s.pid === process.pid) return servedHere.has(path.resolve(dataRoot));
  return alive(s.pid);
}

/** The process serving the directory now, if any. */
export async function currentClaim(dataRoot: string): Promise<EmbeddedState | undefined> {
  const s = await read(stateFile(dataRoot));
  return s && live(s, dataRoot) ? s : undefined;
}

async function writeAside(dataRoot: string, state: EmbeddedState): Promise<string> {
  const tmp = path.join(dataRoot, `.pglite.json.${process.pid}.${randomBytes(4).toString("hex")}`);
  await writeFile(tmp, JSON.stringify(state));
  return tmp;
}

export class ClaimedElsewhere extends Error {
  constructor(
    readonly holder: EmbeddedState,
    dataRoot: string,
  ) {
    super(
      `The embedded database in ${dataRoot} is in use by process ${holder.pid} (${holder.role === "server" ? "a server" : "a command"}` +
        `${holder.port ? ` on port ${holder.port}` : ", starting"}). Stop it first; if no such process is running, delete ${stateFile(dataRoot)}.`,
    );
  }
}

/**
 * Runs `fn` holding <dataRoot>/pglite.json.takeover (false when another process holds it).
 * A lock left by a dead process is cleared for the next attempt.
 */
async function underTakeoverLock(dataRoot: string, fn: () => Promise<boolean>): Promise<boolean> {
  const lock = path.join(dataRoot, "pglite.json.takeover");
  const mine = await writeAside(dataRoot, { pid: process.pid, role: "cli", port: 0 });
  try {
    await link(mine, lock);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
    const holder = await read(lock);
    if (!holder || !alive(holder.pid)) await rm(lock, { force: true });
    return false;
  } finally {
    await rm(mine, { force: true });
  }
  try {
    return await fn();
  } finally {
    await rm(lock, { force: true });
  }
}

/** Takes the directory for this process, with port 0 until it is served. */
export async function claim(dataRoot: string, role: Role): Promise<void> {
  const file = stateFile(dataRoot);
  const tmp = await writeAside(dataRoot, { pid: process.pid, role, port: 0 });
  try {
    for (let attempt = 0; attempt < 100; attempt++) {
      try {
        await link(tmp, file);
        servedHere.add(path.resolve(dataRoot));
        return;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
      }
      const holder = await read(file);
      if (holder && live(holder, dataRoot)) throw new ClaimedElsewhere(holder, dataRoot);
      // Stale. Replaced only under the takeover lock, after looking again, and by renaming over
      // it: the file never goes missing, so no one can link in meanwhile.
      const took = await underTakeoverLock(dataRoot, async () => {
        const again = await read(file);
        if (again && live(again, dataRoot)) return false;
        await rename(tmp, file);
        return true;
      });
      if (took) {
        servedHere.add(path.resolve(dataRoot));
        return;
      }
      await sleep(20);
    }
    throw new Error(`Could not take ${file}; try again.`);
  } finally {
    await rm(tmp, { force: true });
  }
}

/** Publishes the port once the directory is served (atomically: readers see old or new). */
export async function publishPort(dataRoot: string, role: Role, port: number): Promise<void> {
  const tmp = await writeAside(dataRoot, { pid: process.pid, role, port });
  await rename(tmp, stateFile(dataRoot));
}

export async function release(dataRoot: string): Promise<void> {
  const s = await read(stateFile(dataRoot));
  if (s?.pid === process.pid) await rm(stateFile(dataRoot), { force: true });
  servedHere.delete(path.resolve(dataRoot));
}
