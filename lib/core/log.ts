// JSON-lines logger. Callers pass paths, never query strings: queries can carry secrets.
import { env } from "./env";

const LEVELS = { debug: 10, info: 20, warn: 30, error: 40, silent: 99 } as const;
type Level = Exclude<keyof typeof LEVELS, "silent">;

// Lines for stdout are gathered and written once per turn of the event loop: a write per
// request line was a system call each, a few percent of a request's CPU under load. One buffer
// per process, on globalThis: Next bundles its own copy of this module, and development reloads
// it, but there is one stdout and one exit to flush it at.
type Pending = { lines: string[]; bytes: number; scheduled: boolean };
const g = globalThis as unknown as { logPending?: Pending };
if (!g.logPending) {
  g.logPending = { lines: [], bytes: 0, scheduled: false };
  process.on("exit", () => flushLog());
}
const pending: Pending = g.logPending;
const FLUSH_BYTES = 64 * 1024;

/** Writes the buffered stdout lines now (also on exit, before a warning, and in tests). */
export function flushLog(): void {
  pending.scheduled = false;
  if (pending.lines.length === 0) return;
  const out = pending.lines.join("");
  pending.lines = [];
  pending.bytes = 0;
  process.stdout.write(out);
}

function toStdout(line: string): void {
  pending.lines.push(`${line}\n`);
  pending.bytes += line.length + 1;
  if (pending.bytes >= FLUSH_BYTES) flushLog();
  else if (!pending.scheduled) {
    pending.scheduled = true;
    setImmediate(flushLog);
  }
}

function write(level: Level, msg: string, fields: Record<string, unknown>): void {
  if (LEVELS[level] < LEVELS[env().LOG_LEVEL]) return;
  const line = JSON.stringify({ t: new Date().toISOString(), level, msg, ...fields });
  if (level === "error" || level === "warn") {
    // At once, and after the lines logged before it, for whoever reads both streams together.
    flushLog();
    console.error(line);
  } else toStdout(line);
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
