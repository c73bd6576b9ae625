// The production HTTP server around Next's request handler (server.ts): it stamps each
// request's peer address, answers what Next must not see (lib/api/preflight.ts) and protocol
// errors in the API's JSON shape, and drains cleanly on shutdown.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { Socket } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { log } from "../log";
import { PEER_HEADER, peerHeaderValue } from "../net/client-ip";
import { type RequestScope, runInRequestScope } from "../request-scope";
import { type Answer, isApiPath, jsonAnswer, preflight, protocolErrorAnswer } from "./preflight";

type Handler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

function send(res: ServerResponse, answer: Answer): void {
  res.writeHead(answer.status, { ...answer.headers, Connection: "close" });
  res.end(answer.body);
}

function sendOnSocket(socket: Socket, answer: Answer): void {
  const head = Object.entries({ ...answer.headers, "Content-Length": String(Buffer.byteLength(answer.body)) })
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join("");
  const reasons: Record<number, string> = { 408: "Request Timeout", 431: "Request Header Fields Too Large" };
  socket.end(
    `HTTP/1.1 ${answer.status} ${reasons[answer.status] ?? "Bad Request"}\r\n${head}Connection: close\r\n\r\n${answer.body}`,
  );
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

export function createAppServer(handle: Handler, opts: { hsts: boolean }) {
  const live = new Set<ServerResponse>();
  let draining = false;

  const server = createServer((req, res) => {
    // Always overwritten: a client cannot choose its own rate-limit bucket.
    req.headers[PEER_HEADER] = peerHeaderValue(req.socket.remoteAddress ?? "unknown");
    if (opts.hsts) res.setHeader("Strict-Transport-Security", "max-age=63072000; includeSubDomains");
    // While draining, every answer closes its connection, so keep-alive clients move on.
    if (draining) res.setHeader("Connection", "close");
    const early = preflight({
      method: req.method ?? "GET",
      url: req.url ?? "/",
      contentLength: req.headers["content-length"],
      transferEncoding: req.headers["transfer-encoding"],
    });
    if (early) return send(res, early);
    live.add(res);
    res.on("close", () => live.delete(res));
    const run = () =>
      handle(req, res).catch((err: unknown) => {
        log.error("request handler failed", { error: String(err) });
        if (!res.headersSent) send(res, jsonAnswer("internal_error", "Something went wrong on our side."));
        else res.destroy();
      });
    // API routes choose their own status; only pages need a scope to ask for a 503 in.
    if (isApiPath((req.url ?? "/").split("?", 1)[0] ?? "/")) return void run();
    const scope: RequestScope = { unavailable: false };
    answerUnavailableAs503(res, scope);
    void runInRequestScope(scope, run);
  });
  server.keepAliveTimeout = 65_000;

  // Node answers these itself with an empty body; ours carry the JSON error shape.
  server.on("clientError", (err: NodeJS.ErrnoException, socket: Socket) => {
    // Nothing to add once an answer on this socket has begun (Node's own handler checks this too).
    const started = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage
      ?.headersSent;
    if (err.code === "ECONNRESET" || !socket.writable || started) return socket.destroy();
    sendOnSocket(socket, protocolErrorAnswer(err.code));
  });

  /**
   * Stops accepting, lets requests in flight finish with `Connection: close`, closes idle
   * keep-alive connections as they become idle, and after `graceMs` closes whatever is left.
   */
  async function drain(graceMs: number): Promise<void> {
    draining = true;
    for (const res of live) if (!res.headersSent) res.setHeader("Connection", "close");
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    const sweep = setInterval(() => server.closeIdleConnections(), 100);
    const done = await Promise.race([closed.then(() => true), sleep(graceMs).then(() => false)]);
    clearInterval(sweep);
    if (!done) {
      log.warn("shutdown grace period over; closing the connections left", { open: live.size });
      server.closeAllConnections();
    }
  }

  return { server, drain };
}
