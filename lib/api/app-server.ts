// The production HTTP server around Next's request handler (server.ts): it stamps each
// request's peer address, answers what Next must not see (lib/api/preflight.ts,
// lib/api/request-target.ts) and protocol errors in the API's JSON shape, receives every body
// under the cap before Next does (lib/api/body-gate.ts), closes connections without resetting
// what a client is still sending (lib/api/linger.ts), and drains cleanly on shutdown.
import { createServer, type IncomingMessage, ServerResponse } from "node:http";
import type { Socket } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { log } from "../core/log";
import { type RequestScope, runInRequestScope } from "../core/request-scope";
import { PEER_HEADER, peerHeaderValue } from "../net/client-ip";
import { bodyLimitOf } from "./body";
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

// The routes send a handful of distinct Vary values: each is rewritten once. Bounded, in case a
// route ever varied on something unbounded.
const varyMemo = new Map<string, string | null>();
function memoApiVary(value: string): string | null {
  let kept = varyMemo.get(value);
  if (kept === undefined) {
    kept = apiVary(value);
    if (varyMemo.size < 64) varyMemo.set(value, kept);
  }
  return kept;
}

type WriteHead = (status: number, ...rest: unknown[]) => ServerResponse;

/**
 * Every answer's class: its head goes out through writeHead (Node calls it for an implicit head
 * too), where an API answer's Vary loses Next's router headers, and a page that marked its
 * request unavailable becomes a 503 with Retry-After. A class rather than a writeHead replaced
 * on each answer: no closure per request, and every answer keeps one shape.
 */
class AppResponse extends ServerResponse {
  /** Set for API paths. */
  api = false;
  /** Set for pages: where a page marks its request unavailable. */
  scope: RequestScope | null = null;

  override writeHead(status: number, ...rest: unknown[]): this {
    if (this.api) {
      const vary = this.getHeader("vary");
      if (vary !== undefined) {
        const kept = memoApiVary(Array.isArray(vary) ? vary.join(", ") : String(vary));
        if (kept) this.setHeader("Vary", kept);
        else this.removeHeader("Vary");
      }
    } else if (this.scope?.unavailable && status < 300) {
      this.setHeader("Retry-After", "5");
      this.setHeader("Cache-Control", "no-store");
      status = 503;
    }
    return (super.writeHead as WriteHead).call(this, status, ...rest) as this;
  }
}

/** What to answer when a body was not received whole, or null to go on. */
async function receiveBody(req: IncomingMessage, api: boolean): Promise<Answer | "gone" | null> {
  const limit = bodyLimitOf(req.url);
  const outcome = await holdBody(req, limit);
  if (outcome === "complete") return null;
  if (outcome === "aborted") return "gone";
  if (outcome === "too_large") {
    return api
      ? jsonAnswer("payload_too_large", `The request body is larger than ${limit} bytes.`)
      : htmlAnswer(413, "Too large", "This request's body is larger than this server accepts.");
  }
  return api
    ? jsonAnswer("request_timeout", "The request body was not received in time.")
    : htmlAnswer(408, "Request timeout", "The request was not received in time.");
}

export function createAppServer(handle: Handler, opts: { hsts: boolean; refuseUpgrades?: boolean }) {
  const live = new Set<ServerResponse>();
  let draining = false;

  const failed = (res: ServerResponse, what: string) => (err: unknown) => {
    log.error(what, { error: String(err) });
    if (!res.headersSent) send(res, jsonAnswer("internal_error", "Something went wrong on our side."));
    else res.destroy();
  };

  /** Hands the request to Next; pages run in a scope where they can ask for a 503. */
  function run(req: IncomingMessage, res: AppResponse, api: boolean): void {
    if (api) {
      res.api = true;
      handle(req, res).catch(failed(res, "request handler failed"));
      return;
    }
    const scope: RequestScope = { unavailable: false };
    res.scope = scope;
    void runInRequestScope(scope, () => handle(req, res).catch(failed(res, "request handler failed")));
  }

  /** A request with a body: Next sees it once all of it is in, under the cap. */
  async function withBody(req: IncomingMessage, res: AppResponse, api: boolean): Promise<void> {
    const refused = await receiveBody(req, api);
    if (refused === "gone") return;
    if (refused) return send(res, refused);
    run(req, res, api);
  }

  // Synchronous up to Next's handler: a request without a body (nearly all of them) costs no
  // promise or microtask of ours.
  function serve(req: IncomingMessage, res: AppResponse): void {
    if (!connections.begin(req, res)) return;
    // Always overwritten: a client cannot choose its own rate-limit bucket.
    req.headers[PEER_HEADER] = peerHeaderValue(req.socket.remoteAddress ?? "unknown");
    if (opts.hsts) res.setHeader("Strict-Transport-Security", "max-age=63072000; includeSubDomains");
    // While draining, every answer closes its connection, so keep-alive clients move on.
    if (draining) res.setHeader("Connection", "close");
    const method = req.method ?? "GET";
    const target = originForm(method, req.url ?? "/", req.headers.host);
    if (typeof target !== "string") {
      send(res, target);
      return;
    }
    req.url = target;
    const early = preflight({
      method,
      url: target,
      contentLength: req.headers["content-length"],
      transferEncoding: req.headers["transfer-encoding"],
      routerState: req.headers["next-router-state-tree"],
      rsc: req.headers.rsc,
    });
    if (early) {
      send(res, early);
      return;
    }
    live.add(res);
    res.on("close", () => live.delete(res));
    const api = isApiPath(target.split("?", 1)[0] ?? "/");
    if (announcesBody(req))
      void withBody(req, res, api).catch(failed(res, "request failed before its handler"));
    else run(req, res, api);
  }

  // Node makes every answer with the class given here (AppResponse's constructor takes what
  // ServerResponse's does).
  const server = createServer(
    { ServerResponse: AppResponse as unknown as typeof ServerResponse },
    (req, res) => {
      try {
        serve(req, res as AppResponse);
      } catch (err) {
        failed(res, "request failed before its handler")(err);
      }
    },
  );
  const connections = trackConnections(server);
  // `Expect: 100-continue`: the client waits before sending its body; a body the cap refuses is
  // answered (413) without inviting it. Node would send the 100 at once.
  server.on("checkContinue", (req: IncomingMessage, res: ServerResponse) => {
    if (Number(req.headers["content-length"] ?? 0) <= bodyLimitOf(req.url)) res.writeContinue();
    server.emit("request", req, res);
  });
  // Another expectation than 100-continue: the request is served as if none were sent (which
  // HTTP allows), not answered with Node's bare 417.
  server.on("checkExpectation", (req: IncomingMessage, res: ServerResponse) =>
    server.emit("request", req, res),
  );
  server.keepAliveTimeout = 65_000;
  // Nothing here switches protocols (development's hot reload does, so it keeps them): without
  // an answer the socket would be held open, with no timeout, until the client gives up.
  if (opts.refuseUpgrades)
    server.on("upgrade", (_req: IncomingMessage, socket: Socket) =>
      sendOnSocket(
        socket,
        jsonAnswer("bad_request", "This server does not switch protocols (no WebSocket)."),
      ),
    );

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
