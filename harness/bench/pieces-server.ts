// One server for npm run bench:pieces (harness/bench/pieces.ts): Next's programmatic request
// handler for the app in --dir, with the per-request steps of lib/api/app-server.ts switched on
// one at a time (--pieces, in the order app-server runs them), or the real createAppServer
// (--pieces app-server). Bundled to plain JavaScript before it runs, as server.ts is.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { parseArgs } from "node:util";
import next from "next";
import { apiVary, createAppServer } from "../../lib/api/app-server";
import { announcesBody } from "../../lib/api/body-gate";
import { trackConnections } from "../../lib/api/connections";
import { isApiPath, preflight } from "../../lib/api/preflight";
import { originForm } from "../../lib/api/request-target";
import { PEER_HEADER, peerHeaderValue } from "../../lib/net/client-ip";

const { values } = parseArgs({
  options: {
    dir: { type: "string", default: "." },
    port: { type: "string", default: "3000" },
    pieces: { type: "string", default: "" },
    // MB of small long-lived objects, for a heap the size of the app's around a bare app.
    ballast: { type: "string", default: "0" },
  },
});
const on = new Set(values.pieces.split(",").filter(Boolean));

/** The pieces, in the order app-server.ts runs them (each is measured with all before it). */
export const PIECES = [
  "async",
  "connections",
  "peer",
  "target",
  "preflight",
  "live",
  "vary",
  "body",
] as const;

const ballast: unknown[] = [];
for (let mb = 0; mb < Number(values.ballast); mb++)
  ballast.push(Array.from({ length: 16_384 }, (_, i) => ({ i, s: `x${i}` })));
(globalThis as { ballast?: unknown[] }).ballast = ballast;

const app = next({ dev: false, dir: values.dir, port: Number(values.port) });
await app.prepare();
const handle = app.getRequestHandler();
const run = (req: IncomingMessage, res: ServerResponse) => handle(req, res);

function stripVary(res: ServerResponse): void {
  const writeHead = res.writeHead.bind(res) as (status: number, ...rest: unknown[]) => ServerResponse;
  res.writeHead = ((status: number, ...rest: unknown[]) => {
    const vary = res.getHeader("vary");
    if (vary === undefined) return writeHead(status, ...rest);
    const kept = apiVary(String(vary));
    if (kept) res.setHeader("Vary", kept);
    else res.removeHeader("Vary");
    return writeHead(status, ...rest);
  }) as ServerResponse["writeHead"];
}

function build() {
  if (on.has("app-server")) return createAppServer(run, { hsts: false }).server;
  const live = new Set<ServerResponse>();
  let connections: ReturnType<typeof trackConnections> | undefined;
  const steps = (req: IncomingMessage, res: ServerResponse): boolean => {
    if (connections && !connections.begin(req, res)) return false;
    if (on.has("peer")) req.headers[PEER_HEADER] = peerHeaderValue(req.socket.remoteAddress ?? "unknown");
    const method = req.method ?? "GET";
    let target = req.url ?? "/";
    if (on.has("target")) {
      const t = originForm(method, target, req.headers.host);
      if (typeof t !== "string") return false;
      target = t;
      req.url = t;
    }
    if (on.has("preflight")) {
      const early = preflight({
        method,
        url: target,
        contentLength: req.headers["content-length"],
        transferEncoding: req.headers["transfer-encoding"],
      });
      if (early) return false;
    }
    if (on.has("live")) {
      live.add(res);
      res.on("close", () => live.delete(res));
    }
    if (on.has("vary")) stripVary(res);
    return true;
  };
  // As app-server: an async function that awaits the body gate (a microtask even without a body).
  const gate = async (req: IncomingMessage, target: string) => {
    isApiPath(target.split("?", 1)[0] ?? "/");
    return announcesBody(req) ? "refused" : null;
  };
  const server = on.has("async")
    ? createServer((req, res) => {
        (async () => {
          if (!steps(req, res)) return;
          if (on.has("body") && (await gate(req, req.url ?? "/"))) return;
          void run(req, res).catch(() => res.destroy());
        })().catch(() => res.destroy());
      })
    : createServer((req, res) => {
        if (steps(req, res)) void run(req, res);
      });
  if (on.has("connections")) connections = trackConnections(server);
  server.keepAliveTimeout = 65_000;
  return server;
}

// Exits on SIGTERM (so that --cpu-prof writes its profile).
process.on("SIGTERM", () => process.exit(0));
build().listen(Number(values.port), "127.0.0.1", () => console.log(`> ready on ${values.port}`));
