// JSON-lines logger. Callers pass paths, never query strings: queries can carry secrets.
import { env } from "./env";

const LEVELS = { debug: 10, info: 20, warn: 30, error: 40, silent: 99 } as const;
type Level = Exclude<keyof typeof LEVELS, "silent">;

function write(level: Level, msg: string, fields: Record<string, unknown>): void {
  if (LEVELS[level] < LEVELS[env().LOG_LEVEL]) return;
  const line = JSON.stringify({ t: new Date().toISOString(), level, msg, ...fields });
  if (level === "error" || level === "warn") console.error(line);
  else console.log(line);
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
