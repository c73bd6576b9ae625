// JSON-lines logger. Callers pass paths, never query strings: queries can carry secrets.
import { env } from "./env";

const LEVELS = { debug: 10, info: 20, warn: 30, error: 40, silent: 99 } as const;
type Level = Exclude<keyof typeof LEVELS, "silent">;

// Lines for stdout are gathered and written once per turn of the event loop: a write per
// request line was a system call each, a few percent of a request's CPU under load. Warnings
// and errors go out at once, on stderr.
let pending: string[] = [];
let pendingBytes = 0;
let scheduled = false;
const FLUSH_BYTES = 64 * 1024;

/** Writes the buffered stdout lines now (also on exit, and in tests before reading output). */
export function flushLog(): void {
  scheduled = false;
  if (pending.length === 0) return;
  const out = pending.join("");
  pending = [];
  pendingBytes = 0;
  process.stdout.write(out);
}

// Each copy of this module (Next bundles one) keeps its own buffer; one exit handler flushes all.
const g = globalThis as unknown as { logFlushers?: Set<() => void> };
if (!g.logFlushers) {
  const flushers = new Set<() => void>();
  g.logFlushers = flushers;
  process.on("exit", () => {
    for (const flush of flushers) flush();
  });
}
g.logFlushers.add(flushLog);

function toStdout(line: string): void {
  pending.push(`${line}\n`);
  pendingBytes += line.length + 1;
  if (pendingBytes >= FLUSH_BYTES) flushLog();
  else if (!scheduled) {
    scheduled = true;
    setImmediate(flushLog);
  }
}

function write(level: Level, msg: string, fields: Record<string, unknown>): void {
  if (LEVELS[level] < LEVELS[env().LOG_LEVEL]) return;
  const line = JSON.stringify({ t: new Date().toISOString(), level, msg, ...fields });
  if (level === "error" || level === "warn") console.error(line);
  else toStdout(line);
}

export const log = {
  debug: (msg: string, fields: Record<string, unknown> = {}) => write("debug", msg, fields),
  info: (msg: string, fields: Record<string, unknown> = {}) => write("info", msg, fields),
  warn: (msg: string, fields: Record<string, unknown> = {}) => write("warn", msg, fields),
  error: (msg: string, fields: Record<string, unknown> = {}) => write("error", msg, fields),
  /**
   * The one line per request: at info in production, so a fleet's logs can be searched by
   * request id; at debug elsewhere, to keep development consoles quiet.
   */
  request: (fields: Record<string, unknown>) =>
    write(env().NODE_ENV === "production" ? "info" : "debug", "request", fields),
};
