// One HTTP request over node:http, with a hard timeout, that never throws: network errors
// (ECONNRESET, ECONNREFUSED, a timeout) are part of the outcome a scenario judges.
import http, { type IncomingHttpHeaders } from "node:http";

export type Outcome = {
  /** 0 when no response arrived. */
  status: number;
  ms: number;
  /** Epoch ms when it was sent and when it ended, to place it before or after a fault. */
  startedAt?: number;
  endedAt?: number;
  /** Network error code (ECONNRESET, ECONNREFUSED, timeout, ...); undefined when a response arrived. */
  error?: string;
  headers: IncomingHttpHeaders;
  /** The first KEEP_BODY characters of the body (enough for an error document). */
  body: string;
  /** Which API key sent it, for charging checks. */
  keyId?: string;
  path: string;
};

const KEEP_BODY = 4_096;
export const REQUEST_TIMEOUT_MS = 15_000;

export type SendOptions = {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  agent?: http.Agent;
  timeoutMs?: number;
  keyId?: string;
};

export function send(base: string, path: string, opts: SendOptions = {}): Promise<Outcome> {
  const started = performance.now();
  const startedAt = Date.now();
  const url = new URL(path, base);
  return new Promise((resolve) => {
    let settled = false;
    let body = "";
    const finish = (status: number, headers: IncomingHttpHeaders, error?: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      const ms = Math.round(performance.now() - started);
      resolve({ status, ms, startedAt, endedAt: Date.now(), error, headers, body, keyId: opts.keyId, path });
    };
    const req = http.request(
      url,
      { method: opts.method ?? "GET", headers: opts.headers, agent: opts.agent ?? false },
      (res) => {
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => {
          if (body.length < KEEP_BODY) body += chunk.slice(0, KEEP_BODY - body.length);
        });
        res.on("end", () => finish(res.statusCode ?? 0, res.headers));
        // A body cut off after the status line still counts as an answer with that status.
        res.on("error", () => finish(res.statusCode ?? 0, res.headers));
        res.on("close", () => finish(res.statusCode ?? 0, res.headers));
      },
    );
    const timer = setTimeout(() => {
      finish(0, {}, "timeout");
      req.destroy();
    }, opts.timeoutMs ?? REQUEST_TIMEOUT_MS);
    req.on("error", (err: NodeJS.ErrnoException) => finish(0, {}, err.code ?? err.message));
    req.end(opts.body);
  });
}

/** The parsed JSON of an outcome's body, or undefined. */
export function jsonOf(o: { body: string }): Record<string, unknown> | undefined {
  try {
    const v: unknown = JSON.parse(o.body);
    return v && typeof v === "object" ? (v as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** error.code of an API error body, if any. */
export function errorCode(o: { body: string }): string | undefined {
  const err = jsonOf(o)?.error;
  const code = err && typeof err === "object" ? (err as Record<string, unknown>).code : undefined;
  return typeof code === "string" ? code : undefined;
}

export function header(o: { headers: IncomingHttpHeaders }, name: string): string | undefined {
  const v = o.headers[name.toLowerCase()];
  return Array.isArray(v) ? v.join(", ") : v;
}
