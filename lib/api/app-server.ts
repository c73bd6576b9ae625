// The production HTTP server around Next's request handler (server.ts): it stamps each
// request's peer address, answers what Next must not see (lib/api/preflight.ts,
// lib/api/request-target.ts) and protocol errors in the API's JSON shape, receives every body
// under the cap before Next does (lib/api/body-gate.ts), closes connections without resetting
// what a client is still sending (lib/api/linger.ts), and drains cleanly on shutdown.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { Socket } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { log } from "../core/log";
import { type RequestScope, runInRequestScope } from "../core/request-scope";
import { PEER_HEADER, peerHeaderValue } from "../net/client-ip";
import { BODY_LIMIT_BYTES } from "./body";
import { announcesBody, holdBody } from "./body-gate";
import { QUIET_MS, trackConnections } from "./connections";
import { isLingering, lingerClose } from "./linger";
import { type Answer, htmlAnswer, isApiPath, jsonAnswer, preflight, protocolErrorAnswer } from "./preflight";
import { originForm } from "./request-target";

type Handler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

/** Answers and closes the connection (lingering, so a body still coming does not reset it). */
function send(res: ServerResponse, answer: Answer): void {
  const length = String(Buffer.byteLength(answer.body));
  res.writeHead(answer.status, { ...answer.headers, "Content-Length": length, Connection: "close" });
  res.end(answer.body);
}

const REASONS: Record<number, string> = {
  400: "Bad Request",
  408: "Request Timeout",
  413: "Content Too Large",
  431: "Request Header Fields Too Large",
};

function sendOnSocket(socket: Socket, answer: Answer): void {
  const head = Object.entries({ ...answer.headers, "Content-Length": String(Buffer.byteLength(answer.body)) })
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join("");
  socket.write(
    `HTTP/1.1 ${answer.status} ${REASONS[answer.status] ?? "Bad Request"}\r\n${head}Connection: close\r\n\r\n${answer.body}`,
  );
  lingerClose(socket);
}

/** A page that marked its request unavailable goes out as a 503 with Retry-After. */
function answerUnavailableAs503(res: ServerResponse, scope: RequestScope): void {
  const writeHead = res.writeHead.bind(res) as (status: number, ...rest: unknown[]) => ServerResponse;
  const replaced = (status: number, ...rest: unknown[]) => {
    if (!scope.unavailable || status >= 300) return writeHead(status, ...rest);
    res.setHeader("Retry-After", "5");
    res.setHeader("Cache-Control", "no-store");
    return writeHead(503, ...rest);
  };
  res.writeHead = replaced as ServerResponse["writeHead"];
}

/**
 * Next marks every app route's answer as varying on its client router's request headers (for
 * its pages' payloads). API answers never depend on them; a cache keyed on them would only split
 * for nothing. What an API answer does vary on (X-API-Key, set by the keyed wrapper;
 * Accept-Encoding when compressed) stays.
 */
const ROUTER_HEADERS = new Set([
  "rsc",
  "next-router-state-tree",
  "next-router-prefetch",
  "next-router-segment-prefetch",
  "next-url",
]);

/** A Vary value without Next's router headers; null when nothing is left. */
export function apiVary(value: string): string | null {
  const kept = value
    .split(",")
    .map((t) => t.trim())
    .filter((t) => t && !ROUTER_HEADERS.has(t.toLowerCase()));
  return kept.length ? [...new Set(kept)].join(", ") : null;
}

/** Rewrites Vary as the answer's head goes out (Next appends its own after the route's). */
function stripRouterVary(res: ServerResponse): void {
  const writeHead = res.writeHead.bind(res) as (status: number, ...rest: unknown[]) => ServerResponse;
  const replaced = (status: number, ...rest: unknown[]) => {
    const vary = res.getHeader("vary");
    if (vary !== undefined) {
      const kept = apiVary(Array.isArray(vary) ? vary.join(", ") : String(vary));
      if (kept) res.setHeader("Vary", kept);
      else res.removeHeader("Vary");
    }
    return writeHead(status, ...rest);
  };
  res.writeHead = replaced as ServerResponse["writeHead"];
}

/** What to answer when a body was not received whole, or null to go on. */
async function receiveBody(req: IncomingMessage, api: boolean): Promise<Answer | "gone" | null> {
  if (!announcesBody(req)) return null;
  const outcome = await holdBody(req, BODY_LIMIT_BYTES);
  if (outcome === "complete") return null;
  if (outcome === "aborted") return "gone";
  if (outcome === "too_large") {
    return api
      ? jsonAnswer("payload_too_large", `The request body is larger than ${BODY_LIMIT_BYTES} bytes.`)
      : htmlAnswer(413, "Too large", "This request's body is larger than this server accepts.");
  }
  return api
    ? jsonAnswer("request_timeout", "The request body was not received in time.")
    : htmlAnswer(408, "Request timeout", "The request was not received in time.");
}

export function createAppServer(handle: Handler, opts: { hsts: boolean }) {
  const live = new Set<ServerResponse>();
  let draining = false;

  async function serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (!connections.begin(req, res)) return;
    // Always overwritten: a client cannot choose its own rate-limit bucket.
    req.headers[PEER_HEADER] = peerHeaderValue(req.socket.remoteAddress ?? "unknown");
    if (opts.hsts) res.setHeader("Strict-Transport-Security", "max-age=63072000; includeSubDomains");
    // While draining, every answer closes its connection, so keep-alive clients move on.
    if (draining) res.setHeader("Connection", "close");
    const method = req.method ?? "GET";
    const target = originForm(method, req.url ?? "/", req.headers.host);
    if (typeof target !== "string") return send(res, target);
    req.url = target;
    const early = preflight({
      method,
      url: target,
      contentLength: req.headers["content-length"],
      transferEncoding: req.headers["transfer-encoding"],
    });
    if (early) return send(res, early);
    live.add(res);
    res.on("close", () => live.delete(res));
    const api = isApiPath(target.split("?", 1)[0] ?? "/");
    const refused = await receiveBody(req, api);
    if (refused === "gone") return;
    if (refused) return send(res, refused);
    const run = () =>
      handle(req, res).catch((err: unknown) => {
        log.error("request handler failed", { error: String(err) });
        if (!res.headersSent) send(res, jsonAnswer("internal_error", "Something went wrong on our side."));
        else res.destroy();
      });
    // API routes choose their own status; only pages need a scope to ask for a 503 in.
    if (api) {
      stripRouterVary(res);
      return void run();
    }
    const scope: RequestScope = { unavailable: false };
    answerUnavailableAs503(res, scope);
    void runInRequestScope(scope, run);
  }

  const server = createServer((req, res) => {
    serve(req, res).catch((err: unknown) => {
      log.error("request failed before its handler", { error: String(err) });
      if (!res.headersSent) send(res, jsonAnswer("internal_error", "Something went wrong on our side."));
      else res.destroy();
    });
  });
  const connections = trackConnections(server);
  // `Expect: 100-continue`: the client waits before sending its body; a body the cap refuses is
  // answered (413) without inviting it. Node would send the 100 at once.
  server.on("checkContinue", (req: IncomingMessage, res: ServerResponse) => {
    if (Number(req.headers["content-length"] ?? 0) <= BODY_LIMIT_BYTES) res.writeContinue();
    server.emit("request", req, res);
  });
  server.keepAliveTimeout = 65_000;

  // Node answers these itself with an empty body; ours carry the JSON error shape.
  server.on("clientError", (err: NodeJS.ErrnoException, socket: Socket) => {
    // Already answered and closing: the parser keeps failing on the rest of what arrives.
    if (isLingering(socket)) return;
    // Nothing to add once an answer on this socket has begun (Node's own handler checks this too).
    const started = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage
      ?.headersSent;
    if (err.code === "ECONNRESET" || !socket.writable || started) return socket.destroy();
    sendOnSocket(socket, protocolErrorAnswer(err.code));
  });

  /**
   * Stops accepting, lets requests in flight (and requests already sent on open connections)
   * finish with `Connection: close`, closes idle keep-alive connections as they become idle,
   * and after `graceMs` closes whatever is left.
   */
  async function drain(graceMs: number): Promise<void> {
    draining = true;
    for (const res of live) if (!res.headersSent) res.setHeader("Connection", "close");
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    const sweep = setInterval(() => server.closeIdleConnections(), QUIET_MS / 2);
    const done = await Promise.race([closed.then(() => true), sleep(graceMs).then(() => false)]);
    clearInterval(sweep);
    if (!done) {
      log.warn("shutdown grace period over; closing the connections left", { open: connections.size() });
      server.closeAllConnections();
    }
  }

  return { server, drain };
}
