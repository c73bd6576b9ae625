// The production server layer (lib/api/app-server.ts) in its own process, as server.ts runs it,
// around a stand-in for Next's handler that reads bodies the way the routes do (a Web Request
// read with readCappedText, 413 with `Connection: close` past the cap). A separate process, so
// clients and server do not share one event loop's timing. Prints `port N` when listening; on
// SIGTERM drains as server.ts does, prints `handled <json list of request ids>` and exits.
import { once } from "node:events";
import { Readable } from "node:stream";
import { setTimeout as sleep } from "node:timers/promises";
import { createAppServer } from "../../lib/api/app-server";
import { readCappedText } from "../../lib/api/body";
import { ApiError } from "../../lib/api/errors";

const handled: string[] = [];

const made = createAppServer(
  async (req, res) => {
    const url = new URL(req.url ?? "/", "http://stub");
    handled.push(url.searchParams.get("id") ?? url.pathname);
    if (url.pathname === "/slow") await sleep(Number(url.searchParams.get("ms") ?? 200));
    let body = "";
    if (req.method === "POST" || req.method === "PUT") {
      const web = new Request(`http://stub${req.url}`, {
        method: req.method,
        headers: req.headers as Record<string, string>,
        body: Readable.toWeb(req) as ReadableStream<Uint8Array>,
        duplex: "half",
      } as RequestInit);
      try {
        body = await readCappedText(web);
      } catch (err) {
        if (!(err instanceof ApiError)) throw err;
        res.writeHead(err.status, { "Content-Type": "application/json", ...err.options.headers });
        return void res.end(JSON.stringify(err.body("stub")));
      }
    }
    res.writeHead(200, { "Content-Type": "application/json" });
    res.end(JSON.stringify({ path: url.pathname, url: req.url, bytes: Buffer.byteLength(body), body }));
  },
  { hsts: false },
);
made.server.listen(0, "127.0.0.1");
await once(made.server, "listening");
process.stdout.write(`port ${(made.server.address() as { port: number }).port}\n`);
process.on("SIGTERM", async () => {
  await made.drain(10_000);
  process.stdout.write(`handled ${JSON.stringify(handled)}\n`);
  process.exit(0);
});
