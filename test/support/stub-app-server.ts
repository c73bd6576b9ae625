// The production server layer (lib/api/app-server.ts) in its own process, as server.ts runs it,
// around a stand-in for Next's handler that reads bodies the way Next and the routes do: a POST
// through lib/api/handle.ts with readCappedText (413 past the cap, 503 past the deadline), any
// other method's body read to its end and ignored. A separate process, so clients and server
// do not share one event loop's timing. Prints `port N` when listening; on
// SIGTERM drains as server.ts does, prints `handled <json list of request ids>` and exits.
import { once } from "node:events";
import { Readable } from "node:stream";
import { setTimeout as sleep } from "node:timers/promises";
import { createAppServer } from "../../lib/api/app-server";
import { readCappedText } from "../../lib/api/body";
import { handle } from "../../lib/api/handle";

const handled: string[] = [];

const made = createAppServer(
  async (req, res) => {
    const url = new URL(req.url ?? "/", "http://stub");
    handled.push(url.searchParams.get("id") ?? url.pathname);
    if (url.pathname === "/slow") await sleep(Number(url.searchParams.get("ms") ?? 200));
    if (req.method === "POST" || req.method === "PUT") {
      const web = new Request(`http://stub${req.url}`, {
        method: req.method,
        headers: req.headers as Record<string, string>,
        body: Readable.toWeb(req) as ReadableStream<Uint8Array>,
        duplex: "half",
      } as RequestInit);
      // As a route does: the shared scaffolding (its deadline, error shape, logging) around a
      // capped read of the body.
      const answer = await handle(web, undefined, async () => {
        const text = await readCappedText(web);
        return { body: { url: req.url, bytes: Buffer.byteLength(text), body: text } };
      });
      res.writeHead(answer.status, Object.fromEntries(answer.headers));
      return void res.end(await answer.text());
    }
    for await (const _ of req); // Next reads a body it has no use for to its end
    res.writeHead(200, { "Content-Type": "application/json" });
    res.end(JSON.stringify({ path: url.pathname, url: req.url }));
  },
  { hsts: false, refuseUpgrades: true },
);
made.server.listen(0, "127.0.0.1");
await once(made.server, "listening");
process.stdout.write(`port ${(made.server.address() as { port: number }).port}\n`);
process.on("SIGTERM", async () => {
  await made.drain(10_000);
  // Exits once the list is out: a pipe is written asynchronously.
  process.stdout.write(`handled ${JSON.stringify(handled)}\n`, () => process.exit(0));
});
